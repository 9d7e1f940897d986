import { z } from 'zod';
import { STOCK_EDIT_MESSAGES, STOCK_EDIT_SESSION_PATTERN } from '@tienda/shared/catalog';
import type { DbOrTx } from '../../db/database.js';
import { conflict } from '../../errors.js';
import type { MultipartForm } from '../../lib/multipart.js';
import { firstField } from '../../lib/multipart.js';
import { parseInput } from './input.js';
import {
  addStockIfEnough,
  appliedInSession,
  setAppliedInSession,
  setStock,
  stockOf,
  type StockTable,
} from './stock.repository.js';

// An admin's form applies its stock as the change the admin made to what they saw, so units sold while the form
// was open stay sold (docs/decisions/0021-stock-edits-as-changes.md).

const stockEditSchema = z.object({
  stockLoaded: z.coerce
    .number({ message: STOCK_EDIT_MESSAGES.stockLoadedInvalid })
    .int(STOCK_EDIT_MESSAGES.stockLoadedInvalid)
    .min(0, STOCK_EDIT_MESSAGES.stockLoadedInvalid)
    .optional(),
  stockEditSession: z.string().regex(STOCK_EDIT_SESSION_PATTERN, STOCK_EDIT_MESSAGES.sessionInvalid).optional(),
});

export interface StockEdit {
  /** The stock the form showed when it was opened. */
  loaded: number;
  /** The form's session, the same for every save of one opened form: a save again applies only what changed. */
  session: string | undefined;
}

/** The optional `stockLoaded` and `stockEditSession` fields of an edit form (beyond the spec). */
export function readStockEdit(form: MultipartForm): StockEdit | undefined {
  const loaded = firstField(form, 'stockLoaded');
  const session = firstField(form, 'stockEditSession');
  const parsed = parseInput(stockEditSchema, {
    stockLoaded: loaded === '' ? undefined : loaded,
    stockEditSession: session === '' ? undefined : session,
  });
  return parsed.stockLoaded === undefined
    ? undefined
    : { loaded: parsed.stockLoaded, session: parsed.stockEditSession };
}

/**
 * Writes the edited stock inside the item's transaction. Without `stockLoaded` (the spec's own form) the value is
 * set as sent; with it, the difference is added in one conditional statement, so an order committing at the same
 * moment is counted too; a change that would leave fewer than zero units is a 409 naming what is left. With a
 * session, only what the session has not applied yet is added: a save repeated after its answer was lost adds
 * nothing more, one with another stock adds the difference.
 */
export async function writeEditedStock(
  tx: DbOrTx,
  table: StockTable,
  id: number,
  submitted: number,
  edit: StockEdit | undefined,
): Promise<void> {
  if (edit === undefined) return setStock(tx, table, id, submitted);
  const wanted = submitted - edit.loaded;
  const applied = edit.session === undefined ? 0 : await appliedInSession(tx, table, id, edit.session);
  if (!(await addStockIfEnough(tx, table, id, wanted - applied))) {
    throw conflict(STOCK_EDIT_MESSAGES.wouldGoNegative(await stockOf(tx, table, id)));
  }
  if (edit.session !== undefined) await setAppliedInSession(tx, table, id, edit.session, wanted);
}
