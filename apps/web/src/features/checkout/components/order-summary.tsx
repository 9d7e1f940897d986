import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { ERRORS, VALIDATION } from '@tienda/shared/messages';
import { formatLempiras } from '@tienda/shared/pricing';
import type { CartLine } from '@tienda/shared/cart';
import { orderFigures } from '@tienda/shared/cart-totals';
import { FormAlert } from '../../../components/ui/form-field';
import { LineItem } from '../../../components/ui/line-item';
import { Skeleton, SkeletonBars } from '../../../components/ui/skeleton';

/**
 * spec §2 /pagar: the lines and the totals; the delivery fee appears as soon as a city is chosen (spec §4).
 * `sentLines`: an order whose answer was lost, shown instead of the cart the server may have emptied by placing it.
 */
export function OrderSummary({
  cart,
  city,
  sentLines,
}: {
  cart: UseQueryResult<CartLine[]>;
  city: string;
  sentLines?: CartLine[];
}) {
  if (cart.isPending && !sentLines) {
    return (
      <div role="status" aria-label="Cargando tu carrito" className="grid gap-3">
        {[0, 1].map((n) => (
          <div key={n} className="flex items-center gap-3">
            <Skeleton className="size-14 rounded-xl" />
            <SkeletonBars className="grid flex-1 gap-2" bars={['h-4 w-3/4', 'h-3 w-1/3']} />
          </div>
        ))}
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  if (cart.isError && !sentLines) {
    return (
      <div className="grid justify-items-start gap-3">
        <FormAlert>{ERRORS.cartLoadFailed}</FormAlert>
        <button type="button" className="btn-secondary" onClick={() => cart.refetch()}>
          Reintentar
        </button>
      </div>
    );
  }
  const lines = sentLines ?? cart.data ?? [];
  if (lines.length === 0) {
    return (
      <div className="grid justify-items-center gap-3 rounded-2xl bg-cream px-4 py-6 text-center">
        <p className="font-display text-lg font-semibold text-ink">{VALIDATION.cartEmpty}</p>
        <Link to="/tienda" className="btn-secondary">
          Ir a la tienda
        </Link>
      </div>
    );
  }
  const figures = orderFigures(lines, city || null);
  return (
    <div className="grid gap-4">
      <ul className="divide-y divide-sand" aria-label="Artículos del pedido">
        {lines.map((line) => (
          <LineItem
            key={line.id}
            className="first:pt-0"
            imageUrl={line.imageUrl}
            name={line.name}
            detail={`${line.quantity} × ${formatLempiras(line.price)}`}
            amount={line.subtotal}
          />
        ))}
      </ul>
      {/* A row each, its amount under its name when both do not fit (large text): in a grid of two columns the
          names broke inside words ('Su/bto/tal') at 200 % on a 360-px phone. */}
      <dl className="grid gap-y-2 border-t border-sand pt-4" aria-live="polite">
        <div className={SUMMARY_ROW}>
          <dt className="text-ink-soft">Subtotal</dt>
          <dd className="ml-auto text-right text-ink" data-testid="checkout-subtotal">
            {formatLempiras(figures.subtotal)}
          </dd>
        </div>
        <div className={SUMMARY_ROW}>
          <dt className="text-ink-soft">Envío{city ? ` a ${city}` : ''}</dt>
          <dd className="ml-auto text-right text-ink" data-testid="checkout-delivery-fee">
            {figures.deliveryFee === null ? (
              <span className="text-sm text-ink-soft">Elige una ciudad</span>
            ) : (
              formatLempiras(figures.deliveryFee)
            )}
          </dd>
        </div>
        <div className={SUMMARY_ROW}>
          <dt className="font-bold text-ink">{figures.deliveryFee === null ? 'Total sin envío' : 'Total'}</dt>
          <dd className="ml-auto text-right font-display text-2xl font-semibold text-ink" data-testid="checkout-total">
            {formatLempiras(figures.total)}
          </dd>
        </div>
      </dl>
    </div>
  );
}

const SUMMARY_ROW = 'flex flex-wrap items-baseline justify-between gap-x-4';
