import { ORDER_STATUS } from '@tienda/shared/constants';
import {
  LOW_STOCK_THRESHOLD_DEFAULT,
  SALES_CHART_DAYS,
  type AdminSettings,
  type AdminStats,
} from '@tienda/shared/orders';
import { fromCents } from '@tienda/shared/pricing';
import { lastShopDays, shopDay, shopDayStart, shopMonthStart } from '@tienda/shared/shop-time';
import type { DbOrTx } from '../../db/database.js';
import * as repo from './admin-stats.repository.js';

const LOW_STOCK_KEY = 'low_stock_threshold';

/** The instant the current calendar month began in Honduras, as ISO-8601 UTC. */
export function monthStartInHonduras(now: Date = new Date()): string {
  return shopMonthStart(now).toISOString();
}

/**
 * The admin home's figures. Sales count every order that has not expired (pending, paid or delivered), delivery fee
 * included: what customers have committed to pay. Deleted orders are gone and do not count.
 */
export async function adminStats(db: DbOrTx, now: Date = new Date()): Promise<AdminStats> {
  const byStatus = await repo.countByStatus(db);
  const sales = await repo.salesSince(db, monthStartInHonduras(now));
  const lowStockThreshold = await readLowStockThreshold(db);
  return {
    pendingOrders: byStatus.get(ORDER_STATUS.PENDING) ?? 0,
    paidNotDelivered: byStatus.get(ORDER_STATUS.PAID) ?? 0,
    salesThisMonth: fromCents(sales.totalCents),
    ordersThisMonth: sales.count,
    paidThisMonth: fromCents(sales.paidCents),
    salesByDay: await salesByDay(db, now),
    lowStockThreshold,
    bestSellers: await repo.bestSellers(db),
    lowStock: await repo.lowStock(db, lowStockThreshold),
  };
}

/** Sales per Honduras day for the chart: every one of the last SALES_CHART_DAYS days, today last. */
async function salesByDay(db: DbOrTx, now: Date): Promise<AdminStats['salesByDay']> {
  const days = lastShopDays(SALES_CHART_DAYS, now);
  const byDay = new Map(days.map((day) => [day, { orders: 0, cents: 0 }]));
  for (const sale of await repo.salesPlacedSince(db, shopDayStart(days[0]!).toISOString())) {
    const entry = byDay.get(shopDay(sale.createdAt));
    if (!entry) continue; // placed after `now` (a clock set ahead): not in these days
    entry.orders += 1;
    entry.cents += sale.totalCents;
  }
  return days.map((day) => ({ day, orders: byDay.get(day)!.orders, total: fromCents(byDay.get(day)!.cents) }));
}

async function readLowStockThreshold(db: DbOrTx): Promise<number> {
  const stored = Number(await repo.readSetting(db, LOW_STOCK_KEY));
  return Number.isInteger(stored) && stored >= 0 ? stored : LOW_STOCK_THRESHOLD_DEFAULT;
}

export async function saveSettings(db: DbOrTx, settings: AdminSettings): Promise<AdminSettings> {
  await repo.writeSetting(db, LOW_STOCK_KEY, String(settings.lowStockThreshold));
  return { lowStockThreshold: await readLowStockThreshold(db) };
}
