import type { DbOrTx } from '../../db/database.js';

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

export async function stockOf(db: DbOrTx, table: StockTable, id: number): Promise<number> {
  const row = await db.selectFrom(table).select('stock').where('id', '=', id).executeTakeFirst();
  return row?.stock ?? 0;
}
