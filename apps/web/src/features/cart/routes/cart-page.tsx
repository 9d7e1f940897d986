import { useMutationState } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { QUANTITY_MAX } from '@tienda/shared/constants';
import { maxQuantity, overStockNote } from '@tienda/shared/quantity';
import { cartItemCount, orderFigures } from '@tienda/shared/cart-totals';
import { ERRORS, VALIDATION } from '@tienda/shared/messages';
import { formatLempiras, LOCAL_DELIVERY_FEE_TEXT, NATIONAL_DELIVERY_FEE_TEXT } from '@tienda/shared/pricing';
import { CartIcon, TrashIcon, TruckIcon } from '../../../components/ui/icons';
import { ProductImage } from '../../../components/ui/product-image';
import { QuantitySelector } from '../../../components/ui/quantity-selector';
import { Skeleton, SkeletonBars, SkeletonScreen } from '../../../components/ui/skeleton';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { RequireLogin } from '../../../components/require-login';
import { useCart, type CartLine } from '../../../lib/api/cart';
import { CART_LINE_REMOVE_KEY, useRemoveFromCart } from '../api/remove-from-cart';
import { CART_LINE_STEP_KEY, useStepCartQuantity, type CartLineStep } from '../api/update-cart-quantity';
import { cn } from '../../../lib/class-names';
import { countOf } from '@tienda/shared/plural';

/** spec §2 /MiCarrito. */
export function Component() {
  useDocumentTitle('Mi carrito');
  // spec §6: no token → 'Debes iniciar sesión para ver tu carrito'; a token without a valid user id → 'Usuario inválido'.
  return (
    <RequireLogin missingMessage={ERRORS.loginToSeeCart} invalidMessage={ERRORS.invalidUser}>
      {(userId) => <CartView userId={userId} />}
    </RequireLogin>
  );
}

const lineHref = (line: CartLine) =>
  line.type === 'product' ? `/producto/${line.productId}` : `/combo/${line.comboId}`;

/** The ids of the lines with a step or a removal in flight: each stays busy until its own answer comes. */
function useLinesInFlight(): Set<number> {
  const pending = 'pending' as const;
  const stepping = useMutationState({
    filters: { mutationKey: CART_LINE_STEP_KEY, status: pending },
    select: (mutation) => (mutation.state.variables as CartLineStep).line.id,
  });
  const removing = useMutationState({
    filters: { mutationKey: CART_LINE_REMOVE_KEY, status: pending },
    select: (mutation) => (mutation.state.variables as CartLine).id,
  });
  return new Set([...stepping, ...removing]);
}

function CartView({ userId }: { userId: number }) {
  const cart = useCart();
  const navigate = useNavigate();
  const step = useStepCartQuantity(userId);
  const remove = useRemoveFromCart(userId);
  const linesInFlight = useLinesInFlight();
  const lines = cart.data ?? [];

  if (cart.isPending) return <CartSkeleton />;
  // spec §2/§8: an empty or failed cart shows the empty view; a failure adds 'No se pudo cargar el carrito'.
  if (cart.isError || lines.length === 0) return <EmptyCart failed={cart.isError} />;

  // spec §2: the fee is worked out at checkout, once a city is chosen.
  const { subtotal } = orderFigures(lines, null);
  const units = cartItemCount(lines);
  const pay = () => {
    // spec §5: paying with an empty cart warns 'Tu carrito está vacío'.
    if (lines.length === 0) {
      toast.warn(VALIDATION.cartEmpty);
      return;
    }
    navigate('/pagar');
  };

  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 pb-4 sm:pt-10">
      <h1 className="font-display text-3xl font-bold text-ink sm:text-4xl">Mi carrito</h1>
      <p className="mt-1 text-ink-soft">{countOf(units, 'artículo listo', 'artículos listos')} para llevar a casa.</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-8">
        <ul className="flex flex-col gap-3" aria-label="Artículos en tu carrito">
          {lines.map((line) => {
            const busy = linesInFlight.has(line.id);
            // A line already above today's stock keeps its quantity; + stays off until it drops below, and a note
            // under it says what to do.
            const max = maxQuantity(Math.max(line.stock ?? QUANTITY_MAX, line.quantity));
            const overStock = line.stock === undefined ? null : overStockNote(line.quantity, line.stock);
            return (
              <li
                key={line.id}
                className="card flex gap-3 p-3 sm:gap-5 sm:p-4"
                data-testid="cart-line"
                aria-busy={busy}
              >
                {/* In pixels, as its picture's sizes say: larger text leaves the picture as it is and the words the room. */}
                <Link
                  to={lineHref(line)}
                  tabIndex={-1}
                  aria-hidden="true"
                  className="w-[80px] shrink-0 self-start overflow-hidden rounded-xl bg-white sm:w-[112px]"
                >
                  <ProductImage src={line.imageUrl} alt="" sizes="(min-width: 640px) 112px, 80px" />
                </Link>
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  {/* The subtotal moves under the name rather than squeeze it to a letter a line (larger text). */}
                  <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                    <div className="min-w-24 flex-1">
                      {line.type === 'combo' && (
                        <span className="mb-1 inline-block rounded-full bg-lavender px-2 py-0.5 text-xs font-bold text-[#4a2f8a]">
                          Combo
                        </span>
                      )}
                      <h2 className="font-display text-base leading-snug font-semibold text-ink sm:text-lg">
                        <Link to={lineHref(line)} className="rounded hover:text-brand" data-testid="cart-line-name">
                          {line.name}
                        </Link>
                      </h2>
                      <p className="text-sm text-ink-soft" data-testid="cart-line-price">
                        {line.listPrice > line.price ? (
                          // Discounted: the price before it struck through, as the shop's cards show it.
                          <>
                            <s className="mr-1.5">
                              <span className="sr-only">Antes </span>
                              {formatLempiras(line.listPrice)}
                            </s>
                            <span className="font-semibold text-coral">
                              <span className="sr-only">Ahora </span>
                              {formatLempiras(line.price)}
                            </span>
                          </>
                        ) : (
                          formatLempiras(line.price)
                        )}{' '}
                        c/u
                      </p>
                    </div>
                    <p
                      className="shrink-0 font-display text-lg font-semibold text-ink"
                      data-testid="cart-line-subtotal"
                    >
                      <span className="sr-only">Subtotal: </span>
                      {formatLempiras(line.subtotal)}
                    </p>
                  </div>
                  <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
                    <QuantitySelector
                      value={line.quantity}
                      onChange={(value) =>
                        step.mutate({ line, step: value > line.quantity ? 'increment' : 'decrement' })
                      }
                      max={max}
                      label={line.name}
                      size="sm"
                      disabled={busy}
                    />
                    <button
                      type="button"
                      className={cn(
                        'inline-flex min-h-11 items-center gap-1.5 rounded-full px-2',
                        'font-bold text-danger sm:px-3 transition',
                        'hover:bg-coral-light disabled:opacity-60',
                      )}
                      onClick={() => remove.mutate(line)}
                      disabled={busy}
                      aria-label={`Eliminar ${line.name}`}
                    >
                      <TrashIcon size={18} />
                      Eliminar
                    </button>
                  </div>
                  {overStock && (
                    <p className="text-sm font-semibold text-danger" data-testid="cart-line-over-stock">
                      {overStock}
                    </p>
                  )}
                </div>
              </li>
            );
          })}
        </ul>

        <aside aria-labelledby="resumen" className="card p-5 lg:sticky lg:top-32">
          <h2 id="resumen" className="font-display text-xl font-bold text-ink">
            Resumen de tu compra
          </h2>
          <dl className="mt-4 space-y-2">
            <div className="flex justify-between gap-3">
              <dt className="text-ink-soft">Subtotal</dt>
              <dd className="font-bold text-ink" data-testid="cart-subtotal">
                {formatLempiras(subtotal)}
              </dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-ink-soft">Envío</dt>
              <dd className="text-right text-sm text-ink-soft">Se calcula al pagar</dd>
            </div>
          </dl>
          <p className="mt-3 flex items-start gap-2 rounded-2xl bg-cream p-3 text-sm text-ink-soft">
            <TruckIcon size={18} className="mt-0.5 shrink-0 text-brand" />
            <span>
              Envío <strong className="text-ink">{LOCAL_DELIVERY_FEE_TEXT}</strong> en San Pedro Sula y{' '}
              <strong className="text-ink">{NATIONAL_DELIVERY_FEE_TEXT}</strong> al resto de Honduras.
            </span>
          </p>
          <button type="button" className="btn-accent mt-5 w-full text-lg" onClick={pay}>
            PAGAR AHORA
          </button>
          <Link to="/tienda" className="btn-ghost mt-2 w-full text-brand-dark">
            Seguir comprando
          </Link>
        </aside>
      </div>
    </div>
  );
}

function EmptyCart({ failed }: { failed: boolean }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <span className="inline-flex h-24 w-24 items-center justify-center rounded-full bg-sun-light text-coral">
        <CartIcon size={48} />
      </span>
      <h1 className="mt-6 font-display text-3xl font-bold text-ink">{VALIDATION.cartEmpty}</h1>
      {failed ? (
        <p role="alert" className="mt-3 font-semibold text-danger">
          {ERRORS.cartLoadFailed}
        </p>
      ) : (
        <p className="mt-3 text-ink-soft">Descubre juguetes que enseñan, calman y divierten.</p>
      )}
      <Link to="/tienda" className="btn-primary mt-8 px-8 text-lg">
        Ir a la tienda
      </Link>
    </div>
  );
}

function CartSkeleton() {
  return (
    <SkeletonScreen className="mx-auto max-w-6xl px-4 pt-6 sm:pt-10">
      <Skeleton className="h-10 w-48" />
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="card flex gap-3 p-3">
              <Skeleton className="h-24 w-24 shrink-0 rounded-xl" />
              <SkeletonBars className="flex-1 space-y-2" bars={['h-5 w-3/4', 'h-4 w-1/3', 'h-11 w-32 rounded-full']} />
            </div>
          ))}
        </div>
        <Skeleton className="h-64 w-full rounded-2xl" />
      </div>
    </SkeletonScreen>
  );
}
