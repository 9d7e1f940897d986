import type { Selectable } from 'kysely';
import type { Category } from '@tienda/shared/catalog';
import type { DbOrTx } from '../../db/database.js';
import type { CategoriesTable } from '../../db/schema.js';
import { nowIso } from '../../db/timestamps.js';
import { chunks } from './input.js';

export type CategoryRow = Selectable<CategoriesTable>;

/** The one row → JSON mapping for categories (spec §3). */
export function toCategoryJson(row: Pick<CategoryRow, 'id' | 'name' | 'description'>): Category {
  return { categoryId: row.id, name: row.name, description: row.description };
}

export function findAllCategories(db: DbOrTx): Promise<CategoryRow[]> {
  return db.selectFrom('categories').selectAll().execute();
}

export function findCategoryById(db: DbOrTx, id: number): Promise<CategoryRow | undefined> {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertCategory(db: DbOrTx, values: { name: string; description: string }): Promise<CategoryRow> {
  return db
    .insertInto('categories')
    .values({ ...values, created_at: nowIso() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateCategory(
  db: DbOrTx,
  id: number,
  values: { name: string; description: string },
): Promise<CategoryRow | undefined> {
  return db.updateTable('categories').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Deletes a category; product_categories rows go with it (ON DELETE CASCADE), so products just lose the link. */
export async function deleteCategory(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The subset of `ids` that exist. */
export async function existingCategoryIds(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (const part of chunks(ids)) {
    const rows = await db.selectFrom('categories').select('id').where('id', 'in', part).execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}
