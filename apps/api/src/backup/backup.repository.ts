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

/**
 * Claims `day` for a once-a-day job: true for the one caller (of every process on the database) whose claim lands,
 * false when the day is already taken.
 */
export async function claimDay(db: DbOrTx, job: string, day: string): Promise<boolean> {
  const inserted = await db
    .insertInto('scheduled_runs')
    .values({ job, day })
    .onConflict((oc) => oc.columns(['job', 'day']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Gives a claimed day back (the job failed), so a later check tries again. */
export async function releaseDay(db: DbOrTx, job: string, day: string): Promise<void> {
  await db.deleteFrom('scheduled_runs').where('job', '=', job).where('day', '=', day).execute();
}
