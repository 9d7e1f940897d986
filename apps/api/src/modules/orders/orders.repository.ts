import type { Insertable, Selectable } from 'kysely';
import type { OrderComboJson, OrderJson, OrderProductJson } from '@tienda/shared/orders';
import { fromCents } from '@tienda/shared/pricing';
import type { DbOrTx } from '../../db/database.js';
import type { OrderCombosTable, OrderProductsTable, OrderRow, OrdersTable } from '../../db/schema.js';
import { toIsoString } from '../../db/timestamps.js';
import { imageUrl } from '../../lib/images.js';

// Reads products/combos straight from their tables: an order needs today's name, price, image and stock.

export interface PricedProduct {
  id: number;
  name: string;
  price_cents: number;
  discount_bp: number;
  image_key: string | null;
}

export interface PricedCombo {
  id: number;
  name: string;
  price_cents: number;
  image_key: string | null;
}

export async function findProducts(db: DbOrTx, ids: number[]): Promise<PricedProduct[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('products')
    .select(['id', 'name', 'price_cents', 'discount_bp', 'image_key'])
    .where('id', 'in', ids)
    .execute();
}

export async function findCombos(db: DbOrTx, ids: number[]): Promise<PricedCombo[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('combos').select(['id', 'name', 'price_cents', 'image_key']).where('id', 'in', ids).execute();
}

/**
 * Takes `quantity` units off the shelf only if that many are there, in one statement: concurrent buyers
 * cannot both pass (PostgreSQL re-checks the WHERE on the row's newest version; SQLite runs one writer).
 * Answers whether it did.
 */
export async function takeStock(
  db: DbOrTx,
  table: 'products' | 'combos',
  id: number,
  quantity: number,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set((eb) => ({ stock: eb(eb.ref('stock'), '-', quantity) }))
    .where('id', '=', id)
    .where('stock', '>=', quantity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Puts units back on an item that still exists (a deleted item simply has nothing to update). */
export async function returnStock(
  db: DbOrTx,
  table: 'products' | 'combos',
  id: number,
  quantity: number,
): Promise<void> {
  await db
    .updateTable(table)
    .set((eb) => ({ stock: eb(eb.ref('stock'), '+', quantity) }))
    .where('id', '=', id)
    .execute();
}

export async function currentStock(db: DbOrTx, table: 'products' | 'combos', id: number): Promise<number> {
  const row = await db.selectFrom(table).select('stock').where('id', '=', id).executeTakeFirst();
  return row?.stock ?? 0;
}

export async function findCustomer(db: DbOrTx, userId: number): Promise<{ name: string; email: string } | undefined> {
  return db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst();
}

export async function insertOrder(
  db: DbOrTx,
  order: Insertable<OrdersTable>,
  products: Omit<Insertable<OrderProductsTable>, 'order_id'>[],
  combos: Omit<Insertable<OrderCombosTable>, 'order_id'>[],
): Promise<number> {
  const { id } = await db.insertInto('orders').values(order).returning('id').executeTakeFirstOrThrow();
  if (products.length)
    await db
      .insertInto('order_products')
      .values(products.map((p) => ({ ...p, order_id: id })))
      .execute();
  if (combos.length)
    await db
      .insertInto('order_combos')
      .values(combos.map((c) => ({ ...c, order_id: id })))
      .execute();
  return id;
}

export async function clearCart(db: DbOrTx, userId: number): Promise<void> {
  await db.deleteFrom('cart_items').where('user_id', '=', userId).execute();
}

export async function setStatus(db: DbOrTx, orderId: number, status: number, updatedAt: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status, updated_at: updatedAt })
    .where('id', '=', orderId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function orderItemQuantities(db: DbOrTx, orderId: number) {
  const products = await db
    .selectFrom('order_products')
    .select(['product_id as itemId', 'quantity'])
    .where('order_id', '=', orderId)
    .execute();
  const combos = await db
    .selectFrom('order_combos')
    .select(['combo_id as itemId', 'quantity'])
    .where('order_id', '=', orderId)
    .execute();
  return { products, combos };
}

/** Deletes the order (its lines go with it) and answers the status it had, or undefined if it was not there. */
export async function deleteOrder(db: DbOrTx, orderId: number): Promise<number | undefined> {
  const row = await db.deleteFrom('orders').where('id', '=', orderId).returning('status').executeTakeFirst();
  return row?.status;
}

export type OrderFilter = { kind: 'all' } | { kind: 'user'; userId: number } | { kind: 'order'; orderId: number };

/** Orders newest first, each with its lines: three queries whatever the number of orders (no N+1). */
export async function listOrders(db: DbOrTx, filter: OrderFilter): Promise<OrderJson[]> {
  let orders = db.selectFrom('orders').selectAll();
  if (filter.kind === 'user') orders = orders.where('user_id', '=', filter.userId);
  if (filter.kind === 'order') orders = orders.where('id', '=', filter.orderId);
  const orderRows = await orders.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  if (orderRows.length === 0) return [];

  // The lines use the same filter as a subquery rather than a list of ids, so a long history stays one statement.
  const ofUser = (userId: number) => db.selectFrom('orders').select('id').where('user_id', '=', userId);
  let products = db.selectFrom('order_products').selectAll();
  let combos = db.selectFrom('order_combos').selectAll();
  if (filter.kind === 'user') {
    products = products.where('order_id', 'in', ofUser(filter.userId));
    combos = combos.where('order_id', 'in', ofUser(filter.userId));
  }
  if (filter.kind === 'order') {
    products = products.where('order_id', '=', filter.orderId);
    combos = combos.where('order_id', '=', filter.orderId);
  }
  const productRows = await products.orderBy('id').execute();
  const comboRows = await combos.orderBy('id').execute();

  const productsByOrder = groupBy(productRows, (row) => row.order_id);
  const combosByOrder = groupBy(comboRows, (row) => row.order_id);
  return orderRows.map((row) => toOrderJson(row, productsByOrder.get(row.id) ?? [], combosByOrder.get(row.id) ?? []));
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

// spec §3 Order (and its lines), amounts as lempiras with two decimals; name and image from the order's snapshot.
function toOrderJson(
  row: OrderRow,
  products: Selectable<OrderProductsTable>[],
  combos: Selectable<OrderCombosTable>[],
): OrderJson {
  return {
    orderId: row.id,
    userId: row.user_id,
    createdAt: toIsoString(row.created_at),
    department: row.department,
    city: row.city,
    address: row.address,
    phone: row.phone,
    subtotal: fromCents(row.subtotal_cents),
    appliedDiscount: fromCents(row.applied_discount_cents),
    deliveryFee: fromCents(row.delivery_fee_cents),
    total: fromCents(row.total_cents),
    orderStatus: row.status,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    orderProducts: products.map((line): OrderProductJson => ({
      orderProductId: line.id,
      productId: line.product_id,
      quantity: line.quantity,
      unitprice: fromCents(line.unit_price_cents),
      subtotal: fromCents(line.subtotal_cents),
      appliedDiscount: fromCents(line.applied_discount_cents),
      name: line.product_name,
      imageUrl: imageUrl(line.image_key),
    })),
    orderCombos: combos.map((line): OrderComboJson => ({
      orderComboId: line.id,
      comboId: line.combo_id,
      quantity: line.quantity,
      unitprice: fromCents(line.unit_price_cents),
      subtotal: fromCents(line.subtotal_cents),
      name: line.combo_name,
      imageUrl: imageUrl(line.image_key),
    })),
  };
}
