import { Link } from 'react-router';
import { CartIcon } from '../../components/ui/icons';
import { cartItemCount } from '@tienda/shared/cart-totals';
import { useCart } from '../../lib/api/cart';
import { useSession } from '../../lib/session';
import { cn } from '../../lib/class-names';
import { countOf } from '@tienda/shared/plural';

/**
 * spec §2/§7: the cart icon to /MiCarrito; logged in, its badge sums the quantities above 0 (0 on error). Until the
 * cart has been read there is no badge: a 0 that turns into 7 a moment later tells a family their cart was emptied.
 */
export function CartLink() {
  const { userId } = useSession();
  const cart = useCart();
  const known = userId !== null && !cart.isPending;
  const count = known && !cart.isError ? cartItemCount(cart.data) : 0;
  const label = known ? `Carrito: ${countOf(count, 'artículo', 'artículos')}` : 'Carrito';
  return (
    <Link
      to="/MiCarrito"
      aria-label={label}
      title="Mi carrito"
      className="relative inline-flex h-11 w-11 items-center justify-center rounded-full text-brand-dark transition hover:bg-brand-light"
    >
      <CartIcon size={26} />
      {known && (
        <span
          data-testid="cart-count"
          aria-hidden="true"
          className={cn(
            'absolute -top-0.5 -right-0.5 min-w-5 rounded-full px-1',
            'text-center text-xs leading-5 font-bold',
            count > 0 ? 'bg-coral text-white' : 'bg-sand text-ink-soft',
          )}
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
