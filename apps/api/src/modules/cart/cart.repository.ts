import type { CartLine } from '@tienda/shared/cart';
import { fromCents, paidPriceCents } from '@tienda/shared/pricing';
import type { DbOrTx } from '../../db/database.js';
import { nowIso } from '../../db/timestamps.js';
import { imageUrl } from '../../lib/images.js';

// Reads the catalogue tables directly (products, combos) rather than the catalogue module's code:
// the cart only needs today's name, price, image and stock.

export type CartItemKind = 'product' | 'combo';

export interface CartItem {
  id: number;
  name: string;
  stock: number;
}

const itemColumn = (kind: CartItemKind) =>
  (kind === 'product' ? 'product_id' : 'combo_id') as 'product_id' | 'combo_id';

export async function findItem(db: DbOrTx, kind: CartItemKind, id: number): Promise<CartItem | undefined> {
  const table = kind === 'product' ? 'products' : 'combos';
  return db.selectFrom(table).select(['id', 'name', 'stock']).where('id', '=', id).executeTakeFirst();
}

export async function findLineQuantity(
  db: DbOrTx,
  userId: number,
  kind: CartItemKind,
  itemId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('cart_items')
    .select('quantity')
    .where('user_id', '=', userId)
    .where(itemColumn(kind), '=', itemId)
    .executeTakeFirst();
  return row?.quantity;
}

/**
 * Adds `quantity` to the user's line for the item, creating it when absent, in one statement so two
 * simultaneous adds cannot both pass the check (the unique (user_id, item) constraint makes the second
 * an update). The line only grows while the total stays within `limit`; otherwise nothing changes and
 * undefined comes back.
 */
export async function addToLine(
  db: DbOrTx,
  userId: number,
  kind: CartItemKind,
  itemId: number,
  quantity: number,
  limit: number,
): Promise<number | undefined> {
  const column = itemColumn(kind);
  const values = kind === 'product' ? { product_id: itemId } : { combo_id: itemId };
  const row = await db
    .insertInto('cart_items')
    .values({ user_id: userId, ...values, quantity, created_at: nowIso() })
    .onConflict((oc) =>
      oc
        .columns(['user_id', column])
        .doUpdateSet((eb) => ({ quantity: eb(eb.ref('cart_items.quantity'), '+', eb.ref('excluded.quantity')) }))
        .where((eb) => eb(eb(eb.ref('cart_items.quantity'), '+', eb.ref('excluded.quantity')), '<=', limit)),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Moves a line's quantity by ±1 within [1, upper]; answers how many rows changed (0 or 1). */
export async function stepLine(
  db: DbOrTx,
  userId: number,
  kind: CartItemKind,
  itemId: number,
  delta: 1 | -1,
  upper: number,
): Promise<number> {
  let query = db
    .updateTable('cart_items')
    .set((eb) => ({ quantity: eb(eb.ref('quantity'), '+', delta) }))
    .where('user_id', '=', userId)
    .where(itemColumn(kind), '=', itemId);
  query = delta > 0 ? query.where('quantity', '<', upper) : query.where('quantity', '>', 1);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function removeLine(db: DbOrTx, userId: number, kind: CartItemKind, itemId: number): Promise<void> {
  await db.deleteFrom('cart_items').where('user_id', '=', userId).where(itemColumn(kind), '=', itemId).execute();
}

/** The user's cart lines with today's name, price after discount, image and stock; oldest line first. */
export async function listLines(
  db: DbOrTx,
  userId: number,
  filter?: { kind: CartItemKind; itemId: number },
): Promise<CartLine[]> {
  let query = db
    .selectFrom('cart_items')
    .leftJoin('products', 'products.id', 'cart_items.product_id')
    .leftJoin('combos', 'combos.id', 'cart_items.combo_id')
    .select([
      'cart_items.id',
      'cart_items.product_id',
      'cart_items.combo_id',
      'cart_items.quantity',
      'products.name as product_name',
      'products.price_cents as product_price_cents',
      'products.discount_bp as product_discount_bp',
      'products.stock as product_stock',
      'products.image_key as product_image_key',
      'combos.name as combo_name',
      'combos.price_cents as combo_price_cents',
      'combos.stock as combo_stock',
      'combos.image_key as combo_image_key',
    ])
    .where('cart_items.user_id', '=', userId);
  if (filter) query = query.where(`cart_items.${itemColumn(filter.kind)}`, '=', filter.itemId);
  const rows = await query.orderBy('cart_items.id').execute();
  return rows.map(toCartLine);
}

type LineRow = {
  id: number;
  product_id: number | null;
  combo_id: number | null;
  quantity: number;
  product_name: string | null;
  product_price_cents: number | null;
  product_discount_bp: number | null;
  product_stock: number | null;
  product_image_key: string | null;
  combo_name: string | null;
  combo_price_cents: number | null;
  combo_stock: number | null;
  combo_image_key: string | null;
};

// spec §3 Cart line: price is today's price after discount (spec §9), subtotal = price × quantity in exact cents;
// listPrice (docs/decisions/0007-…) the price before the discount.
function toCartLine(row: LineRow): CartLine {
  const isProduct = row.product_id !== null;
  const listPriceCents = (isProduct ? row.product_price_cents : row.combo_price_cents) ?? 0;
  const priceCents = isProduct ? paidPriceCents(listPriceCents, row.product_discount_bp ?? 0) : listPriceCents;
  return {
    id: row.id,
    productId: row.product_id,
    comboId: row.combo_id,
    type: isProduct ? 'product' : 'combo',
    name: (isProduct ? row.product_name : row.combo_name) ?? '',
    imageUrl: imageUrl(isProduct ? row.product_image_key : row.combo_image_key),
    quantity: row.quantity,
    price: fromCents(priceCents),
    listPrice: fromCents(listPriceCents),
    subtotal: fromCents(priceCents * row.quantity),
    stock: (isProduct ? row.product_stock : row.combo_stock) ?? 0,
  };
}

export async function userExists(db: DbOrTx, userId: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

// Idempotency-Key of AddProduct / AddCombo (docs/decisions/0015-…, amendment of 2026-11-27).

/**
 * Takes the key for this add's transaction: true when taken. On PostgreSQL a second transaction with the same key
 * waits here until the first commits (then it is not taken) or rolls back (then it is); on SQLite writes run one at
 * a time, so the second one already sees the row.
 */
export async function claimAddKey(db: DbOrTx, userId: number, key: string, requestHash: string): Promise<boolean> {
  const row = await db
    .insertInto('cart_add_keys')
    .values({ user_id: userId, key, request_hash: requestHash, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

export async function addKeyHash(db: DbOrTx, userId: number, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('cart_add_keys')
    .select('request_hash')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.request_hash;
}

/** A retry comes within minutes of its add; a day-old key only costs space. */
export async function pruneAddKeys(db: DbOrTx, olderThan: string): Promise<void> {
  await db.deleteFrom('cart_add_keys').where('created_at', '<', olderThan).execute();
}
