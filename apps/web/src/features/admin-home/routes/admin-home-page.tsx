import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link } from 'react-router';
import { Skeleton, SkeletonBars } from '../../../components/ui/skeleton';
import { formatLempiras } from '@tienda/shared/pricing';
import type { AdminStats } from '@tienda/shared/orders';
import { assetUrl } from '../../../lib/api-client';
import { AdminPage } from '../../admin-shared/components/admin-page';
import {
  BoxIcon,
  ClipboardIcon,
  ClockIcon,
  CoinsIcon,
  GiftIcon,
  TagIcon,
  TruckIcon,
  UsersIcon,
} from '../../admin-shared/components/icons';
import { ErrorNotice, RetryButton } from '../../admin-shared/components/state-views';
import { useAdminStats } from '../api/get-admin-stats';
import { BackupsCard } from '../components/backups-card';
import { LowStockThresholdForm } from '../components/low-stock-threshold-form';
import { SalesChart } from '../components/sales-chart';
import { cn } from '../../../lib/class-names';
import { countOf, unitsLeft } from '@tienda/shared/plural';
import { shopDay, shopMonthStart } from '@tienda/shared/shop-time';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

// spec §2 Admin home: tiles to the five admin areas.
const TILES: Array<{ to: string; title: string; text: string; icon: Icon; tint: string }> = [
  {
    to: '/admin/usuarios',
    title: 'Usuarios',
    text: 'Clientes y administradores: buscar, editar, eliminar y crear administradores.',
    icon: UsersIcon,
    tint: 'bg-lavender',
  },
  {
    to: '/admin/productos',
    title: 'Productos',
    text: 'Precios, descuentos, stock, categorías e imágenes de cada juguete.',
    icon: BoxIcon,
    tint: 'bg-brand-light',
  },
  {
    to: '/admin/categorias',
    title: 'Categorías',
    text: 'Las familias de juguetes que filtran la tienda.',
    icon: TagIcon,
    tint: 'bg-sun-light',
  },
  {
    to: '/combos-admin',
    title: 'Combos',
    text: 'Paquetes de varios productos con su propio precio y stock.',
    icon: GiftIcon,
    tint: 'bg-coral-light',
  },
  {
    to: '/ordenes-pendientes',
    title: 'Órdenes',
    text: 'Pedidos por cobrar, por entregar y entregados.',
    icon: ClipboardIcon,
    tint: 'bg-mint',
  },
];

function StatCard({
  to,
  label,
  value,
  detail,
  icon: IconComponent,
  tint,
  className = '',
}: {
  to: string;
  label: string;
  value: ReactNode;
  detail: string;
  icon: Icon;
  tint: string;
  className?: string;
}) {
  return (
    <Link
      to={to}
      className={cn(
        'card group flex flex-col gap-3 p-4 transition',
        'hover:-translate-y-0.5 hover:shadow-md sm:flex-row',
        'sm:items-center sm:gap-4 sm:p-5',
        className,
      )}
    >
      <span className={`flex size-11 shrink-0 items-center justify-center rounded-2xl text-ink ${tint}`}>
        <IconComponent width={22} height={22} />
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-bold text-ink-soft">{label}</span>
        <span className="block font-display text-2xl font-bold text-ink tabular-nums">{value}</span>
        <span className="block text-sm text-ink-soft group-hover:underline">{detail}</span>
      </span>
    </Link>
  );
}

// The two order states the owner acts on, each a card linking to the orders filtered by it: state, label, detail,
// icon and tint.
const ORDER_STATE_CARDS = [
  // Pending: not paid yet, whether by transfer, by pay link or in cash on delivery.
  ['pendiente', 'Órdenes pendientes', 'Todavía sin pagar', ClockIcon, 'bg-sun-light'],
  ['pagado', 'Pagadas sin entregar', 'Listas para enviar', TruckIcon, 'bg-brand-light'],
] as const;

/** The orders list's filter for this month's sales: Honduras days from the month's first to today, none closed unsold. */
function thisMonthsOrders(now = new Date()): string {
  return new URLSearchParams({ estado: 'ventas', desde: shopDay(shopMonthStart(now)), hasta: shopDay(now) }).toString();
}

function TodayFigures({ stats }: { stats: AdminStats }) {
  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        {ORDER_STATE_CARDS.map(([estado, label, detail, icon, tint]) => (
          <StatCard
            key={estado}
            to={`/ordenes-pendientes?estado=${estado}`}
            label={label}
            value={estado === 'pendiente' ? stats.pendingOrders : stats.paidNotDelivered}
            detail={detail}
            icon={icon}
            tint={tint}
          />
        ))}
        <StatCard
          to={`/ordenes-pendientes?${thisMonthsOrders()}`}
          label="Ventas del mes"
          value={formatLempiras(stats.salesThisMonth)}
          // What was ordered, and of it what is already paid: unpaid pending orders count as sales (decision 0023).
          detail={`${countOf(stats.ordersThisMonth, 'orden', 'órdenes')} este mes · cobrado ${formatLempiras(stats.paidThisMonth)}`}
          className="col-span-2 sm:col-span-1"
          icon={CoinsIcon}
          tint="bg-mint"
        />
      </div>
      <section aria-labelledby="sales-by-day" className="card mt-4 min-w-0 p-5">
        <h3 id="sales-by-day" className="font-display text-lg font-bold">
          Ventas por día
        </h3>
        <div className="mt-3">
          <SalesChart days={stats.salesByDay} />
        </div>
      </section>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <section aria-labelledby="best-sellers" className="card min-w-0 p-5">
          <h3 id="best-sellers" className="font-display text-lg font-bold">
            Los más vendidos
          </h3>
          {stats.bestSellers.length === 0 ? (
            <p className="mt-3 text-ink-soft">Todavía no hay ventas.</p>
          ) : (
            <ol className="mt-3 divide-y divide-sand">
              {stats.bestSellers.map((item, index) => (
                <li key={item.productId}>
                  <Link
                    to={productInAdmin(item.name)}
                    className="flex min-h-11 flex-wrap items-center gap-3 py-2 hover:underline"
                  >
                    <span aria-hidden="true" className="w-5 text-center font-bold text-ink-soft">
                      {index + 1}
                    </span>
                    {item.imageUrl ? (
                      <img
                        src={assetUrl(item.imageUrl)}
                        alt=""
                        width={40}
                        height={40}
                        className="size-10 rounded-lg object-cover"
                      />
                    ) : (
                      <span aria-hidden="true" className="size-10 rounded-lg bg-sand" />
                    )}
                    <span className="min-w-0 flex-1 font-semibold break-words line-clamp-2">{item.name}</span>
                    <span className="whitespace-nowrap text-sm text-ink-soft">
                      {countOf(item.unitsSold, 'vendido', 'vendidos')}
                    </span>
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="low-stock" className="card min-w-0 p-5">
          <h3 id="low-stock" className="font-display text-lg font-bold">
            Poco stock ({stats.lowStockThreshold} o menos)
          </h3>
          <LowStockThresholdForm key={stats.lowStockThreshold} threshold={stats.lowStockThreshold} />
          {stats.lowStock.length === 0 ? (
            <p className="mt-3 text-ink-soft">Todo el catálogo tiene stock suficiente.</p>
          ) : (
            <ul className="mt-3 divide-y divide-sand">
              {stats.lowStock.map((item) => (
                <li key={item.productId}>
                  <Link
                    to={productInAdmin(item.name)}
                    className="flex min-h-11 flex-wrap items-center gap-3 py-2 hover:underline"
                  >
                    <span className="min-w-0 flex-1 font-semibold break-words line-clamp-2">{item.name}</span>
                    <span
                      className={cn(
                        'whitespace-nowrap rounded-full px-2.5 py-0.5 text-sm',
                        'font-bold',
                        item.stock === 0 ? 'bg-coral-light text-danger' : 'bg-sun-light text-ink',
                      )}
                    >
                      {item.stock === 0 ? 'Agotado' : unitsLeft(item.stock)}
                    </span>
                    {/* Families waiting to be e-mailed when it is back (decision 0040): what to restock first. */}
                    {item.waiting > 0 && (
                      <span className="text-sm whitespace-nowrap text-ink-soft">
                        {item.waiting === 1 ? '1 familia espera' : `${item.waiting} familias esperan`}
                      </span>
                    )}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

function FiguresSkeleton() {
  return (
    <div role="status" className="grid gap-4 sm:grid-cols-3">
      <span className="sr-only">Cargando cifras...</span>
      {[0, 1, 2].map((key) => (
        <div key={key} className="card flex items-center gap-4 p-5">
          <Skeleton className="size-12 rounded-2xl" />
          <SkeletonBars className="flex-1 space-y-2" bars={['h-3 w-2/3', 'h-6 w-1/2']} />
        </div>
      ))}
    </div>
  );
}

/** A product's row in the products admin (its search by name), where the owner restocks or edits it. */
const productInAdmin = (name: string) => `/admin/productos?q=${encodeURIComponent(name)}`;

// spec §2 Admin home, plus today's figures above the tiles.
export function Component() {
  const stats = useAdminStats();
  return (
    <AdminPage
      title="Panel de administración"
      eyebrow={null}
      description="Así va la tienda hoy. Toca una cifra para ir a lo que la explica."
    >
      <section aria-labelledby="today">
        <h2 id="today" className="sr-only">
          Hoy en la tienda
        </h2>
        {stats.isPending ? (
          <FiguresSkeleton />
        ) : stats.isError ? (
          <ErrorNotice action={<RetryButton busy={stats.isFetching} onClick={() => void stats.refetch()} />}>
            No se pudieron cargar las cifras de hoy.
          </ErrorNotice>
        ) : (
          <TodayFigures stats={stats.data} />
        )}
      </section>
      <section aria-labelledby="manage" className="mt-10">
        <h2 id="manage" className="font-display text-xl font-bold text-ink">
          Administrar
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {TILES.map(({ to, title, text, icon: IconComponent, tint }) => (
            <li key={to}>
              <Link
                to={to}
                className="card group flex h-full items-start gap-4 p-5 transition hover:-translate-y-0.5 hover:shadow-md"
              >
                <span className={`flex size-12 shrink-0 items-center justify-center rounded-2xl text-ink ${tint}`}>
                  <IconComponent width={24} height={24} />
                </span>
                <span className="min-w-0">
                  <span className="block font-display text-lg font-bold text-ink group-hover:underline">{title}</span>
                  <span className="mt-1 block text-sm text-ink-soft">{text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <BackupsCard />
    </AdminPage>
  );
}
