import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { randomKey } from '../../../lib/random-key';

/** What an item's edit form sends beside the spec's fields (docs/decisions/0021-stock-edits-as-changes.md). */
export interface StockEdit {
  /** The stock the form showed when it opened, or when it started again after a conflict. */
  stockLoaded?: number;
  /** One per opened form: saving it again adds its change once. */
  stockEditSession: string;
}

/**
 * The stock edit of a form that opens on `stockShown` (undefined in create mode, and until the item is read).
 *
 * A save gets a 409 when the units sold meanwhile would leave fewer than zero. Sent again as it was, it would fail
 * the same way for as long as the form stayed open, although the message asks her to save again. `afterFailedSave`
 * lets the form go on from the stock there is now, in a new session: saving again then sets the stock she typed.
 */
export function useStockEdit(stockShown: number | undefined) {
  const [edit, setEdit] = useState<StockEdit>(() => ({ stockLoaded: stockShown, stockEditSession: randomKey() }));
  if (edit.stockLoaded === undefined && stockShown !== undefined) setEdit({ ...edit, stockLoaded: stockShown });
  return {
    edit,
    /** After a failed save: if it was the stock's 409, goes on from the stock `readItem` finds now. */
    afterFailedSave: (error: unknown, readItem: () => Promise<{ stock: number }>) => {
      if (!isStockConflict(error)) return;
      void readItem().then(
        ({ stock }) => setEdit({ stockLoaded: stock, stockEditSession: randomKey() }),
        () => {},
      );
    },
    /** The form closed: the next one opens on its own item's stock, in a session of its own. */
    forget: () => setEdit({ stockLoaded: undefined, stockEditSession: randomKey() }),
  };
}

/** A save refused because the stock would go below zero: the only 409 an item's save answers. */
const isStockConflict = (error: unknown): boolean => error instanceof ApiError && error.status === 409;
