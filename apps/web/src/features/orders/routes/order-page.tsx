import { useRef, type ReactNode } from 'react';
import { TRANSFER_RECEIPT_SENT_ON_ORDER_PAGE, transferInstructionsOnOrderPage } from '@tienda/shared/bank';
import { isClosedUnsold, ORDER_STATUS, orderStatusLabel, readOrderStatus } from '@tienda/shared/constants';
import { ERRORS } from '@tienda/shared/messages';
import { PURCHASE_HISTORY_PATH } from '@tienda/shared/order-pages';
import { PAYMENT_MESSAGES, PAYMENT_METHOD_LABELS, refundOnShopCancel, type OrderJson } from '@tienda/shared/orders';
import { formatLempiras } from '@tienda/shared/pricing';
import { BankAccounts } from '../../../components/ui/bank-accounts';
import { FormAlert } from '../../../components/ui/form-field';
import { OrderLineItems } from '../../../components/order-line-items';
import { OrderTotals } from '../../../components/ui/order-totals';
import { WhatsAppLink } from '../../../components/ui/whatsapp-link';
import { Skeleton } from '../../../components/ui/skeleton';
import { BackNav } from '../../../components/ui/back-nav';
import { formatDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePathId } from '../../../lib/use-path-id';
import { askAboutOrderText, askShopOnWhatsAppUrl } from '../../../lib/whatsapp';
import { RequireLogin } from '../../../components/require-login';
import { useOrder } from '../../../lib/api/orders';
import { ApiError, isRetryableFailure } from '../../../lib/api-client';
import { CancelOrder } from '../components/cancel-order';
import { ReceiptUpload } from '../components/receipt-upload';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    // px-gutter here and around the page, as at checkout: at 200 % text a 360-px phone scrolled sideways.
    <section className="card px-gutter py-5 sm:p-6">
      <h2 className="font-display text-xl font-semibold text-ink">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/**
 * Received → paid → delivered, each with its date once it happened. An order closed unsold (expired or cancelled)
 * ends after 'Recibido' with its closing, not with steps 'Todavía no' that will never come.
 */
function StatusSteps({ order }: { order: OrderJson }) {
  const steps: Array<{ label: string; at: string | null; closing?: true }> = isClosedUnsold(order.orderStatus)
    ? [
        { label: 'Recibido', at: order.createdAt },
        { label: orderStatusLabel(order.orderStatus), at: null, closing: true },
      ]
    : [
        { label: 'Recibido', at: order.createdAt },
        { label: 'Pagado', at: order.paidAt },
        { label: 'Entregado', at: order.deliveredAt },
      ];
  return (
    <ol className="grid gap-3">
      {steps.map((step) => (
        <li key={step.label} className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
              step.at
                ? 'bg-brand text-white'
                : step.closing
                  ? 'bg-sand text-ink-soft'
                  : 'border-2 border-sand text-ink-soft'
            }`}
          >
            {step.at ? '✓' : step.closing ? '✕' : ''}
          </span>
          <span>
            <span className="block font-bold text-ink">{step.label}</span>
            <span className="block text-sm text-ink-soft">
              {step.at ? (
                <time dateTime={step.at}>{formatDateTime(step.at, 'long')}</time>
              ) : step.closing ? (
                'Los juguetes volvieron a la tienda'
              ) : (
                'Todavía no'
              )}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * How long an unpaid order waits for its family (decision 0015). The server names a time only while the family has
 * something to do: not once its receipt is sent, not while its pay link is to come (orders.repository.ts).
 */
function PayDeadline({ order }: { order: OrderJson }) {
  if (order.expiresAt === null) return null;
  return (
    <p>
      Tienes hasta el <strong>{formatDateTime(order.expiresAt, 'long')}</strong> para pagar. Si no recibimos el pago, el
      pedido vence y los juguetes vuelven a la tienda.
    </p>
  );
}

function Payment({ order }: { order: OrderJson }) {
  const status = readOrderStatus(order.orderStatus);
  const expired = status === ORDER_STATUS.EXPIRED;
  const cancelled = status === ORDER_STATUS.CANCELLED;
  // Nothing to pay any more: its toys are back on the shelf.
  const closed = expired || cancelled;
  const settled = status === ORDER_STATUS.PAID || status === ORDER_STATUS.DELIVERED;
  const refund = refundOnShopCancel(order);
  return (
    <div className="grid gap-3 text-ink">
      <p>
        Forma de pago: <strong>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</strong>
      </p>
      <PayDeadline order={order} />
      {order.paymentMethod === 'contra_entrega' && !settled && !closed && (
        <p>Pagas en efectivo al recibir tu pedido.</p>
      )}
      {order.paymentMethod === 'transferencia' && (
        <>
          {!settled && !closed && (
            <BankAccounts
              instructions={
                order.receiptUploadedAt
                  ? TRANSFER_RECEIPT_SENT_ON_ORDER_PAGE
                  : transferInstructionsOnOrderPage(formatLempiras(order.total))
              }
            />
          )}
          <ReceiptUpload order={order} />
        </>
      )}
      {order.paymentMethod === 'enlace' &&
        !settled &&
        !closed &&
        (order.paymentLink ? (
          <a
            href={order.paymentLink}
            target="_blank"
            rel="noopener noreferrer"
            className="btn-accent justify-self-start"
          >
            Pagar ahora
          </a>
        ) : (
          <p>Te enviaremos el enlace de pago por correo; también aparecerá aquí.</p>
        ))}
      {settled && <p className="font-bold text-success">Pago confirmado.</p>}
      {expired && (
        <p>
          Este pedido venció sin pago y los juguetes volvieron a la tienda. Si todavía los quieres, puedes hacer un
          pedido nuevo cuando gustes.
        </p>
      )}
      {cancelled && order.cancelledBy === 'tienda' && (
        <p>
          La tienda canceló este pedido y los juguetes volvieron a la tienda.{' '}
          {refund === 'paid'
            ? 'Como ya lo habías pagado, te escribiremos para devolverte el dinero.'
            : refund === 'maybe'
              ? 'Si ya lo pagaste, te escribiremos para devolverte el dinero.'
              : 'Si tienes dudas, escríbenos por WhatsApp.'}
        </p>
      )}
      {cancelled && order.cancelledBy !== 'tienda' && (
        <p>
          Cancelaste este pedido y los juguetes volvieron a la tienda. Si todavía los quieres, puedes hacer un pedido
          nuevo cuando gustes.
        </p>
      )}
    </div>
  );
}

/**
 * A 404: the order was deleted by the shop (a duplicate, say), the address names none, or it is another account's
 * (the server answers those alike: docs/decisions/0007-…). A family with two accounts on one phone (a link from the
 * other parent's e-mail) is told which to look at.
 */
const ORDER_GONE =
  'No encontramos este pedido en tu cuenta: quizá lo hiciste con otra cuenta o la tienda lo eliminó. Si tienes dudas, escríbenos.';
/** A load that failed on the way (no connection, the server's trouble): their own order, to try again. */
const ORDER_LOAD_LOST = 'No pudimos cargar tu pedido. Revisa tu conexión e inténtalo de nuevo.';

function OrderView({ orderId }: { orderId: number | null }) {
  const order = useOrder(orderId ?? 0);
  const statusLine = useRef<HTMLParagraphElement>(null);
  useDocumentTitle(orderId === null ? 'Pedido' : `Pedido #${orderId}`);
  // An address that names no order (/pedido/abc) asks the server nothing: it is a failed load at once.
  const pageUrl = typeof window === 'undefined' ? '' : window.location.href;
  if (order.isError || orderId === null) {
    // A missing order says so and offers the shop's WhatsApp; a load that failed on the way (no connection, the
    // server busy) can be tried again; any other refusal is the plain one.
    const status = order.error instanceof ApiError ? order.error.status : undefined;
    if (orderId !== null && status === 404) {
      return (
        <div className="grid justify-items-start gap-3">
          <FormAlert>{ORDER_GONE}</FormAlert>
          <WhatsAppLink href={askShopOnWhatsAppUrl(askAboutOrderText(orderId, pageUrl))}>
            Preguntar por WhatsApp
          </WhatsAppLink>
        </div>
      );
    }
    return (
      <div className="grid justify-items-start gap-3">
        <FormAlert>
          {orderId !== null && isRetryableFailure(order.error) ? ORDER_LOAD_LOST : PAYMENT_MESSAGES.orderLoadFailed}
        </FormAlert>
        {orderId !== null && isRetryableFailure(order.error) && (
          <button
            type="button"
            className="btn-secondary h-11 px-4"
            disabled={order.isFetching}
            onClick={() => void order.refetch()}
          >
            {order.isFetching ? 'Cargando…' : 'Reintentar'}
          </button>
        )}
      </div>
    );
  }
  if (!order.data) return <Skeleton className="h-96 w-full rounded-3xl" />;
  const o = order.data;
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] lg:items-start">
      <div className="grid gap-5">
        <Card title="Estado">
          <p ref={statusLine} tabIndex={-1} className="mb-3 text-ink">
            Ahora: <strong>{orderStatusLabel(o.orderStatus)}</strong>
          </p>
          <StatusSteps order={o} />
          <CancelOrder order={o} afterCancel={statusLine} />
        </Card>
        <Card title="Pago">
          <Payment order={o} />
        </Card>
      </div>
      <div className="grid gap-5">
        <Card title="Artículos">
          <OrderLineItems order={o} />
          <OrderTotals subtotal={o.subtotal} deliveryFee={o.deliveryFee} total={o.total} className="mt-3 pt-3" />
        </Card>
        <Card title="Entrega">
          <p className="text-ink">
            {o.address}, {o.city}, {o.department}
          </p>
          <p className="text-ink-soft">Teléfono: {o.phone}</p>
        </Card>
        <WhatsAppLink href={askShopOnWhatsAppUrl(askAboutOrderText(o.orderId, pageUrl))}>
          Preguntar por WhatsApp
        </WhatsAppLink>
      </div>
    </div>
  );
}

/** The customer's own order (from the purchase history): lines, totals, payment and its status with dates. */
export function Component() {
  const id = usePathId('orderId');
  return (
    <div className="mx-auto max-w-6xl px-gutter py-8 sm:py-12">
      <BackNav label="Ruta" to={PURCHASE_HISTORY_PATH}>
        Mis compras
      </BackNav>
      <h1 className="mb-6 font-display text-3xl font-semibold text-ink sm:text-4xl">
        {id === null ? 'Pedido' : `Pedido #${id}`}
      </h1>
      <RequireLogin missingMessage={ERRORS.loginToContinue} invalidMessage={ERRORS.invalidUser} returnAfterLogin>
        {() => <OrderView orderId={id} />}
      </RequireLogin>
    </div>
  );
}
