import type { DbOrTx } from '../db/database.js';

export interface BackupCounts {
  orders: number;
  products: number;
  combos: number;
  users: number;
  /** Distinct images some row names (products, combos, their galleries and order snapshots). */
  images: number;
}

async function count(db: DbOrTx, table: 'orders' | 'products' | 'combos' | 'users'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every image key a row of the snapshot names. */
export async function referencedImageKeysInSnapshot(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectFrom('products')
    .select('image_key')
    .union(db.selectFrom('product_images').select('image_key'))
    .union(db.selectFrom('combos').select('image_key'))
    .union(db.selectFrom('combo_images').select('image_key'))
    .union(db.selectFrom('order_products').select('image_key'))
    .union(db.selectFrom('order_combos').select('image_key'))
    .execute();
  return rows.map((row) => row.image_key).filter((key): key is string => !!key);
}

export async function countBackedUpRecords(db: DbOrTx): Promise<BackupCounts> {
  return {
    orders: await count(db, 'orders'),
    products: await count(db, 'products'),
    combos: await count(db, 'combos'),
    users: await count(db, 'users'),
    images: (await referencedImageKeysInSnapshot(db)).length,
  };
}
