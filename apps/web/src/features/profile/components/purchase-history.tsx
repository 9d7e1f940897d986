import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PAGE_SIZE, pageCount } from '@tienda/shared/constants';
import { ERRORS } from '@tienda/shared/messages';
import { orderPagePath, PURCHASE_HISTORY_ID } from '@tienda/shared/order-pages';
import { FormAlert } from '../../../components/ui/form-field';
import { Pagination } from '../../../components/ui/pagination';
import { OrderLineItems } from '../../../components/order-line-items';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { OrderTotals } from '../../../components/ui/order-totals';
import { Skeleton } from '../../../components/ui/skeleton';
import { newestFirst, useUserOrders, type Order } from '../../../lib/api/orders';
import { formatDateTime } from '../../../lib/dates';
import { scrollBehavior } from '../../../lib/scroll';

function OrderCard({ order }: { order: Order }) {
  return (
    <li className="card overflow-hidden">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-sand bg-cream/60 px-5 py-4">
        <div>
          <h3 id={`orden-${order.orderId}`} className="font-display text-lg font-semibold text-ink">
            Pedido #{order.orderId}
          </h3>
          <p className="text-sm text-ink-soft">
            <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, 'long')}</time>
          </p>
        </div>
        {/* Wraps: at 200 % text on a 360-px phone 'Ver pedido' ran past the card's edge. */}
        <div className="flex flex-wrap items-center gap-x-2">
          <OrderStatusBadge status={order.orderStatus} />
          <Link
            to={orderPagePath(order.orderId)}
            aria-describedby={`orden-${order.orderId}`}
            className="inline-flex min-h-11 items-center font-bold text-brand underline underline-offset-4"
          >
            Ver pedido
          </Link>
        </div>
      </div>
      <OrderLineItems order={order} className="px-5" />
      <OrderTotals
        subtotal={order.subtotal}
        deliveryFee={order.deliveryFee}
        total={order.total}
        className="px-5 py-4"
        lead={
          <>
            <dt className="text-ink-soft">Entrega</dt>
            <dd className="text-right text-ink">
              {order.city}, {order.department}
            </dd>
          </>
        }
      />
    </li>
  );
}

// spec §2 /profile purchase history: date in Spanish with minutes, status, totals in L, pages of 30 (spec §9).
export function PurchaseHistory({ userId }: { userId: number }) {
  const orders = useUserOrders(userId);
  const [page, setPage] = useState(1);
  // Opened at PURCHASE_HISTORY_PATH (back from an order), the page goes to the history once it is there, below the forms.
  const location = useLocation();
  const loaded = !orders.isPending;
  const arrivedAt = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded || location.hash !== `#${PURCHASE_HISTORY_ID}` || arrivedAt.current === location.key) return;
    arrivedAt.current = location.key;
    document.getElementById(PURCHASE_HISTORY_ID)?.scrollIntoView?.({ block: 'start' });
  }, [loaded, location.hash, location.key]);

  let body;
  if (orders.isPending) {
    body = (
      <div role="status" aria-label="Cargando historial de compras" className="grid gap-4">
        {[0, 1].map((n) => (
          <div key={n} className="card grid gap-3 p-5">
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-14 w-full" />
          </div>
        ))}
      </div>
    );
  } else if (orders.isError) {
    body = (
      <div className="grid justify-items-start gap-3">
        <FormAlert>{ERRORS.historyLoadFailed}</FormAlert>
        <button type="button" className="btn-secondary" onClick={() => orders.refetch()}>
          Reintentar
        </button>
      </div>
    );
  } else if (orders.data.length === 0) {
    body = (
      <div className="card flex flex-col items-center gap-3 px-6 py-10 text-center">
        <p className="font-display text-xl font-semibold text-ink">{ERRORS.noPurchases}</p>
        <p className="text-ink-soft">Cuando hagas tu primer pedido, aquí podrás ver su estado.</p>
        <Link to="/tienda" className="btn-primary mt-2">
          Ir a la tienda
        </Link>
      </div>
    );
  } else {
    const sorted = newestFirst(orders.data);
    const pages = pageCount(sorted.length, PAGE_SIZE);
    const current = Math.min(page, pages);
    const visible = sorted.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
    body = (
      <>
        <ul className="grid gap-4">
          {visible.map((order) => (
            <OrderCard key={order.orderId} order={order} />
          ))}
        </ul>
        <div className="mt-6">
          <Pagination
            page={current}
            pageCount={pages}
            label="Páginas del historial de compras"
            onPageChange={(next) => {
              setPage(next);
              document
                .getElementById(PURCHASE_HISTORY_ID)
                ?.scrollIntoView?.({ behavior: scrollBehavior(), block: 'start' });
            }}
          />
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby={PURCHASE_HISTORY_ID} className="scroll-mt-6">
      <h2 id={PURCHASE_HISTORY_ID} className="mb-4 font-display text-2xl font-semibold text-ink">
        Historial de compras
      </h2>
      {body}
    </section>
  );
}
