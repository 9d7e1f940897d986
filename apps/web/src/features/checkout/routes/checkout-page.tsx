import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { citiesOf, DEPARTMENT_NAMES, OTHER_CITY } from '@tienda/shared/geography';
import { ERRORS, VALIDATION, orderCreateFailed } from '@tienda/shared/messages';
import {
  ADDRESS_MAX,
  checkoutFormSchema,
  type CreateOrderPayload,
  DEFAULT_PAYMENT_METHOD,
  isShortStockMessage,
  ORDER_CONNECTION_LOST,
  ORDER_DETAILS_LOCKED,
  ORDER_OFFLINE,
  OTHER_CITY_ADDRESS_HINT,
  type OrderJson,
} from '@tienda/shared/orders';
import {
  DELIVERY_FEE_LOCAL_CENTS,
  DELIVERY_FEE_NATIONAL_CENTS,
  formatLempiras,
  fromCents,
  LOCAL_DELIVERY_CITY,
} from '@tienda/shared/pricing';
import { FormAlert, SelectField, TextAreaField, TextField, splitFormErrors } from '../../../components/ui/form-field';
import { BackNav } from '../../../components/ui/back-nav';
import { ApiError, outcomeUnknown } from '../../../lib/api-client';
import { RequireLogin } from '../../../components/require-login';
import { placedOrderState } from '../../../lib/placed-order';
import { TOAST_OVER_HEADER } from '../../../lib/toasts';
import { useCart, type CartLine } from '../../../lib/api/cart';
import { newestFirst, useUserOrders } from '../../../lib/api/orders';
import { attemptKeys, useCreateOrder } from '../api/create-order';
import { OrderSummary } from '../components/order-summary';
import { PaymentMethodField } from '../components/payment-method-field';
import { buildOrderPayload } from '../lib/order-payload';
import { cn } from '../../../lib/class-names';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { forgetDeliveryDraft, readDeliveryDraft, useKeepDeliveryDraft } from '../lib/delivery-draft';

type Fields = 'department' | 'city' | 'address' | 'phone';
const EMPTY = { department: '', city: '', address: '', phone: '', paymentMethod: DEFAULT_PAYMENT_METHOD };

function Checkout({ userId }: { userId: number }) {
  useDocumentTitle('Finalizar compra');
  const navigate = useNavigate();
  const alertId = useId();
  const cart = useCart();
  const createOrder = useCreateOrder();
  const [failure, setFailure] = useState<string | null>(null);
  const [cartToFix, setCartToFix] = useState(false);
  const [keyFor] = useState(attemptKeys);
  // The order sent when the connection failed, and the lines it was made of. It may have been placed, which empties
  // the cart the server holds; tapping again resends it as it was, and the server answers with the order if it was.
  // Meanwhile the summary keeps showing those lines, not 'Tu carrito está vacío' beside the request to tap again.
  const [unsettled, setUnsettled] = useState<{ payload: CreateOrderPayload; lines: CartLine[] } | null>(null);
  const [startingValues] = useState(() => ({ ...EMPTY, ...readDeliveryDraft(userId) }));
  const form = useForm({ resolver: zodResolver(checkoutFormSchema), defaultValues: startingValues });
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = form;
  useKeepDeliveryDraft(form, userId);
  const department = useWatch({ control, name: 'department' });
  const city = useWatch({ control, name: 'city' });
  const paymentMethod = useWatch({ control, name: 'paymentMethod' });
  const issues = splitFormErrors<Fields>(errors, VALIDATION.checkoutIncomplete);
  const lines = cart.data ?? [];
  // The order sent is what a tap sends again while the cart it emptied stays empty: its details can no longer be
  // changed here (the form is locked), and the summary shows its lines and its city's fee.
  const resending = lines.length === 0 ? unsettled : null;
  // A returning customer may reuse the delivery details of the last order with one tap (never silently).
  const lastOrder = newestFirst(useUserOrders(userId).data ?? [])[0];
  const fillFromLastOrder = () => {
    if (!lastOrder) return;
    setValue('department', lastOrder.department);
    setValue('city', lastOrder.city);
    setValue('address', lastOrder.address);
    setValue('phone', lastOrder.phone);
  };

  const onSubmit = handleSubmit(async (delivery) => {
    setFailure(null);
    // spec §5: an empty cart gives 'Tu carrito está vacío'.
    if (lines.length === 0 && !resending) {
      setFailure(VALIDATION.cartEmpty);
      return;
    }
    // Offline, nothing can leave: say so at once, rather than after the tries a lost answer gets.
    if (!navigator.onLine) {
      setFailure(ORDER_OFFLINE);
      return;
    }
    const sent = resending ?? { payload: buildOrderPayload(userId, delivery, lines), lines };
    const { payload } = sent;
    let placed: OrderJson;
    try {
      placed = await createOrder.mutateAsync({ payload, idempotencyKey: keyFor(payload) });
    } catch (error) {
      const lost = outcomeUnknown(error);
      setUnsettled(lost ? sent : null);
      // spec §8: 'Error al crear la orden: {reason}', or 'No se pudo crear la orden' when there is no reason.
      const refused =
        error instanceof ApiError && error.message ? orderCreateFailed(error.message) : ERRORS.orderFailed;
      setFailure(lost ? ORDER_CONNECTION_LOST : refused);
      // Sold out meanwhile: the cart (read again once the order is answered, useCreateOrder) says which line to
      // lower, under it.
      setCartToFix(error instanceof ApiError && isShortStockMessage(error.message));
      return;
    }
    forgetDeliveryDraft(userId);
    // Over the header: below it, it would hide the heading of the order's note that / opens with.
    toast.success(ERRORS.orderCreated, { className: TOAST_OVER_HEADER });
    navigate('/', { replace: true, state: placedOrderState(placed) });
  });

  const cities = citiesOf(department);
  // No double order: react-hook-form marks the form submitting before it validates, and the button stays
  // disabled until the server has answered (and, on success, while we leave the page).
  const busy = isSubmitting || createOrder.isPending || createOrder.isSuccess;

  return (
    <div className="mx-auto max-w-6xl px-gutter py-8 sm:py-12">
      <BackNav label="Ruta de compra" to="/MiCarrito">
        Volver al carrito
      </BackNav>
      <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">Finalizar compra</h1>
      <p className="mt-2 text-ink-soft">Dinos a dónde llevamos tu pedido. Entregamos en toda Honduras.</p>

      <form
        onSubmit={onSubmit}
        noValidate
        className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start"
      >
        <section aria-labelledby="entrega-titulo" className="card grid gap-4 px-gutter py-6 sm:grid-cols-2 sm:p-8">
          {/* Locked while a lost order is what 'Confirmar pedido' sends again (`resending`). */}
          <fieldset disabled={resending !== null} className="contents">
            <div className="flex flex-wrap items-center justify-between gap-2 sm:col-span-2">
              <h2 id="entrega-titulo" className="font-display text-2xl font-semibold text-ink">
                Datos de entrega
              </h2>
              {lastOrder && !resending && (
                <button
                  type="button"
                  onClick={fillFromLastOrder}
                  className={cn(
                    'inline-flex min-h-11 items-center gap-2 rounded-full',
                    'bg-brand-light px-4 text-sm font-bold text-brand-dark',
                    'transition hover:bg-brand hover:text-white',
                  )}
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-none stroke-current stroke-2">
                    <path d="M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                  Usar los datos de mi último pedido
                </button>
              )}
            </div>
            {resending && (
              <p className="rounded-xl bg-sun-light px-4 py-3 text-sm font-semibold text-ink sm:col-span-2">
                {ORDER_DETAILS_LOCKED}
              </p>
            )}
            {/* Above the fields, beside the first one that takes the focus: on a phone, under the last one it was
              below the screen when every field was missing. */}
            {issues.shared && (
              <div className="sm:col-span-2">
                <FormAlert id={alertId}>{issues.shared}</FormAlert>
              </div>
            )}
            <SelectField
              label="Departamento"
              autoComplete="address-level1"
              invalid={issues.isMissing('department')}
              errorRef={alertId}
              error={issues.own('department')}
              {...register('department', {
                // spec §4: choosing a department resets the city.
                onChange: () => setValue('city', ''),
              })}
            >
              {/* Short enough for the box of a 320-px phone. */}
              <option value="">Elige el departamento</option>
              {DEPARTMENT_NAMES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Ciudad"
              autoComplete="address-level2"
              disabled={!department}
              hint={department ? undefined : 'Primero elige el departamento.'}
              invalid={issues.isMissing('city')}
              errorRef={alertId}
              error={issues.own('city')}
              {...register('city')}
              // Controlled: a city set in code (last order) must show even though its options render a moment later.
              value={city}
            >
              <option value="">Elige la ciudad</option>
              {cities.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </SelectField>
            <TextAreaField
              className="sm:col-span-2"
              label="Dirección"
              rows={3}
              autoComplete="street-address"
              maxLength={ADDRESS_MAX}
              // 'Otra' names no town: without it in the address the courier would not know where to go.
              placeholder={
                city === OTHER_CITY
                  ? 'Ciudad o pueblo, colonia, calle, número de casa y un punto de referencia'
                  : 'Colonia, calle, número de casa y un punto de referencia'
              }
              hint={city === OTHER_CITY ? OTHER_CITY_ADDRESS_HINT : undefined}
              invalid={issues.isMissing('address')}
              errorRef={alertId}
              error={issues.own('address')}
              {...register('address')}
            />
            <TextField
              label="Teléfono"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              hint="8 dígitos, sin guiones ni espacios."
              invalid={issues.isMissing('phone')}
              errorRef={alertId}
              error={issues.own('phone')}
              {...register('phone')}
            />
            <div className="border-t border-sand pt-5 sm:col-span-2">
              <PaymentMethodField chosen={paymentMethod} registration={register('paymentMethod')} />
            </div>
          </fieldset>
        </section>

        <section aria-labelledby="resumen-titulo" className="card grid gap-5 px-gutter py-6 sm:p-8 lg:sticky lg:top-32">
          <h2 id="resumen-titulo" className="font-display text-2xl font-semibold text-ink">
            Resumen del pedido
          </h2>
          <OrderSummary cart={cart} city={resending ? resending.payload.city : city} sentLines={resending?.lines} />
          <div className="rounded-2xl bg-sun-light p-4 text-sm leading-relaxed text-ink">
            <p>
              Envío a {LOCAL_DELIVERY_CITY}: {formatLempiras(fromCents(DELIVERY_FEE_LOCAL_CENTS))}; resto del país:{' '}
              {formatLempiras(fromCents(DELIVERY_FEE_NATIONAL_CENTS))}.
            </p>
            <p className="mt-2">
              No realizamos reembolsos: revisa tu pedido el día que lo recibas.{' '}
              <Link to="/politicas" className="font-bold text-brand-dark underline underline-offset-4">
                Ver políticas
              </Link>
            </p>
          </div>
          <FormAlert>{failure}</FormAlert>
          {cartToFix && (
            <Link to="/MiCarrito" className="btn-secondary w-full">
              Revisar mi carrito
            </Link>
          )}
          <button type="submit" className="btn-accent w-full text-lg" disabled={busy || cart.isPending}>
            {busy ? 'Enviando pedido...' : 'Confirmar pedido'}
          </button>
        </section>
      </form>
    </div>
  );
}

// spec §2 /pagar; spec §6 guards: no token → 'Debes iniciar sesión para continuar', a token with no valid user
// id → 'Usuario inválido', both to /login.
export function Component() {
  return (
    <RequireLogin missingMessage={ERRORS.loginToContinue} invalidMessage={ERRORS.invalidUser}>
      {(userId) => <Checkout userId={userId} />}
    </RequireLogin>
  );
}
