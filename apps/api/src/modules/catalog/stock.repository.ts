import type { DbOrTx } from '../../db/database.js';
import { isPostgres } from '../../db/dialect.js';
import { nowIso } from '../../db/timestamps.js';

export type StockTable = 'products' | 'combos';

export async function setStock(db: DbOrTx, table: StockTable, id: number, stock: number): Promise<void> {
  await db.updateTable(table).set({ stock }).where('id', '=', id).execute();
}

/** Adds `change` (possibly negative) in one conditional statement; answers false when it would go below zero. */
export async function addStockIfEnough(db: DbOrTx, table: StockTable, id: number, change: number): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set((eb) => ({ stock: eb(eb.ref('stock'), '+', change) }))
    .where('id', '=', id)
    .where((eb) => eb(eb(eb.ref('stock'), '+', change), '>=', 0))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The change a form session (`key`) has applied to an item's stock so far, its row taken for the transaction: made
 * at 0 on the session's first save, and locked on PostgreSQL, so a double tap's two saves apply it once between them.
 */
export async function appliedInSession(db: DbOrTx, table: StockTable, id: number, key: string): Promise<number> {
  await db
    .insertInto('stock_edit_sessions')
    .values({ item_table: table, item_id: id, session_key: key, applied: 0, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['item_table', 'item_id', 'session_key']).doNothing())
    .execute();
  const query = db
    .selectFrom('stock_edit_sessions')
    .select('applied')
    .where('item_table', '=', table)
    .where('item_id', '=', id)
    .where('session_key', '=', key);
  const row = await (isPostgres(db) ? query.forUpdate() : query).executeTakeFirstOrThrow();
  return row.applied;
}

export async function setAppliedInSession(
  db: DbOrTx,
  table: StockTable,
  id: number,
  key: string,
  applied: number,
): Promise<void> {
  await db
    .updateTable('stock_edit_sessions')
    .set({ applied })
    .where('item_table', '=', table)
    .where('item_id', '=', id)
    .where('session_key', '=', key)
    .execute();
}

/** A form is saved within minutes of opening; a day-old session only costs space. */
export async function pruneStockEditSessions(db: DbOrTx, olderThan: string): Promise<void> {
  await db.deleteFrom('stock_edit_sessions').where('created_at', '<', olderThan).execute();
}

export async function stockOf(db: DbOrTx, table: StockTable, id: number): Promise<number> {
  const row = await db.selectFrom(table).select('stock').where('id', '=', id).executeTakeFirst();
  return row?.stock ?? 0;
}
