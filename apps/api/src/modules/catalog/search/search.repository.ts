import type { DbOrTx } from '../../../db/database.js';
import { chunks } from '../input.js';

/** What the search index keeps of a product: what it matches and sorts on, and what a shop card shows. */
export interface SearchableProductRow {
  id: number;
  name: string;
  description: string;
  price_cents: number;
  discount_bp: number;
  stock: number;
  image_key: string | null;
  created_at: string | Date;
  categoryIds: number[];
}

export interface ProductChange {
  seq: number;
  product_id: number;
}

async function withCategories(
  db: DbOrTx,
  rows: Omit<SearchableProductRow, 'categoryIds'>[],
  ids: readonly number[] | null,
): Promise<SearchableProductRow[]> {
  const categories = new Map<number, number[]>();
  const parts = ids === null ? [null] : chunks(ids);
  for (const part of parts) {
    let query = db.selectFrom('product_categories').select(['product_id', 'category_id']);
    if (part) query = query.where('product_id', 'in', part);
    for (const link of await query.execute()) {
      categories.set(link.product_id, [...(categories.get(link.product_id) ?? []), link.category_id]);
    }
  }
  return rows.map((row) => ({ ...row, categoryIds: categories.get(row.id) ?? [] }));
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

/** The whole catalogue as the index reads it: two queries, whatever its size. */
export async function loadSearchableProducts(db: DbOrTx): Promise<SearchableProductRow[]> {
  const rows = await db.selectFrom('products').select(COLUMNS).execute();
  return withCategories(db, rows, null);
}

/** The current state of some products; an id that is not returned was deleted. */
export async function loadSearchableProductsById(db: DbOrTx, ids: readonly number[]): Promise<SearchableProductRow[]> {
  const rows = [];
  for (const part of chunks(ids))
    rows.push(...(await db.selectFrom('products').select(COLUMNS).where('id', 'in', part).execute()));
  return withCategories(db, rows, ids);
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
