import { ORDER_STATUS } from '@tienda/shared/constants';
import type { AdminStats } from '@tienda/shared/orders';
import { fromCents } from '@tienda/shared/pricing';
import type { DbOrTx } from '../../db/database.js';
import * as repo from './admin-stats.repository.js';

// Honduras keeps UTC−6 all year (no daylight saving time).
const HONDURAS_OFFSET_MS = -6 * 60 * 60 * 1000;

/** The instant the current calendar month began in Honduras, as ISO-8601 UTC. */
export function monthStartInHonduras(now: Date = new Date()): string {
  const local = new Date(now.getTime() + HONDURAS_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - HONDURAS_OFFSET_MS).toISOString();
}

/**
 * The admin home's figures. Sales this month count every order that exists
 * (pending, paid or delivered) placed since the month began in Honduras, delivery fee included: what
 * customers have committed to pay. Deleted orders are gone and do not count.
 */
export async function adminStats(db: DbOrTx, now: Date = new Date()): Promise<AdminStats> {
  const byStatus = await repo.countByStatus(db);
  const sales = await repo.salesSince(db, monthStartInHonduras(now));
  return {
    pendingOrders: byStatus.get(ORDER_STATUS.PENDING) ?? 0,
    paidNotDelivered: byStatus.get(ORDER_STATUS.PAID) ?? 0,
    salesThisMonth: fromCents(sales.totalCents),
    ordersThisMonth: sales.count,
    bestSellers: await repo.bestSellers(db),
    lowStock: await repo.lowStock(db),
  };
}
