import { CART_MESSAGES, onlyLeftMessage, overMaxMessage, type CartLine } from '@tienda/shared/cart';
import { maxQuantity } from '@tienda/shared/quantity';
import { QUANTITY_MAX } from '@tienda/shared/constants';
import { REPLIES } from '../../replies.js';
import type { DbOrTx } from '../../db/database.js';
import { foreignKeyColumn, isForeignKeyViolation } from '../../db/errors.js';
import { conflict, notFound } from '../../errors.js';
import * as repo from './cart.repository.js';
import type { CartItem, CartItemKind } from './cart.repository.js';

// spec §5/§9: a cart line holds 1–99 units and never more than the item's stock.

const notFoundMessage = (kind: CartItemKind) =>
  kind === 'product' ? CART_MESSAGES.productNotFound : CART_MESSAGES.comboNotFound;
const outOfStockMessage = (kind: CartItemKind) =>
  kind === 'product' ? CART_MESSAGES.productOutOfStock : CART_MESSAGES.comboOutOfStock;
const notInCartMessage = (kind: CartItemKind) =>
  kind === 'product' ? CART_MESSAGES.productNotInCart : CART_MESSAGES.comboNotInCart;

async function requireItem(db: DbOrTx, kind: CartItemKind, itemId: number): Promise<CartItem> {
  const item = await repo.findItem(db, kind, itemId);
  if (!item) throw notFound(notFoundMessage(kind));
  return item;
}

/** The reason `wanted` units in total cannot sit in the cart, or null when they can. */
function refusal(kind: CartItemKind, item: CartItem, inCart: number, wanted: number): string | null {
  if (item.stock <= 0) return outOfStockMessage(kind);
  // The tighter of the two limits speaks: stock below 99 names the units left, otherwise the 99 cap.
  if (wanted > item.stock && item.stock < QUANTITY_MAX) return onlyLeftMessage(item.name, item.stock, inCart);
  if (wanted > QUANTITY_MAX) return overMaxMessage(item.name, inCart);
  return null;
}

async function lineOf(db: DbOrTx, userId: number, kind: CartItemKind, itemId: number): Promise<CartLine> {
  const [line] = await repo.listLines(db, userId, { kind, itemId });
  if (!line) throw notFound(notInCartMessage(kind));
  return line;
}

export function getCart(db: DbOrTx, userId: number): Promise<CartLine[]> {
  return repo.listLines(db, userId);
}

/** AddProduct / AddCombo: an item already in the cart has its quantity raised (spec §7 Cart). */
export async function addItem(
  db: DbOrTx,
  userId: number,
  kind: CartItemKind,
  itemId: number,
  quantity: number,
): Promise<CartLine> {
  const item = await requireItem(db, kind, itemId);
  const inCart = (await repo.findLineQuantity(db, userId, kind, itemId)) ?? 0;
  const reason = refusal(kind, item, inCart, inCart + quantity);
  if (reason) throw conflict(reason);
  const added = await repo
    .addToLine(db, userId, kind, itemId, quantity, maxQuantity(item.stock))
    .catch(async (error: unknown) => {
      // Deleted between the check above and this write: name what vanished, the account or the item (the line's
      // only two references). PostgreSQL names the constraint; on SQLite, an account still there means the item.
      if (!isForeignKeyViolation(error)) throw error;
      const column = foreignKeyColumn(error, 'cart_items');
      const accountGone = column ? column === 'user_id' : !(await repo.userExists(db, userId));
      throw notFound(accountGone ? REPLIES.userNotFound : notFoundMessage(kind));
    });
  if (added === undefined) {
    // Another request changed the line or the stock between the check and the write: explain with fresh figures.
    const fresh = (await repo.findItem(db, kind, itemId)) ?? item;
    const nowInCart = (await repo.findLineQuantity(db, userId, kind, itemId)) ?? 0;
    throw conflict(
      refusal(kind, fresh, nowInCart, nowInCart + quantity) ?? onlyLeftMessage(fresh.name, fresh.stock, nowInCart),
    );
  }
  return lineOf(db, userId, kind, itemId);
}

export async function removeItem(db: DbOrTx, userId: number, kind: CartItemKind, itemId: number): Promise<void> {
  // Removing what is not there is already done: a double click must not show an error.
  await repo.removeLine(db, userId, kind, itemId);
}

/** Increment stops at stock and at 99 with a reason; decrement stops quietly at 1 (spec §5). */
export async function stepItem(
  db: DbOrTx,
  userId: number,
  kind: CartItemKind,
  itemId: number,
  delta: 1 | -1,
): Promise<CartLine> {
  const item = await requireItem(db, kind, itemId);
  if (delta > 0) {
    const changed = await repo.stepLine(db, userId, kind, itemId, 1, maxQuantity(item.stock));
    if (changed === 0) {
      const inCart = await repo.findLineQuantity(db, userId, kind, itemId);
      if (inCart === undefined) throw notFound(notInCartMessage(kind));
      throw conflict(refusal(kind, item, 0, inCart + 1) ?? onlyLeftMessage(item.name, item.stock));
    }
  } else {
    await repo.stepLine(db, userId, kind, itemId, -1, 1);
  }
  return lineOf(db, userId, kind, itemId);
}
