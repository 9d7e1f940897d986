import { z } from 'zod';
import { STOCK_EDIT_MESSAGES } from '@tienda/shared/catalog';
import type { DbOrTx } from '../../db/database.js';
import { conflict } from '../../errors.js';
import type { MultipartForm } from '../../lib/multipart.js';
import { firstField } from '../../lib/multipart.js';
import { parseInput } from './input.js';
import { addStockIfEnough, setStock, stockOf, type StockTable } from './stock.repository.js';

// An admin's form applies its stock as the change the admin made to what they saw, so units sold while the form
// was open stay sold (docs/decisions/0021-stock-edits-as-changes.md).

const stockLoadedSchema = z.object({
  stockLoaded: z.coerce
    .number({ message: STOCK_EDIT_MESSAGES.stockLoadedInvalid })
    .int(STOCK_EDIT_MESSAGES.stockLoadedInvalid)
    .min(0, STOCK_EDIT_MESSAGES.stockLoadedInvalid)
    .optional(),
});

/** The optional `stockLoaded` field of an edit form: the stock the form showed when it was opened. */
export function readStockLoaded(form: MultipartForm): number | undefined {
  const raw = firstField(form, 'stockLoaded');
  return parseInput(stockLoadedSchema, { stockLoaded: raw === '' ? undefined : raw }).stockLoaded;
}

/**
 * Writes the edited stock inside the item's transaction. Without `stockLoaded` (the spec's own form) the value is
 * set as sent; with it, the difference is added in one conditional statement, so an order committing at the same
 * moment is counted too; a change that would leave fewer than zero units is a 409 naming what is left.
 */
export async function writeEditedStock(
  tx: DbOrTx,
  table: StockTable,
  id: number,
  submitted: number,
  stockLoaded: number | undefined,
): Promise<void> {
  if (stockLoaded === undefined) return setStock(tx, table, id, submitted);
  if (await addStockIfEnough(tx, table, id, submitted - stockLoaded)) return;
  throw conflict(STOCK_EDIT_MESSAGES.wouldGoNegative(await stockOf(tx, table, id)));
}
