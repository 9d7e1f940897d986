import { CART_MESSAGES, onlyLeftMessage, overMaxMessage, type CartLine } from '@tienda/shared/cart';
import { maxQuantity } from '@tienda/shared/quantity';
import { QUANTITY_MAX } from '@tienda/shared/constants';
import { IDEMPOTENCY } from '@tienda/shared/messages';
import { REPLIES } from '../../replies.js';
import type { Db, DbOrTx } from '../../db/database.js';
import type { IdempotentRequest } from '../../lib/idempotency.js';
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

export interface AddedLine {
  line: CartLine;
  /** true when an earlier request with the same Idempotency-Key made this add: nothing was added this time. */
  replayed: boolean;
}

/**
 * AddProduct / AddCombo: an item already in the cart has its quantity raised (spec §7 Cart). With an Idempotency-Key
 * (an extension; docs/decisions/0015-…, amendment of 2026-11-27), the add and its key are written together, so a
 * retry whose first answer was lost on the way answers the line instead of adding the units twice. A refused add
 * leaves no key behind: its retry runs afresh. If the line the key added has left the cart since (removed, or
 * ordered), the retry adds again: the family is asking for the item once more.
 */
export async function addItem(
  db: Db,
  userId: number,
  kind: CartItemKind,
  itemId: number,
  quantity: number,
  idempotency?: IdempotentRequest,
): Promise<AddedLine> {
  try {
    if (!idempotency) return { line: await addUnits(db, userId, kind, itemId, quantity), replayed: false };
    return await db.transaction().execute(async (tx) => {
      if (!(await repo.claimAddKey(tx, userId, idempotency.key, idempotency.requestHash))) {
        if ((await repo.addKeyHash(tx, userId, idempotency.key)) !== idempotency.requestHash) {
          throw conflict(IDEMPOTENCY.cartAddKeyReused);
        }
        const [line] = await repo.listLines(tx, userId, { kind, itemId });
        if (line) return { line, replayed: true };
      }
      return { line: await addUnits(tx, userId, kind, itemId, quantity), replayed: false };
    });
  } catch (error) {
    throw await namedVanishedRow(db, error, userId, kind);
  }
}

async function addUnits(
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
  const added = await repo.addToLine(db, userId, kind, itemId, quantity, maxQuantity(item.stock));
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

/**
 * An add that met a deleted row (between its checks and its write) names what vanished: the account or the item,
 * the only two rows a line or a key refers to. PostgreSQL names the constraint; on SQLite, an account still there
 * means the item. Read after the add's transaction has ended, on `db`. Other errors pass unchanged.
 */
async function namedVanishedRow(db: Db, error: unknown, userId: number, kind: CartItemKind): Promise<unknown> {
  if (!isForeignKeyViolation(error)) return error;
  const column = foreignKeyColumn(error, 'cart_items') ?? foreignKeyColumn(error, 'cart_add_keys');
  const accountGone = column ? column === 'user_id' : !(await repo.userExists(db, userId));
  return notFound(accountGone ? REPLIES.userNotFound : notFoundMessage(kind));
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
