import { useEffect, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ORDER_STATUS } from '@tienda/shared/constants';
import { ERRORS } from '@tienda/shared/messages';
import type { OrderJson } from '@tienda/shared/orders';
import { formatLempiras } from '@tienda/shared/pricing';
import { logOut } from '../../../lib/session';
import { AdminPage } from '../../admin-shared/components/admin-page';
import { DataTable } from '../../admin-shared/components/data-table';
import { EmailText } from '../../admin-shared/components/email-text';
import { EyeIcon } from '../../admin-shared/components/icons';
import { Pager } from '../../admin-shared/components/pager';
import { SearchBox } from '../../admin-shared/components/search-box';
import { EmptyNotice, ErrorNotice, ListSkeleton } from '../../admin-shared/components/state-views';
import { rowButton } from '../../admin-shared/components/styles';
import { matchesTerm } from '../../admin-shared/lib/admin-search';
import { formatDateTime } from '../../admin-shared/lib/format';
import { usePaged } from '../../admin-shared/lib/use-paged';
import { useOrders } from '../api/list-orders';
import { actionsFor, OrderActionButton, useOrderActions } from '../components/order-actions';
import { OrderStatusBadge } from '../components/order-status-badge';

/** ?estado= values (the admin home links here with a preset filter). */
const STATUS_FILTERS = {
  todas: { label: 'Todas', status: null },
  pendiente: { label: 'Pendiente', status: ORDER_STATUS.PENDING },
  pagado: { label: 'Pagado', status: ORDER_STATUS.PAID },
  entregado: { label: 'Entregado', status: ORDER_STATUS.DELIVERED },
} as const;
type StatusFilter = keyof typeof STATUS_FILTERS;

function statusMatches(order: OrderJson, filter: StatusFilter): boolean {
  const wanted = STATUS_FILTERS[filter].status;
  if (wanted === null) return true;
  // spec §4: anything other than 0 and 1 reads as Entregado.
  const status = order.orderStatus === 0 || order.orderStatus === 1 ? order.orderStatus : ORDER_STATUS.DELIVERED;
  return status === wanted;
}

// spec §2 Orders admin: a filter and a paged table; view, mark delivered / paid / pending and delete.
export function Component() {
  const orders = useOrders();
  const statusId = useId();
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('estado') ?? 'todas';
  const status: StatusFilter = rawStatus in STATUS_FILTERS ? (rawStatus as StatusFilter) : 'todas';
  const term = params.get('q') ?? '';
  const { ask, dialog } = useOrderActions();

  const setParam = (name: string, value: string, empty: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value && value !== empty) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if (orders.error) console.error(ERRORS.ordersLoadFailed, orders.error);
  }, [orders.error]);

  // Text: order id, customer name or e-mail, city.
  const filtered = (orders.data ?? []).filter(
    (o) => statusMatches(o, status) && matchesTerm(term.replace(/^#/, ''), [o.orderId, o.customerName, o.customerEmail, o.city]),
  );
  const paged = usePaged(filtered, `${status}|${term}`);

  return (
    <AdminPage title="Órdenes" back={{ to: '/admin/inicio', label: 'Volver al panel' }} description="Pedidos de los clientes, los más recientes primero.">
      <div className="mb-5 flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="sm:w-56">
          <label htmlFor={statusId} className="field-label">
            Estado
          </label>
          <select id={statusId} value={status} onChange={(event) => setParam('estado', event.target.value, 'todas')} className="field-input">
            {Object.entries(STATUS_FILTERS).map(([value, { label }]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <SearchBox
          label="Buscar órdenes"
          placeholder="N.º de orden, cliente, correo o ciudad"
          value={term}
          onChange={(value) => setParam('q', value, '')}
          resultText={orders.data ? `${filtered.length} órdenes encontradas` : undefined}
        />
      </div>
      {orders.isPending ? (
        <ListSkeleton />
      ) : orders.isError ? (
        // spec §8: a load error asks to log out and back in.
        <ErrorNotice
          action={
            <button type="button" className={rowButton} onClick={logOut}>
              Cerrar sesión
            </button>
          }
        >
          {ERRORS.ordersLoadFailed}
        </ErrorNotice>
      ) : (orders.data ?? []).length === 0 ? (
        <EmptyNotice>{ERRORS.noOrders}</EmptyNotice>
      ) : filtered.length === 0 ? (
        <EmptyNotice>Ninguna orden coincide con el filtro.</EmptyNotice>
      ) : (
        <>
          <DataTable
            caption="Órdenes"
            rows={paged.pageItems}
            rowKey={(o) => o.orderId}
            tableFrom="lg"
            wrapActions
            cardTitle={(o) => (
              <span className="flex flex-wrap items-center justify-between gap-2">
                <span>Orden #{o.orderId}</span>
                <OrderStatusBadge status={o.orderStatus} />
              </span>
            )}
            columns={[
              { key: 'id', header: 'Orden', cell: (o) => <span className="font-bold tabular-nums">#{o.orderId}</span>, hideOnCard: true },
              { key: 'date', header: 'Fecha', cell: (o) => formatDateTime(o.createdAt), className: 'lg:whitespace-nowrap' },
              {
                key: 'customer',
                header: 'Cliente',
                cell: (o) => (
                  <span className="block min-w-0">
                    <span className="block font-semibold">{o.customerName || '—'}</span>
                    <span className="block text-ink-soft [overflow-wrap:anywhere]">
                      <EmailText email={o.customerEmail} />
                    </span>
                  </span>
                ),
              },
              { key: 'city', header: 'Ciudad', cell: (o) => o.city },
              { key: 'total', header: 'Total', cell: (o) => <span className="whitespace-nowrap font-bold tabular-nums">{formatLempiras(o.total)}</span> },
              { key: 'status', header: 'Estado', cell: (o) => <OrderStatusBadge status={o.orderStatus} />, hideOnCard: true },
            ]}
            actions={(o) => (
              <>
                <Link to={`/admin/orden/${o.orderId}`} className={rowButton}>
                  <EyeIcon width={16} height={16} /> Ver <span className="sr-only">orden #{o.orderId}</span>
                </Link>
                {actionsFor(o.orderStatus).map((action) => (
                  <OrderActionButton key={action} action={action} orderId={o.orderId} onClick={() => ask(action, o.orderId)} />
                ))}
                <OrderActionButton action="delete" orderId={o.orderId} onClick={() => ask('delete', o.orderId)} />
              </>
            )}
          />
          <Pager page={paged.page} pageCount={paged.pageCount} onChange={paged.setPage} label="Páginas de órdenes" />
        </>
      )}
      {dialog}
    </AdminPage>
  );
}
