import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { idFromText, ORDER_STATUS } from '@tienda/shared/constants';
import { padUserId } from '@tienda/shared/accounts';
import { ADMIN_ERRORS } from '@tienda/shared/admin-messages';
import { adminOrderPagePath } from '@tienda/shared/order-pages';
import {
  ORDER_MESSAGES,
  PAYMENT_METHOD_LABELS,
  rangeInOrder,
  SALES_STATUS_FILTER,
  takesPayLink,
  takesReceipt,
  type OrderJson,
} from '@tienda/shared/orders';
import { ordersCsvFileName } from '@tienda/shared/orders-csv';
import { formatLempiras } from '@tienda/shared/pricing';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { ActionName, tooltipAnchor } from '../../admin-shared/components/action-name';
import { AdminPage } from '../../admin-shared/components/admin-page';
import { DataTable } from '../../admin-shared/components/data-table';
import { EmailText } from '../../../components/ui/email-text';
import { WhatsAppIcon } from '../../../components/ui/icons';
import { EyeIcon } from '../../admin-shared/components/icons';
import { Pager, usePageTurn } from '../../admin-shared/components/pager';
import { SearchBox } from '../../admin-shared/components/search-box';
import { ListState } from '../../admin-shared/components/state-views';
import { rowButton } from '../../admin-shared/components/styles';
import { formatDate, formatTime } from '../../../lib/dates';
import { aboutYourOrderText, chatWithCustomerUrl } from '../../../lib/whatsapp';
import { useUser } from '../../../lib/api/users';
import { downloadFile } from '../../admin-shared/lib/download-file';
import { useLoggedError } from '../../admin-shared/lib/use-logged-error';
import { useSearchParam } from '../../admin-shared/lib/use-search-param';
import { fetchOrdersCsv, useAdminOrderList, type OrderFilters } from '../api/list-orders';
import { actionsFor, OrderActionButton, useOrderActions } from '../components/order-actions';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { countOf } from '@tienda/shared/plural';

/** ?estado= values (the admin home links here with a preset filter), and the status the server filters by. */
const STATUS_FILTERS = {
  todas: { label: 'Todas', status: undefined },
  pendiente: { label: 'Pendiente', status: ORDER_STATUS.PENDING },
  pagado: { label: 'Pagado', status: ORDER_STATUS.PAID },
  // spec §4: the server counts every status other than 0, 1, 3 and 4 as Entregado.
  entregado: { label: 'Entregado', status: ORDER_STATUS.DELIVERED },
  vencida: { label: 'Vencido', status: ORDER_STATUS.EXPIRED },
  cancelada: { label: 'Cancelado', status: ORDER_STATUS.CANCELLED },
  // What the admin home's 'Ventas del mes' counts and opens.
  ventas: { label: 'Ventas (sin vencidas ni canceladas)', status: SALES_STATUS_FILTER },
} as const;
type StatusFilter = keyof typeof STATUS_FILTERS;

/**
 * What a pending order waits for from the owner, named in the list so she need not open each one: a receipt to check,
 * or a pay link to send (docs/decisions/0020-payment-methods.md).
 */
function ownerToDo(order: OrderJson): string | null {
  if (takesReceipt(order) && order.receiptUploadedAt) return 'Comprobante por revisar';
  if (takesPayLink(order) && !order.paymentLink) return 'Falta enviar el enlace';
  return null;
}

function PaymentCell({ order }: { order: OrderJson }) {
  const toDo = ownerToDo(order);
  return (
    <span className="block">
      <span className="block">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</span>
      {toDo && (
        <span className="mt-1 inline-block rounded-full bg-sun-light px-2 py-0.5 text-sm font-semibold text-ink">
          {toDo}
        </span>
      )}
    </span>
  );
}

/** 'Descargar CSV': the server's spreadsheet of what the filter finds, every page of it. */
function useCsvDownload(term: string, filters: OrderFilters) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      downloadFile(ordersCsvFileName(), await fetchOrdersCsv(term.trim(), filters));
    } catch (error) {
      console.error(ADMIN_ERRORS.ordersCsvFailed, error);
      toast.error(ADMIN_ERRORS.ordersCsvFailed);
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}

/** Whose orders the list shows, with the way back to everyone's. */
function CustomerNotice({ userId, onClear }: { userId: number; onClear: () => void }) {
  const user = useUser(userId);
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-lavender/50 px-4 py-3">
      <p className="min-w-0 font-semibold text-ink">
        Órdenes de {user.data ? `${user.data.name} (${user.data.email})` : `la cuenta ${padUserId(userId)}`}
      </p>
      <button type="button" className="btn-secondary h-11 px-4" onClick={onClear}>
        Ver las órdenes de todos
      </button>
    </div>
  );
}

// spec §2 Orders admin: a filter and a paged table; view, mark delivered / paid / pending and delete. The server
// finds and pages the orders (docs/decisions/0035-admin-lists-paged-by-the-server.md).
export function Component() {
  const [rawStatus, setRawStatus] = useSearchParam('estado');
  // Own keys only: `in` would also accept inherited names such as ?estado=toString.
  const status: StatusFilter = Object.hasOwn(STATUS_FILTERS, rawStatus) ? (rawStatus as StatusFilter) : 'todas';
  // Honduras days from the date inputs, kept in the address like the other filters.
  const [from, setFrom] = useSearchParam('desde');
  const [to, setTo] = useSearchParam('hasta');
  // The server refuses a range that ends before it starts; until it is fixed, the dates are left out of the search.
  const rangeInverted = !rangeInOrder({ from: from || undefined, to: to || undefined });
  // One account's orders: the users admin links here with ?cliente={userId}.
  const [rawCustomer, setCustomer] = useSearchParam('cliente');
  const customer = idFromText(rawCustomer) ?? undefined;
  const filters: OrderFilters = {
    status: STATUS_FILTERS[status].status,
    customer,
    ...(rangeInverted ? {} : { from, to }),
  };
  const { query: orders, list } = useAdminOrderList(filters);
  const { listTop, turnPage } = usePageTurn(list.setPage);
  const csv = useCsvDownload(list.term, filters);
  const { ask, dialog } = useOrderActions();
  useLoggedError(ADMIN_ERRORS.ordersLoadFailed, orders.error);
  const filtering = status !== 'todas' || list.term.trim() !== '' || from !== '' || to !== '' || customer !== undefined;

  return (
    <AdminPage
      title="Órdenes"
      back={{ to: '/admin/inicio', label: 'Volver al panel' }}
      description="Pedidos de los clientes, los más recientes primero."
    >
      {customer !== undefined && <CustomerNotice userId={customer} onClear={() => setCustomer('')} />}
      <div className="mb-4 grid grid-cols-2 gap-4 sm:flex sm:items-start">
        <SelectField
          label="Estado"
          className="col-span-2 sm:w-56"
          value={status}
          onChange={(event) => setRawStatus(event.target.value === 'todas' ? '' : event.target.value)}
        >
          {Object.entries(STATUS_FILTERS).map(([value, { label }]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Desde"
          type="date"
          className="sm:w-44"
          value={from}
          max={to || undefined}
          onChange={(event) => setFrom(event.target.value)}
        />
        <TextField
          label="Hasta"
          type="date"
          className="sm:w-44"
          value={to}
          min={from || undefined}
          error={rangeInverted ? ORDER_MESSAGES.dateRangeInvalid : undefined}
          onChange={(event) => setTo(event.target.value)}
        />
      </div>
      {/* Beside the box, not its hint: the label's height (a text-sm line and mb-1) above the button. */}
      <div className="mb-5 flex flex-col gap-4 sm:flex-row sm:items-start">
        <SearchBox
          label="Buscar órdenes"
          placeholder="N.º de orden o nombre"
          hint="Busca por número de orden, cliente, correo, ciudad o teléfono."
          value={list.term}
          onChange={list.setTerm}
          resultText={orders.data ? countOf(list.matchCount, 'orden encontrada', 'órdenes encontradas') : undefined}
        />
        <button
          type="button"
          className="btn-secondary h-11 shrink-0 px-4 sm:mt-6"
          disabled={!orders.data || list.matchCount === 0 || csv.busy}
          aria-busy={csv.busy}
          onClick={() => void csv.download()}
        >
          {csv.busy ? 'Descargando…' : 'Descargar CSV'}
        </button>
      </div>
      {/* spec §8: a load error asks to log out and back in. */}
      <ListState
        query={orders}
        errorText={ADMIN_ERRORS.ordersLoadFailed}
        recover="log-out"
        emptyText={
          list.matchCount === 0 && (filtering ? 'Ninguna orden coincide con el filtro.' : ADMIN_ERRORS.noOrders)
        }
      >
        <div ref={listTop} />
        <DataTable
          caption="Órdenes"
          rows={list.pageItems}
          rowKey={(o) => o.orderId}
          tableFrom="lg"
          dense
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
              // The status under the number, as the phone's card has it beside: a column of its own left the
              // customer's too narrow at 1024 px.
              cell: (o) => (
                <>
                  <span className="block font-bold tabular-nums">#{o.orderId}</span>
                  <span className="mt-1 block">
                    <OrderStatusBadge status={o.orderStatus} />
                  </span>
                </>
              ),
              hideOnCard: true,
            },
            {
              key: 'date',
              header: 'Fecha',
              // In the table the time goes under the day: on one line the date took the customer's room.
              cell: (o) => (
                <>
                  <span className="whitespace-nowrap lg:block">
                    {formatDate(o.createdAt)}
                    <span className="lg:hidden">,</span>
                  </span>{' '}
                  <span className="whitespace-nowrap lg:block">{formatTime(o.createdAt)}</span>
                </>
              ),
            },
            {
              key: 'customer',
              header: 'Cliente',
              cell: (o) => (
                // In the table: a column wide enough for a name, and the e-mail on one line, cut short with its whole
                // text on hover (it wrapped a few letters a line; the order's page shows it whole). Chromium breaks at
                // <wbr> even in nowrap text, hence EmailText's hidden there.
                <span className="block min-w-0 lg:w-44 xl:w-64">
                  <span className="block font-semibold">{o.customerName || '—'}</span>
                  <span
                    className="block text-ink-soft [overflow-wrap:anywhere] lg:truncate lg:[&_wbr]:hidden"
                    title={o.customerEmail}
                  >
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
            { key: 'payment', header: 'Pago', cell: (o) => <PaymentCell order={o} /> },
          ]}
          // In the table, four labelled buttons took a third of the row: there they are icons named by tooltips.
          actions={(o, layout) => {
            const iconOnly = layout === 'table';
            return (
              <>
                <Link
                  to={adminOrderPagePath(o.orderId)}
                  className={iconOnly ? `${rowButton} ${tooltipAnchor}` : rowButton}
                >
                  <EyeIcon width={16} height={16} /> <ActionName iconOnly={iconOnly}>Ver</ActionName>{' '}
                  <span className="sr-only">orden #{o.orderId}</span>
                </Link>
                {/* The owner follows up a receipt or a pay link from the list, without opening each order. */}
                <a
                  href={chatWithCustomerUrl(o.phone, aboutYourOrderText(o.customerName, o.orderId))}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={iconOnly ? `${rowButton} ${tooltipAnchor}` : rowButton}
                >
                  <WhatsAppIcon size={16} /> <ActionName iconOnly={iconOnly}>WhatsApp</ActionName>{' '}
                  <span className="sr-only">al cliente de la orden #{o.orderId}</span>
                </a>
                {[...actionsFor(o.orderStatus), 'delete' as const].map((action) => (
                  <OrderActionButton
                    key={action}
                    action={action}
                    orderId={o.orderId}
                    iconOnly={iconOnly}
                    onClick={() => ask(action, o.orderId, o.orderStatus)}
                  />
                ))}
              </>
            );
          }}
        />
        <Pager page={list.page} pageCount={list.pageCount} onChange={turnPage} label="Páginas de órdenes" />
      </ListState>
      {dialog}
    </AdminPage>
  );
}
