import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { formatLempiras } from '@tienda/shared/pricing';
import type { AdminStats } from '@tienda/shared/orders';
import { formatShopDay } from '../../../lib/dates';
import { countOf } from '@tienda/shared/plural';

// Sales per day as bars, drawn in SVG by hand: thirty rectangles need no chart library in the bundle
// (docs/decisions/0023-owner-dashboard.md). The figures are also a table for screen readers. A bar's day is read by
// tapping it (the owner's phone has no hover for the bars' titles).
const WIDTH = 300;
const HEIGHT = 120;
const GAP = 2;

export function SalesChart({ days }: { days: AdminStats['salesByDay'] }) {
  const best = days.reduce(
    (top, day) => (day.total > top.total ? day : top),
    days[0] ?? { day: '', total: 0, orders: 0 },
  );
  const total = days.reduce((sum, day) => sum + day.total, 0);
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  const barWidth = WIDTH / Math.max(days.length, 1);
  const scale = best.total > 0 ? (HEIGHT - 4) / best.total : 0;
  const [picked, setPicked] = useState<number | null>(null);
  const pickedDay = picked === null ? undefined : days[picked];
  // The day under the tap: a bar is a few pixels wide on a phone, so the tap picks the day of its slice of the width.
  const pick = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0 || days.length === 0) return;
    const index = Math.floor(((event.clientX - box.left) / box.width) * days.length);
    setPicked(Math.min(days.length - 1, Math.max(0, index)));
  };
  const summary =
    orders === 0
      ? `Sin ventas en los últimos ${days.length} días.`
      : `Ventas de los últimos ${days.length} días: ${formatLempiras(total)} en ${countOf(orders, 'orden', 'órdenes')}. El mejor día, ${formatShopDay(best.day)}: ${formatLempiras(best.total)}.`;
  return (
    <figure className="min-w-0">
      {/* The card's rounded corners sit in its side padding: they no longer cut the first and last days' bars. */}
      <div className="relative rounded-xl bg-cream px-2">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={summary}
          className="block h-36 w-full cursor-pointer"
          onClick={pick}
        >
          {days.map((day, index) => {
            const height = Math.max(day.total * scale, day.orders > 0 ? 2 : 0);
            return (
              <rect
                key={day.day}
                data-testid="sales-bar"
                x={index * barWidth + GAP / 2}
                y={HEIGHT - height}
                width={barWidth - GAP}
                height={height}
                rx={1.5}
                className={
                  index === picked
                    ? 'fill-coral'
                    : day.day === best.day && best.total > 0
                      ? 'fill-brand-dark'
                      : 'fill-brand'
                }
              >
                <title>{`${formatShopDay(day.day)}: ${formatLempiras(day.total)}`}</title>
              </rect>
            );
          })}
        </svg>
        {best.total > 0 && (
          // The amount scale: the best day's height and half of it, as dashed lines with their amounts (HTML, since
          // the drawing stretches to the card's width).
          <div aria-hidden="true" className="pointer-events-none absolute inset-0">
            {[1, 0.5].map((share) => (
              <div
                key={share}
                data-testid="sales-scale"
                className="absolute inset-x-0 border-t border-dashed border-ink-soft/40"
                style={{ top: `${100 - (share * (HEIGHT - 4) * 100) / HEIGHT}%` }}
              >
                <span className="absolute bottom-full left-1 mb-0.5 rounded bg-cream/90 px-1 text-xs text-ink-soft">
                  {formatLempiras(best.total * share)}
                </span>
              </div>
            ))}
          </div>
        )}
      </div>
      <figcaption className="mt-2 flex justify-between text-xs text-ink-soft" aria-hidden="true">
        <span>{days[0] && formatShopDay(days[0].day)}</span>
        <span>hoy</span>
      </figcaption>
      <p className="mt-2 text-sm text-ink">{summary}</p>
      <p className="mt-1 text-sm font-semibold text-ink" aria-hidden="true" data-testid="sales-picked-day">
        {pickedDay
          ? `${formatShopDay(pickedDay.day)}: ${formatLempiras(pickedDay.total)} en ${countOf(pickedDay.orders, 'orden', 'órdenes')}.`
          : 'Toca una barra para ver las ventas de ese día.'}
      </p>
      {pickedDay && pickedDay.orders > 0 && (
        // From a day that stands out to the orders behind it: the orders list's own date filter, kept in its address.
        <Link
          to={`/ordenes-pendientes?desde=${pickedDay.day}&hasta=${pickedDay.day}`}
          className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-brand-dark underline"
        >
          Ver las órdenes de ese día
        </Link>
      )}
      {/* sr-only on a wrapper: a table ignores overflow, so at 200 % text its rows widened the page by 93 px. */}
      <div className="sr-only">
        <table>
          <caption>Ventas por día</caption>
          <thead>
            <tr>
              <th scope="col">Día</th>
              <th scope="col">Órdenes</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{formatShopDay(day.day)}</th>
                <td>{day.orders}</td>
                <td>{formatLempiras(day.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
