import { sql } from 'kysely';
import { CLOSED_UNSOLD, ORDER_STATUS } from '@tienda/shared/constants';
import { BEST_SELLERS_LIMIT, type AdminStats } from '@tienda/shared/orders';
import type { DbOrTx } from '../../db/database.js';
import { nowIso } from '../../db/timestamps.js';
import { imageUrl } from '../../lib/images.js';

export async function countByStatus(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.count)]));
}

/**
 * Sum of totals (cents) and number of the sales placed at or after `sinceIso`, and the sum of those already paid
 * (any status but pending: Pagado, or one that reads as Entregado, spec §4).
 */
export async function salesSince(
  db: DbOrTx,
  sinceIso: string,
): Promise<{ totalCents: number; count: number; paidCents: number }> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('total_cents'), eb.lit(0)).as('total'),
      eb.fn.countAll<number>().as('count'),
      sql<number>`coalesce(sum(case when status <> ${ORDER_STATUS.PENDING} then total_cents else 0 end), 0)`.as('paid'),
    ])
    .where('created_at', '>=', sinceIso)
    .where('status', 'not in', CLOSED_UNSOLD)
    .executeTakeFirstOrThrow();
  return { totalCents: Number(row.total), count: Number(row.count), paidCents: Number(row.paid) };
}

/** When each sale since `sinceIso` was placed, and its total: the chart groups them by Honduras day. */
export async function salesPlacedSince(
  db: DbOrTx,
  sinceIso: string,
): Promise<Array<{ createdAt: string | Date; totalCents: number }>> {
  const rows = await db
    .selectFrom('orders')
    .select(['created_at', 'total_cents'])
    .where('created_at', '>=', sinceIso)
    .where('status', 'not in', CLOSED_UNSOLD)
    .execute();
  return rows.map((row) => ({ createdAt: row.created_at, totalCents: row.total_cents }));
}

/** Units sold per product still in the catalogue, most first; ties as the storefront's best sellers (findFeatured). */
export async function bestSellers(db: DbOrTx): Promise<AdminStats['bestSellers']> {
  const rows = await db
    .selectFrom('order_products')
    .innerJoin('orders', 'orders.id', 'order_products.order_id')
    .innerJoin('products', 'products.id', 'order_products.product_id')
    .select((eb) => [
      'products.id',
      'products.name',
      'products.image_key',
      eb.fn.sum<number>('order_products.quantity').as('units'),
    ])
    .where('orders.status', 'not in', CLOSED_UNSOLD)
    .groupBy(['products.id', 'products.name', 'products.image_key', 'products.created_at'])
    .orderBy('units', 'desc')
    .orderBy('products.created_at', 'desc')
    .orderBy('products.id', 'desc')
    .limit(BEST_SELLERS_LIMIT)
    .execute();
  return rows.map((r) => ({
    productId: r.id,
    name: r.name,
    unitsSold: Number(r.units),
    imageUrl: imageUrl(r.image_key),
  }));
}

export async function lowStock(db: DbOrTx, threshold: number): Promise<AdminStats['lowStock']> {
  const rows = await db
    .selectFrom('products')
    .select(['id', 'name', 'stock', 'image_key'])
    .select((eb) =>
      eb
        .selectFrom('stock_alerts')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('stock_alerts.product_id', '=', 'products.id')
        .as('waiting'),
    )
    .where('stock', '<=', threshold)
    .orderBy('stock')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    productId: r.id,
    name: r.name,
    stock: r.stock,
    imageUrl: imageUrl(r.image_key),
    waiting: Number(r.waiting ?? 0),
  }));
}

export async function readSetting(db: DbOrTx, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('shop_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function writeSetting(db: DbOrTx, key: string, value: string): Promise<void> {
  const updated_at = nowIso();
  await db
    .insertInto('shop_settings')
    .values({ key, value, updated_at })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updated_at }))
    .execute();
}
