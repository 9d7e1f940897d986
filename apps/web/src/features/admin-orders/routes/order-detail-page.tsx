import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ORDER_STATUS } from '@tienda/shared/constants';
import { ADMIN_ERRORS } from '@tienda/shared/admin-messages';
import type { OrderJson } from '@tienda/shared/orders';
import { formatLempiras } from '@tienda/shared/pricing';
import { AdminPage, backClass } from '../../admin-shared/components/admin-page';
import { ArrowLeftIcon } from '../../admin-shared/components/icons';
import { ErrorNotice, ListSkeleton, RetryButton } from '../../admin-shared/components/state-views';
import { ApiError, isRetryableFailure } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { usePathId } from '../../../lib/use-path-id';
import { aboutYourOrderText, chatWithCustomerUrl } from '../../../lib/whatsapp';
import { WhatsAppLink } from '../../../components/ui/whatsapp-link';
import { leaveDialog } from '../../../components/ui/use-back-closes';
import { useOrderCustomer } from '../api/get-line-details';
import { useOrder } from '../../../lib/api/orders';
import { actionsFor, OrderActionButton, useOrderActions } from '../components/order-actions';
import { OrderComboLine, OrderProductLine } from '../components/order-line';
import { OrderPayment } from '../components/order-payment';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card p-5 sm:p-6">
      <h2 className="font-display text-lg font-bold text-ink">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1.5">
      <dt className="text-ink-soft">{label}</dt>
      <dd className="min-w-0 text-right font-semibold text-ink">{children}</dd>
    </div>
  );
}

/** An order's product or combo lines, or the sentence saying it has none. */
function LinesSection({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <Section title={title}>
      {children.length === 0 ? (
        <p className="text-ink-soft">{empty}</p>
      ) : (
        <ul className="divide-y divide-sand">{children}</ul>
      )}
    </Section>
  );
}

function OrderDetail({ order }: { order: OrderJson }) {
  const navigate = useNavigate();
  // The customer's name and e-mail come with the order; an older order without them asks for the user (logged on failure).
  const customer = useOrderCustomer(order.userId, !order.customerName || !order.customerEmail);
  const knownName = order.customerName || customer.data?.name || '';
  const name = knownName || '—';
  const email = order.customerEmail || customer.data?.email || '—';
  const { ask, dialog } = useOrderActions((action) => {
    // The list replaces the deleted order's page, once the confirmation's history entry is off
    // (components/ui/use-back-closes.ts): Back never lands on an order that is gone.
    if (action === 'delete') void leaveDialog().then(() => navigate('/ordenes-pendientes', { replace: true }));
  });
  return (
    // On a phone what the owner acts on (status, payment) comes first, then the lines, then the rest; from lg the
    // lines take the left column and the rest stacks on the right.
    <div className="grid gap-5 lg:grid-cols-[1fr_22rem] lg:grid-rows-[auto_1fr]">
      <div className="grid content-start gap-5 lg:col-start-2 lg:row-start-1">
        <Section title="Estado">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <OrderStatusBadge status={order.orderStatus} />
            <span className="text-sm text-ink-soft">Recibida el {formatDateTime(order.createdAt)}</span>
          </div>
          {closedNote(order) && <p className="mt-3 text-sm text-ink">{closedNote(order)}</p>}
          <div className="mt-4 flex flex-wrap gap-2">
            {actionsFor(order.orderStatus).map((action) => (
              <OrderActionButton
                key={action}
                action={action}
                orderId={order.orderId}
                onClick={() => ask(action, order.orderId, order.orderStatus)}
              />
            ))}
            <OrderActionButton
              action="delete"
              orderId={order.orderId}
              onClick={() => ask('delete', order.orderId, order.orderStatus)}
            />
          </div>
        </Section>
        <Section title="Pago">
          <OrderPayment order={order} />
        </Section>
      </div>
      <div className="grid content-start gap-5 lg:col-start-1 lg:row-span-2 lg:row-start-1">
        <LinesSection title="Productos" empty="No hay productos en esta orden.">
          {order.orderProducts.map((line) => (
            <OrderProductLine key={line.orderProductId} line={line} fallbackId={line.orderProductId} />
          ))}
        </LinesSection>
        <LinesSection title="Combos" empty="No hay combos en esta orden.">
          {order.orderCombos.map((line) => (
            <OrderComboLine key={line.orderComboId} line={line} fallbackId={line.orderComboId} />
          ))}
        </LinesSection>
      </div>
      <div className="grid content-start gap-5 lg:col-start-2 lg:row-start-2">
        <Section title="Resumen">
          <dl>
            <Detail label="Subtotal">{formatLempiras(order.subtotal)}</Detail>
            <Detail label="Envío">{formatLempiras(order.deliveryFee)}</Detail>
            <div className="mt-2 flex justify-between gap-4 border-t border-sand pt-3 text-lg">
              <dt className="font-bold">Total</dt>
              <dd className="font-display font-bold text-ink">{formatLempiras(order.total)}</dd>
            </div>
          </dl>
        </Section>
        <Section title="Cliente">
          <dl>
            <Detail label="Nombre">{name}</Detail>
            <Detail label="Correo">
              <span className="break-all">{email}</span>
            </Detail>
            <Detail label="Teléfono">
              <a
                href={`tel:+504${order.phone}`}
                className="-my-3 inline-flex min-h-11 items-center text-brand-dark underline"
              >
                {order.phone}
              </a>
            </Detail>
          </dl>
          <div className="mt-3">
            <WhatsAppLink
              look="outline"
              href={chatWithCustomerUrl(order.phone, aboutYourOrderText(knownName, order.orderId))}
            >
              Escribir al cliente por WhatsApp
            </WhatsAppLink>
          </div>
        </Section>
        <Section title="Entrega">
          <dl>
            <Detail label="Dirección">{order.address}</Detail>
            <Detail label="Ciudad">{order.city}</Detail>
            <Detail label="Departamento">{order.department}</Detail>
          </dl>
        </Section>
      </div>
      {dialog}
    </div>
  );
}

// spec §2 Admin order detail ('Detalles de la Orden #id').
/** Who closed an order unsold, and where its units went (docs/decisions/0015-… and 0039-…). */
function closedNote(order: OrderJson): string | null {
  if (order.orderStatus === ORDER_STATUS.CANCELLED)
    return order.cancelledBy === 'tienda'
      ? 'La tienda canceló esta orden y sus unidades volvieron al stock.'
      : 'La familia canceló esta orden y sus unidades volvieron al stock.';
  if (order.orderStatus === ORDER_STATUS.EXPIRED)
    return 'Esta orden venció sin pago y sus unidades volvieron al stock.';
  return null;
}

export function Component() {
  const orderId = usePathId('orderId');
  const navigate = useNavigate();
  const order = useOrder(orderId ?? 0);
  const goBack = () => {
    // 'Volver atrás' is history back; opened directly (no history inside the app) it goes to the orders list.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/ordenes-pendientes');
  };
  const back = (
    <button type="button" onClick={goBack} className={backClass}>
      <ArrowLeftIcon /> Volver atrás
    </button>
  );
  // An address that names no order (/admin/orden/abc) asks the server nothing: it is a failed load at once.
  if (order.isError || orderId === null) {
    // spec §8: 'Error al cargar los detalles de la orden.' replaces the page. Beside it, a deleted order says so,
    // and a load that failed on the way (no connection, the server busy) can be tried again.
    const status = order.error instanceof ApiError ? order.error.status : undefined;
    const retry = orderId !== null && isRetryableFailure(order.error);
    return (
      <AdminPage title="Detalles de la Orden" backControl={back}>
        <ErrorNotice
          action={retry ? <RetryButton busy={order.isFetching} onClick={() => void order.refetch()} /> : undefined}
        >
          {ADMIN_ERRORS.orderDetailFailed}
          {status === 404 && <span className="mt-1 block font-normal">Esta orden no existe o fue eliminada.</span>}
        </ErrorNotice>
      </AdminPage>
    );
  }
  return (
    <AdminPage title={`Detalles de la Orden #${orderId}`} backControl={back}>
      {order.isPending ? <ListSkeleton rows={4} /> : <OrderDetail order={order.data} />}
    </AdminPage>
  );
}
