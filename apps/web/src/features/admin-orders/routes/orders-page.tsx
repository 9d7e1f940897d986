import { Link } from 'react-router';
import { ORDER_STATUS } from '@tienda/shared/constants';
import { ERRORS } from '@tienda/shared/messages';
import type { OrderJson } from '@tienda/shared/orders';
import { formatLempiras } from '@tienda/shared/pricing';
import { SelectField } from '../../../components/ui/form-field';
import { AdminPage } from '../../admin-shared/components/admin-page';
import { DataTable } from '../../admin-shared/components/data-table';
import { EmailText } from '../../admin-shared/components/email-text';
import { EyeIcon } from '../../admin-shared/components/icons';
import { Pager } from '../../admin-shared/components/pager';
import { SearchBox } from '../../admin-shared/components/search-box';
import { ListState } from '../../admin-shared/components/state-views';
import { rowButton } from '../../admin-shared/components/styles';
import { matchesTerm } from '../../admin-shared/lib/admin-search';
import { formatDateTime } from '../../../lib/dates';
import { useLoggedError } from '../../admin-shared/lib/use-logged-error';
import { useSearchParam } from '../../admin-shared/lib/use-search-param';
import { useSearchedPage } from '../../admin-shared/lib/use-searched-page';
import { useOrders } from '../api/list-orders';
import { downloadCsv, ordersCsv, ordersCsvFileName } from '../lib/orders-csv';
import { actionsFor, OrderActionButton, useOrderActions } from '../components/order-actions';
import { OrderStatusBadge } from '../components/order-status-badge';

/** ?estado= values (the admin home links here with a preset filter). */
const STATUS_FILTERS = {
  todas: { label: 'Todas', status: null },
  pendiente: { label: 'Pendiente', status: ORDER_STATUS.PENDING },
  pagado: { label: 'Pagado', status: ORDER_STATUS.PAID },
  entregado: { label: 'Entregado', status: ORDER_STATUS.DELIVERED },
  vencida: { label: 'Vencida', status: ORDER_STATUS.EXPIRED },
} as const;
type StatusFilter = keyof typeof STATUS_FILTERS;

function statusMatches(order: OrderJson, filter: StatusFilter): boolean {
  const wanted = STATUS_FILTERS[filter].status;
  if (wanted === null) return true;
  // spec §4: anything other than 0 and 1 reads as Entregado; 3 is Vencida (docs/decisions/0015-…).
  const status = [0, 1, ORDER_STATUS.EXPIRED].includes(order.orderStatus) ? order.orderStatus : ORDER_STATUS.DELIVERED;
  return status === wanted;
}

// spec §2 Orders admin: a filter and a paged table; view, mark delivered / paid / pending and delete.
export function Component() {
  const orders = useOrders();
  const [rawStatus, setRawStatus] = useSearchParam('estado');
  // Own keys only: `in` would also accept inherited names such as ?estado=toString.
  const status: StatusFilter = Object.hasOwn(STATUS_FILTERS, rawStatus) ? (rawStatus as StatusFilter) : 'todas';
  const { ask, dialog } = useOrderActions();
  useLoggedError(ERRORS.ordersLoadFailed, orders.error);

  // Text: order id, customer name or e-mail, city.
  const list = useSearchedPage(
    orders.data,
    (o, term) =>
      statusMatches(o, status) &&
      matchesTerm(term.replace(/^#/, ''), [o.orderId, o.customerName, o.customerEmail, o.city]),
    status,
  );

  return (
    <AdminPage
      title="Órdenes"
      back={{ to: '/admin/inicio', label: 'Volver al panel' }}
      description="Pedidos de los clientes, los más recientes primero."
    >
      <div className="mb-5 flex flex-col gap-4 sm:flex-row sm:items-end">
        <SelectField
          label="Estado"
          className="sm:w-56"
          value={status}
          onChange={(event) => setRawStatus(event.target.value === 'todas' ? '' : event.target.value)}
        >
          {Object.entries(STATUS_FILTERS).map(([value, { label }]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SearchBox
          label="Buscar órdenes"
          placeholder="N.º de orden, cliente, correo o ciudad"
          value={list.term}
          onChange={list.setTerm}
          resultText={orders.data ? `${list.filtered.length} órdenes encontradas` : undefined}
        />
        <button
          type="button"
          className="btn-secondary h-11 shrink-0 px-4"
          disabled={!orders.data || list.filtered.length === 0}
          onClick={() => downloadCsv(ordersCsvFileName(), ordersCsv(list.filtered))}
        >
          Descargar CSV
        </button>
      </div>
      {/* spec §8: a load error asks to log out and back in. */}
      <ListState
        query={orders}
        errorText={ERRORS.ordersLoadFailed}
        recover="log-out"
        emptyText={
          (orders.data ?? []).length === 0
            ? ERRORS.noOrders
            : list.filtered.length === 0 && 'Ninguna orden coincide con el filtro.'
        }
      >
        <DataTable
          caption="Órdenes"
          rows={list.pageItems}
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
            {
              key: 'id',
              header: 'Orden',
              cell: (o) => <span className="font-bold tabular-nums">#{o.orderId}</span>,
              hideOnCard: true,
            },
            {
              key: 'date',
              header: 'Fecha',
              cell: (o) => formatDateTime(o.createdAt),
              className: 'lg:whitespace-nowrap',
            },
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
            {
              key: 'total',
              header: 'Total',
              cell: (o) => <span className="whitespace-nowrap font-bold tabular-nums">{formatLempiras(o.total)}</span>,
            },
            {
              key: 'status',
              header: 'Estado',
              cell: (o) => <OrderStatusBadge status={o.orderStatus} />,
              hideOnCard: true,
            },
          ]}
          actions={(o) => (
            <>
              <Link to={`/admin/orden/${o.orderId}`} className={rowButton}>
                <EyeIcon width={16} height={16} /> Ver <span className="sr-only">orden #{o.orderId}</span>
              </Link>
              {actionsFor(o.orderStatus).map((action) => (
                <OrderActionButton
                  key={action}
                  action={action}
                  orderId={o.orderId}
                  onClick={() => ask(action, o.orderId)}
                />
              ))}
              <OrderActionButton action="delete" orderId={o.orderId} onClick={() => ask('delete', o.orderId)} />
            </>
          )}
        />
        <Pager page={list.page} pageCount={list.pageCount} onChange={list.setPage} label="Páginas de órdenes" />
      </ListState>
      {dialog}
    </AdminPage>
  );
}
