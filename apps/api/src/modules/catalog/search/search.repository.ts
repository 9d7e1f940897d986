import type { DbOrTx } from '../../../db/database.js';
import type { ImageRow } from '../catalogue-item.repository.js';
import { loadProductDetails, type CategoryRef } from '../products.repository.js';
import { chunks } from '../input.js';

/** What the index keeps of a product: what it matches and sorts on, and what its page and a shop card show. */
export interface SearchableProductRow {
  id: number;
  name: string;
  description: string;
  price_cents: number;
  discount_bp: number;
  stock: number;
  image_key: string | null;
  created_at: string | Date;
  categories: CategoryRef[];
  /** Secondary images, in position order. */
  images: ImageRow[];
}

export interface ProductChange {
  seq: number;
  product_id: number;
}

/** Adds each product's categories and secondary images (products.repository.ts, a query each per slice of ids). */
async function withDetails(
  db: DbOrTx,
  rows: Omit<SearchableProductRow, 'categories' | 'images'>[],
  ids: readonly number[],
): Promise<SearchableProductRow[]> {
  const { categories, images } = await loadProductDetails(db, ids);
  return rows.map((row) => ({ ...row, categories: categories.get(row.id) ?? [], images: images.get(row.id) ?? [] }));
}

const COLUMNS = [
  'id',
  'name',
  'description',
  'price_cents',
  'discount_bp',
  'stock',
  'image_key',
  'created_at',
] as const;

/**
 * The whole catalogue as the index reads it, `batchSize` products at a time in id order: each batch's rows are
 * garbage before the next is read, so a load of 50,000 products does not leave the heap grown by all their rows.
 */
export async function* searchableProductBatches(db: DbOrTx, batchSize: number): AsyncGenerator<SearchableProductRow[]> {
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('products')
      .select(COLUMNS)
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return;
    yield withDetails(
      db,
      rows,
      rows.map((row) => row.id),
    );
    if (rows.length < batchSize) return;
    after = rows.at(-1)!.id;
  }
}

/** The current state of some products; an id that is not returned was deleted. */
export async function loadSearchableProductsById(db: DbOrTx, ids: readonly number[]): Promise<SearchableProductRow[]> {
  const rows = [];
  for (const part of chunks(ids))
    rows.push(...(await db.selectFrom('products').select(COLUMNS).where('id', 'in', part).execute()));
  return withDetails(db, rows, ids);
}

/** The newest change's number (0 when none is logged). */
export async function lastProductChange(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('product_changes')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** Changes logged after `seq`, oldest first. */
export async function productChangesAfter(db: DbOrTx, seq: number, limit: number): Promise<ProductChange[]> {
  const rows = await db
    .selectFrom('product_changes')
    .select(['seq', 'product_id'])
    .where('seq', '>', seq)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ seq: Number(row.seq), product_id: row.product_id }));
}

export async function pruneProductChanges(db: DbOrTx, olderThanIso: string): Promise<void> {
  await db.deleteFrom('product_changes').where('changed_at', '<', olderThanIso).execute();
}
