import { BEST_SELLERS_LIMIT, LOW_STOCK_THRESHOLD, type AdminStats } from '@tienda/shared/orders';
import type { DbOrTx } from '../../db/database.js';
import { imageUrl } from '../../lib/images.js';

export async function countByStatus(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.count)]));
}

/** Sum of totals (cents) and number of the orders placed at or after `sinceIso`. */
export async function salesSince(db: DbOrTx, sinceIso: string): Promise<{ totalCents: number; count: number }> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('total_cents'), eb.lit(0)).as('total'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where('created_at', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return { totalCents: Number(row.total), count: Number(row.count) };
}

/** Units sold per product still in the catalogue, most first (ties: lower id first). */
export async function bestSellers(db: DbOrTx): Promise<AdminStats['bestSellers']> {
  const rows = await db
    .selectFrom('order_products')
    .innerJoin('products', 'products.id', 'order_products.product_id')
    .select((eb) => [
      'products.id',
      'products.name',
      'products.image_key',
      eb.fn.sum<number>('order_products.quantity').as('units'),
    ])
    .groupBy(['products.id', 'products.name', 'products.image_key'])
    .orderBy('units', 'desc')
    .orderBy('products.id')
    .limit(BEST_SELLERS_LIMIT)
    .execute();
  return rows.map((r) => ({
    productId: r.id,
    name: r.name,
    unitsSold: Number(r.units),
    imageUrl: imageUrl(r.image_key),
  }));
}

export async function lowStock(db: DbOrTx): Promise<AdminStats['lowStock']> {
  const rows = await db
    .selectFrom('products')
    .select(['id', 'name', 'stock', 'image_key'])
    .where('stock', '<=', LOW_STOCK_THRESHOLD)
    .orderBy('stock')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ productId: r.id, name: r.name, stock: r.stock, imageUrl: imageUrl(r.image_key) }));
}
