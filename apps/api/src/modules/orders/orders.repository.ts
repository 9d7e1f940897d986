import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import {
  orderSearchText,
  phoneAsDigits,
  SALES_STATUS_FILTER,
  type CancelledBy,
  type OrderComboJson,
  type OrderJson,
  type OrderProductJson,
  type PaymentMethod,
} from '@tienda/shared/orders';
import { fromCents } from '@tienda/shared/pricing';
import { CLOSED_UNSOLD, ORDER_STATUS, STATUSES_READ_AS_THEMSELVES, type OrderStatus } from '@tienda/shared/constants';
import type { DbOrTx } from '../../db/database.js';
import { isPostgres } from '../../db/dialect.js';
import type { Database, OrderCombosTable, OrderProductsTable, OrderRow } from '../../db/schema.js';
import { HOUR_MS, toIsoString } from '../../db/timestamps.js';
import { imageUrl } from '../../lib/images.js';
import { matchesIdOrSearchText } from '../../lib/search-text.js';
import { insertMail, type QueuedMail } from '../../mail/outbox.repository.js';

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

/**
 * The items a batch of orders names, with their stock, ascending ids. On PostgreSQL they stay locked until commit,
 * taken in that order by every buyer (orders lock customers first, then products, then combos), so two batches
 * sharing items wait for each other instead of deadlocking, and no item can vanish or change under the batch.
 * The lock is FOR NO KEY UPDATE, what an UPDATE of the stock takes: it lets a new cart line's foreign-key check
 * (KEY SHARE) through, which FOR UPDATE would not, and that add to cart would then deadlock with the order.
 */
export async function findProductsForOrders(db: DbOrTx, ids: number[]): Promise<Array<PricedProduct & Stocked>> {
  if (ids.length === 0) return [];
  const query = db
    .selectFrom('products')
    .select(['id', 'name', 'price_cents', 'discount_bp', 'image_key', 'stock'])
    .where('id', 'in', ids)
    .orderBy('id');
  return (isPostgres(db) ? query.forNoKeyUpdate() : query).execute();
}

export async function findCombosForOrders(db: DbOrTx, ids: number[]): Promise<Array<PricedCombo & Stocked>> {
  if (ids.length === 0) return [];
  const query = db
    .selectFrom('combos')
    .select(['id', 'name', 'price_cents', 'image_key', 'stock'])
    .where('id', 'in', ids)
    .orderBy('id');
  return (isPostgres(db) ? query.forNoKeyUpdate() : query).execute();
}

interface Stocked {
  stock: number;
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

/** The item's stock, or undefined when the item is gone. */
export async function currentStock(db: DbOrTx, table: 'products' | 'combos', id: number): Promise<number | undefined> {
  const row = await db.selectFrom(table).select('stock').where('id', '=', id).executeTakeFirst();
  return row?.stock;
}

/**
 * The buyers of a batch of orders by id, ascending and locked on PostgreSQL for the rest of the transaction: one
 * account's orders are counted one after the other, so the caps on pending orders hold under simultaneous requests
 * (from this process or another), and deleting the account waits for the orders. FOR NO KEY UPDATE, like the
 * items: a cart line being added for the account is not held up.
 */
export async function findCustomersForOrders(
  db: DbOrTx,
  userIds: number[],
): Promise<Map<number, { name: string; email: string }>> {
  const query = db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', userIds).orderBy('id');
  const rows = await (isPostgres(db) ? query.forNoKeyUpdate() : query).execute();
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
}

export interface PendingOrders {
  /** Pending orders of each account (accounts with none are absent). */
  counts: Map<number, number>;
  /** The id of the oldest of them, where pendingUnitsOf starts reading; undefined when there are none. */
  oldestId: number | undefined;
}

export async function pendingOrdersOf(db: DbOrTx, userIds: number[]): Promise<PendingOrders> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['user_id', eb.fn.countAll<number>().as('count'), eb.fn.min<number>('id').as('oldest')])
    .where('user_id', 'in', userIds)
    .where('status', '=', ORDER_STATUS.PENDING)
    .groupBy('user_id')
    .execute();
  const oldest = rows.map((row) => Number(row.oldest));
  return {
    counts: new Map(rows.map((row) => [Number(row.user_id), Number(row.count)])),
    oldestId: oldest.length > 0 ? Math.min(...oldest) : undefined,
  };
}

/** The key of pendingUnitsOf's answer: one account's units of one item. */
export const heldKey = (userId: number, itemId: number) => `${userId}:${itemId}`;

/**
 * Units of each of `ids` that each account holds in its pending orders, by heldKey (none: absent). Reads the items'
 * lines from `pending.oldestId` on, through the (item, order) index: the lines of the last days for a shop whose
 * pending orders expire, never the whole history of a toy that sold for years.
 */
export async function pendingUnitsOf(
  db: DbOrTx,
  userIds: number[],
  table: 'products' | 'combos',
  ids: number[],
  pending: PendingOrders,
): Promise<Map<string, number>> {
  if (ids.length === 0 || pending.oldestId === undefined) return new Map();
  const rows =
    table === 'products'
      ? await db
          .selectFrom('order_products as l')
          .innerJoin('orders as o', 'o.id', 'l.order_id')
          .select((eb) => [
            'o.user_id as userId',
            'l.product_id as itemId',
            eb.fn.sum<number>('l.quantity').as('units'),
          ])
          .where('l.product_id', 'in', ids)
          .where('l.order_id', '>=', pending.oldestId)
          .where('o.user_id', 'in', userIds)
          .where('o.status', '=', ORDER_STATUS.PENDING)
          .groupBy(['o.user_id', 'l.product_id'])
          .execute()
      : await db
          .selectFrom('order_combos as l')
          .innerJoin('orders as o', 'o.id', 'l.order_id')
          .select((eb) => ['o.user_id as userId', 'l.combo_id as itemId', eb.fn.sum<number>('l.quantity').as('units')])
          .where('l.combo_id', 'in', ids)
          .where('l.order_id', '>=', pending.oldestId)
          .where('o.user_id', 'in', userIds)
          .where('o.status', '=', ORDER_STATUS.PENDING)
          .groupBy(['o.user_id', 'l.combo_id'])
          .execute();
  return new Map(rows.map((r) => [heldKey(Number(r.userId), Number(r.itemId)), Number(r.units)]));
}

/**
 * A pending order runs out (decision 0015) only while its family has something to do: send a transfer's receipt, or
 * pay the link the shop sent. Waiting on the shop (a receipt to check, a link still to send) or paid on delivery,
 * it does not: the family would be told its order lapsed, and its toys went back, for the shop's delay. Written twice
 * below, for a row read (`waitsOnFamily`) and as SQL for the job (`whileWaitingOnFamily`); a test holds them together.
 */
function waitsOnFamily(row: Pick<OrderRow, 'status' | 'payment_method' | 'receipt_key' | 'payment_link'>): boolean {
  if (row.status !== ORDER_STATUS.PENDING) return false;
  return (
    (row.payment_method === 'transferencia' && row.receipt_key === null) ||
    (row.payment_method === 'enlace' && row.payment_link !== null)
  );
}

function whileWaitingOnFamily(eb: ExpressionBuilder<Database, 'orders'>) {
  return eb.and([
    eb('status', '=', ORDER_STATUS.PENDING),
    eb.or([
      eb.and([eb('payment_method', '=', 'transferencia'), eb('receipt_key', 'is', null)]),
      eb.and([eb('payment_method', '=', 'enlace'), eb('payment_link', 'is not', null)]),
    ]),
  ]);
}

/**
 * When an order expires unpaid if nothing changes it (the job below runs every few minutes after that):
 * PENDING_ORDER_HOURS after its last change (placed, set back to pending, a pay link sent) while it waits on its
 * family. Null for any other order.
 */
function expiresAt(
  row: Pick<OrderRow, 'status' | 'payment_method' | 'receipt_key' | 'payment_link' | 'updated_at'>,
  pendingOrderHours: number,
) {
  if (!waitsOnFamily(row)) return null;
  return new Date(Date.parse(toIsoString(row.updated_at)) + pendingOrderHours * HOUR_MS).toISOString();
}

/** Orders waiting on their family and untouched since `before`, oldest first: the expiry job's candidates. */
export async function findExpirable(db: DbOrTx, before: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where(whileWaitingOnFamily)
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Pending → expired, only if it still waits on its family and is still old: the conditional update decides which of
 * several processes expires (and restocks) the order, and a receipt that came in meanwhile keeps it; PostgreSQL
 * re-checks the WHERE on the row's newest version.
 */
export async function expireOrder(db: DbOrTx, orderId: number, before: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: ORDER_STATUS.EXPIRED, updated_at: now })
    .where('id', '=', orderId)
    .where(whileWaitingOnFamily)
    .where('updated_at', '<', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Holds the order's row until commit (PostgreSQL; SQLite runs one writer). An owner's status change takes it first:
 * under READ COMMITTED its conditional updates would otherwise judge the row as it was before a cancel or an expiry
 * still in flight, find it neither expired nor cancelled, and mark it paid without taking its units back.
 */
export async function lockOrder(db: DbOrTx, orderId: number): Promise<void> {
  if (isPostgres(db)) await db.selectFrom('orders').select('id').where('id', '=', orderId).forNoKeyUpdate().execute();
}

/**
 * Closed unsold (expired or cancelled: CLOSED_UNSOLD) → `status`. Answers the status it left, or undefined if it was
 * neither; one that left must take its units again. The conditional update decides between racing changes.
 */
export async function leaveClosedUnsold(
  db: DbOrTx,
  orderId: number,
  status: number,
  now: string,
): Promise<OrderStatus | undefined> {
  for (const closed of CLOSED_UNSOLD) {
    const result = await db
      .updateTable('orders')
      .set({ status, updated_at: now, cancelled_by: null })
      .where('id', '=', orderId)
      .where('status', '=', closed)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return closed;
  }
  return undefined;
}

/**
 * Pending → cancelled by its own family, if shared `familyMayCancel` still allows it (pending, no receipt sent, no pay
 * link sent): the conditional update decides against the owner's change, the expiry job or a receipt arriving at the
 * same moment.
 */
export async function cancelIfFamilyMay(db: DbOrTx, orderId: number, userId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: ORDER_STATUS.CANCELLED, updated_at: now, cancelled_by: 'familia' satisfies CancelledBy })
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .where('status', '=', ORDER_STATUS.PENDING)
    .where('receipt_uploaded_at', 'is', null)
    .where('payment_link', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Pending or paid → cancelled by the shop, if shared `shopMayCancel` allows it (the same rule in SQL; the service holds
 * the order's row first). Answers whether it did.
 */
export async function cancelIfShopMay(db: DbOrTx, orderId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: ORDER_STATUS.CANCELLED, updated_at: now, cancelled_by: 'tienda' satisfies CancelledBy })
    .where('id', '=', orderId)
    .where('status', 'in', [ORDER_STATUS.PENDING, ORDER_STATUS.PAID])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new order's own columns; the payment link, receipt and payment dates start empty, the search text is made here. */
export type NewOrder = Omit<
  OrderRow,
  | 'id'
  | 'payment_link'
  | 'receipt_key'
  | 'receipt_uploaded_at'
  | 'paid_at'
  | 'delivered_at'
  | 'cancelled_by'
  | 'search_text'
> & { created_at: string; updated_at: string };

/** A line of a new order: everything but the ids the database gives it. */
type NewLine<Table> = Omit<Selectable<Table>, 'id' | 'order_id'>;

export interface NewPlacedOrder {
  order: NewOrder;
  products: NewLine<OrderProductsTable>[];
  combos: NewLine<OrderCombosTable>[];
}

/** Ids for a batch's new orders and lines, taken before anything is written (writeOrderBatch). */
export interface NewRowIds {
  orders: number[];
  productLines: number[];
  comboLines: number[];
}

/**
 * Fresh ids for a batch's orders and lines, in one statement. PostgreSQL: from the tables' sequences. SQLite: after
 * the highest id each table ever had (sqlite_sequence, kept by AUTOINCREMENT), which no one else can take meanwhile:
 * the transaction holds the write lock from its start (db/database.ts), and inserting them moves sqlite_sequence past
 * them. Taken beforehand, they let the answers and the e-mails be made before the writes, and the writes go at once.
 */
export async function newRowIds(
  db: DbOrTx,
  counts: { orders: number; productLines: number; comboLines: number },
): Promise<NewRowIds> {
  if (isPostgres(db)) {
    const taken = (table: string, count: number) =>
      sql`array(select nextval(pg_get_serial_sequence(${table}, 'id'))::integer from generate_series(1, ${count}))`;
    const { rows } = await sql<{ orders: number[]; product_lines: number[]; combo_lines: number[] }>`
      select ${taken('orders', counts.orders)} as orders,
             ${taken('order_products', counts.productLines)} as product_lines,
             ${taken('order_combos', counts.comboLines)} as combo_lines`.execute(db);
    const ascendingIds = (ids: number[]) => ids.sort((a, b) => a - b);
    return {
      orders: ascendingIds(rows[0]!.orders),
      productLines: ascendingIds(rows[0]!.product_lines),
      comboLines: ascendingIds(rows[0]!.combo_lines),
    };
  }
  const last = (table: string) =>
    sql`max(coalesce((select seq from sqlite_sequence where name = ${table}), 0),
            coalesce((select max(id) from ${sql.table(table)}), 0))`;
  const { rows } = await sql<{ orders: number; product_lines: number; combo_lines: number }>`
    select ${last('orders')} as orders, ${last('order_products')} as product_lines,
           ${last('order_combos')} as combo_lines`.execute(db);
  const after = (lastId: number, count: number) => Array.from({ length: count }, (_, i) => lastId + 1 + i);
  return {
    orders: after(rows[0]!.orders, counts.orders),
    productLines: after(rows[0]!.product_lines, counts.productLines),
    comboLines: after(rows[0]!.combo_lines, counts.comboLines),
  };
}

/** A new order and its lines with the ids newRowIds took, as they will be written. */
export interface NumberedOrder {
  row: NewOrder & {
    id: number;
    payment_link: null;
    receipt_key: null;
    receipt_uploaded_at: null;
    paid_at: null;
    delivered_at: null;
    cancelled_by: null;
  };
  products: Selectable<OrderProductsTable>[];
  combos: Selectable<OrderCombosTable>[];
}

/** Gives the orders and their lines their ids, in order: lines are listed by id, so as the order names them. */
export function numberOrders(placed: readonly NewPlacedOrder[], ids: NewRowIds): NumberedOrder[] {
  let productLine = 0;
  let comboLine = 0;
  return placed.map(({ order, products, combos }, i) => {
    const id = ids.orders[i]!;
    return {
      row: {
        ...order,
        id,
        payment_link: null,
        receipt_key: null,
        receipt_uploaded_at: null,
        paid_at: null,
        delivered_at: null,
        cancelled_by: null,
      },
      products: products.map((line) => ({ ...line, order_id: id, id: ids.productLines[productLine++]! })),
      combos: combos.map((line) => ({ ...line, order_id: id, id: ids.comboLines[comboLine++]! })),
    };
  });
}

/** Counts of new rows to ask newRowIds for. */
export function rowsToNumber(placed: readonly NewPlacedOrder[]) {
  return {
    orders: placed.length,
    productLines: placed.reduce((sum, { products }) => sum + products.length, 0),
    comboLines: placed.reduce((sum, { combos }) => sum + combos.length, 0),
  };
}

/** The answer GET /api/Order/{id} gives for an order just numbered, before or after it is written. */
export function numberedOrderJson(order: NumberedOrder, pendingOrderHours: number): OrderJson {
  return toOrderJson(order.row, order.products, order.combos, pendingOrderHours);
}

/** An Idempotency-Key claimed by a batch, and the order it answers from now on. */
export interface KeyAnswer {
  userId: number;
  key: string;
  orderId: number;
}

/** Everything a batch of orders writes (docs/decisions/0032-orders-placed-together.md). */
export interface OrderBatchWrites {
  /** Units taken off each item's shelf; the rows were read (and on PostgreSQL locked) in this transaction. */
  stockTaken: { products: ReadonlyMap<number, number>; combos: ReadonlyMap<number, number> };
  orders: readonly NumberedOrder[];
  /** Idempotency keys claimed in this transaction, and the order each now answers. */
  keys: readonly KeyAnswer[];
  /** What each account's orders bought, taken out of its cart. */
  boughtFromCarts: readonly CartTake[];
  mails: readonly QueuedMail[];
}

/** Units of one item an account's orders bought, to take out of its cart. */
export interface CartTake {
  userId: number;
  kind: 'product' | 'combo';
  itemId: number;
  quantity: number;
}

/**
 * Writes a batch, everything made beforehand (newRowIds): the stock taken, the orders and their lines, the keys they
 * answer, what they bought taken out of the carts, and the e-mails, one or two statements each whatever the batch's
 * size. The stock >= 0 check of
 * the table and the count of item rows updated make a mistake in the bookkeeping fail the transaction rather than
 * oversell. Answers whether every item's row was updated.
 */
export async function writeOrderBatch(db: DbOrTx, writes: OrderBatchWrites): Promise<boolean> {
  for (const table of ['products', 'combos'] as const) {
    const units = writes.stockTaken[table];
    if (units.size === 0) continue;
    const { numUpdatedRows } = await takeStockQuery(db, table, units).executeTakeFirst();
    if (Number(numUpdatedRows) !== units.size) return false;
  }
  for (const query of ordersInsertQueries(db, writes.orders)) await query.execute();
  if (writes.keys.length > 0) await keysAttachQuery(db, writes.keys).execute();
  await takeFromCarts(db, writes.boughtFromCarts);
  if (writes.mails.length > 0) await insertMail(db, writes.mails);
  return true;
}

/**
 * Takes what was bought out of the carts, and only that: the checkout may have shown the cart before the family added
 * to it elsewhere (another tab, another phone), and what they did not buy stays. A line bought whole goes; one with
 * more units than were bought keeps the rest. (Deleted first: a cart line holds 1 to 99 units.)
 */
async function takeFromCarts(db: DbOrTx, takes: readonly CartTake[]): Promise<void> {
  if (takes.length === 0) return;
  const line = (take: CartTake) =>
    sql`(user_id = ${take.userId} and ${sql.ref(take.kind === 'product' ? 'product_id' : 'combo_id')} = ${take.itemId})`;
  const any = (parts: ReturnType<typeof sql>[]) => sql<boolean>`(${sql.join(parts, sql` or `)})`;
  await db
    .deleteFrom('cart_items')
    .where(any(takes.map((take) => sql`(${line(take)} and quantity <= ${take.quantity})`)))
    .execute();
  await db
    .updateTable('cart_items')
    .set({
      quantity: sql<number>`quantity - case ${sql.join(
        takes.map((take) => sql`when ${line(take)} then cast(${take.quantity} as integer)`),
        sql` `,
      )} else 0 end`,
    })
    .where(any(takes.map(line)))
    .execute();
}

/** Takes each item's units in one statement (see writeOrderBatch). */
function takeStockQuery(db: DbOrTx, table: 'products' | 'combos', units: ReadonlyMap<number, number>) {
  return db
    .updateTable(table)
    .set({
      stock: sql<number>`stock - case id ${sql.join(
        [...units].map(([id, quantity]) => sql`when ${id} then cast(${quantity} as integer)`),
        sql` `,
      )} end`,
    })
    .where('id', 'in', [...units.keys()]);
}

/**
 * An account's orders take its new e-mail (accounts.service.ts updateUser): their e-mails, the shop's lists and
 * searches follow the address the family reads now. An order without an account keeps the one it was placed with.
 */
export async function moveOrdersToEmail(db: DbOrTx, userId: number, email: string): Promise<void> {
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'customer_name', 'city'])
    .where('user_id', '=', userId)
    .execute();
  for (const order of orders) {
    await db
      .updateTable('orders')
      .set({
        customer_email: email,
        search_text: orderSearchText({ customerName: order.customer_name, customerEmail: email, city: order.city }),
      })
      .where('id', '=', order.id)
      .execute();
  }
}

/** One statement for the orders, and one per table for their lines (per LINES_PER_STATEMENT). */
function ordersInsertQueries(db: DbOrTx, orders: readonly NumberedOrder[]) {
  if (orders.length === 0) return [];
  const productRows = orders.flatMap((order) => order.products);
  const comboRows = orders.flatMap((order) => order.combos);
  return [
    db.insertInto('orders').values(
      orders.map(({ row }) => ({
        ...row,
        search_text: orderSearchText({
          customerName: row.customer_name,
          customerEmail: row.customer_email,
          city: row.city,
        }),
      })),
    ),
    ...inChunks(productRows, LINES_PER_STATEMENT).map((rows) => db.insertInto('order_products').values(rows)),
    ...inChunks(comboRows, LINES_PER_STATEMENT).map((rows) => db.insertInto('order_combos').values(rows)),
  ];
}

/** Points each claimed key at its order, in one statement. */
function keysAttachQuery(db: DbOrTx, keys: OrderBatchWrites['keys']) {
  const orderOfKey = sql<number>`case ${sql.join(
    keys.map(
      ({ userId, key, orderId }) =>
        sql`when user_id = ${userId} and ${sql.ref('key')} = ${key} then cast(${orderId} as integer)`,
    ),
    sql` `,
  )} end`;
  return db
    .updateTable('order_idempotency_keys')
    .set({ order_id: orderOfKey })
    .where((eb) => eb.or(keys.map(({ userId, key }) => eb.and([eb('user_id', '=', userId), eb('key', '=', key)]))));
}

/** One order and its lines (the demo seed, tests); answers its id. */
export async function insertOrder(
  db: DbOrTx,
  order: NewOrder,
  products: NewLine<OrderProductsTable>[],
  combos: NewLine<OrderCombosTable>[],
): Promise<number> {
  const placed = [{ order, products, combos }];
  const [numbered] = numberOrders(placed, await newRowIds(db, rowsToNumber(placed)));
  for (const query of ordersInsertQueries(db, [numbered!])) await query.execute();
  return numbered!.row.id;
}

/**
 * Lines written per statement. A batch of 64 orders of up to 100 lines each (ORDER_LINES_MAX) would bind 51,200
 * values in one insert, past SQLite's limit of 32,766; 1,000 lines bind 8,000.
 */
const LINES_PER_STATEMENT = 1_000;

function inChunks<T>(rows: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}

/**
 * Sets the status and the dates that go with it: paid_at when it becomes paid (kept once delivered), delivered_at
 * when delivered; going back clears the dates of the steps undone. Answers the status it had, or undefined.
 */
export async function setStatus(db: DbOrTx, orderId: number, status: number, now: string): Promise<number | undefined> {
  const before = await db
    .selectFrom('orders')
    .select(['status', 'paid_at'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!before) return undefined;
  const paidAt = status === ORDER_STATUS.PENDING ? null : before.paid_at === null ? now : toIsoString(before.paid_at);
  const result = await db
    .updateTable('orders')
    .set({
      status,
      updated_at: now,
      paid_at: paidAt,
      delivered_at: status === ORDER_STATUS.DELIVERED ? now : null,
    })
    .where('id', '=', orderId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? before.status : undefined;
}

export interface OrderPaymentRow {
  userId: number | null;
  status: number;
  paymentMethod: PaymentMethod;
  receiptKey: string | null;
}

export async function findOrderPayment(db: DbOrTx, orderId: number): Promise<OrderPaymentRow | undefined> {
  const row = await db
    .selectFrom('orders')
    .select(['user_id', 'status', 'payment_method', 'receipt_key'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  return (
    row && {
      userId: row.user_id,
      status: row.status,
      paymentMethod: row.payment_method as PaymentMethod,
      receiptKey: row.receipt_key,
    }
  );
}

/**
 * Stores a receipt's key while the order is still pending (checked in the update: paid, expired or cancelled while
 * the photo was being encoded, it takes none). Answers the key it replaces (its files go after commit), 'gone' if the
 * order was deleted, 'not-pending' if it no longer waits for a payment.
 */
export async function setReceipt(
  db: DbOrTx,
  orderId: number,
  key: string,
  now: string,
): Promise<string | null | 'gone' | 'not-pending'> {
  const before = await db.selectFrom('orders').select('receipt_key').where('id', '=', orderId).executeTakeFirst();
  if (!before) return 'gone';
  const result = await db
    .updateTable('orders')
    .set({ receipt_key: key, receipt_uploaded_at: now, updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', ORDER_STATUS.PENDING)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? before.receipt_key : 'not-pending';
}

/**
 * Stores the pay link of a pending order paid by pay link (shared takesPayLink's rule, in the update itself):
 * 'saved'; 'unchanged' when the order already has this very link (a save repeated after a lost answer, a double tap);
 * 'refused' when the order is not (or no longer) one.
 */
export async function setPaymentLink(
  db: DbOrTx,
  orderId: number,
  link: string,
  now: string,
): Promise<'saved' | 'unchanged' | 'refused'> {
  const result = await db
    .updateTable('orders')
    .set({ payment_link: link, updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', ORDER_STATUS.PENDING)
    .where('payment_method', '=', 'enlace')
    .where((eb) => eb.or([eb('payment_link', 'is', null), eb('payment_link', '!=', link)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return 'saved';
  const same = await db
    .selectFrom('orders')
    .select('id')
    .where('id', '=', orderId)
    .where('status', '=', ORDER_STATUS.PENDING)
    .where('payment_method', '=', 'enlace')
    .where('payment_link', '=', link)
    .executeTakeFirst();
  return same ? 'unchanged' : 'refused';
}

export async function orderItemQuantities(db: DbOrTx, orderId: number) {
  const products = await db
    .selectFrom('order_products')
    .select(['product_id as itemId', 'product_name as name', 'quantity'])
    .where('order_id', '=', orderId)
    .execute();
  const combos = await db
    .selectFrom('order_combos')
    .select(['combo_id as itemId', 'combo_name as name', 'quantity'])
    .where('order_id', '=', orderId)
    .execute();
  return { products, combos };
}

/** Deletes the order (its lines go with it) and answers the status it had, or undefined if it was not there. */
export async function deleteOrder(db: DbOrTx, orderId: number): Promise<number | undefined> {
  const row = await db.deleteFrom('orders').where('id', '=', orderId).returning('status').executeTakeFirst();
  return row?.status;
}

export type OrderFilter =
  | { kind: 'all' }
  | { kind: 'user'; userId: number }
  | { kind: 'order'; orderId: number }
  | { kind: 'ids'; orderIds: readonly number[] };

/** What the orders admin asks for (docs/decisions/0035-…): a term, a status and a time span, each may be absent. */
export interface AdminOrderCriteria {
  /** The term as typed, trimmed; '' finds every order. */
  term: string;
  /**
   * 0, 1 or 3: that status; 2: every status that reads as Entregado (spec §4: anything other than 0, 1 and 3);
   * SALES_STATUS_FILTER: every status but those closed unsold (CLOSED_UNSOLD), the orders the admin home counts as sales.
   */
  status?: number | typeof SALES_STATUS_FILTER;
  /** One account's orders. */
  userId?: number;
  /** Placed at or after this instant (ISO 8601). */
  since?: string;
  /** Placed before this instant (ISO 8601). */
  before?: string;
}

/**
 * The phone a term names, as its digits, or null. Families write to the owner on WhatsApp, so she searches the number
 * as she reads it there ('9876-5432', '+504 9876 5432'). From 6 digits only: shorter numbers are order numbers, and
 * any phone would contain them.
 */
export function phoneDigitsOf(term: string): string | null {
  const digits = phoneAsDigits(term);
  return /^\d{6,}$/.test(digits) ? digits : null;
}

/**
 * The orders the admin's filter finds: the number (a leading # ignored), the folded name, e-mail or city, or the
 * phone (phoneDigitsOf).
 */
function adminOrders(db: DbOrTx, { term, status, userId, since, before }: AdminOrderCriteria) {
  let orders = db.selectFrom('orders');
  if (userId !== undefined) orders = orders.where('user_id', '=', userId);
  if (since !== undefined) orders = orders.where('created_at', '>=', since);
  if (before !== undefined) orders = orders.where('created_at', '<', before);
  if (status === ORDER_STATUS.DELIVERED) orders = orders.where('status', 'not in', STATUSES_READ_AS_THEMSELVES);
  else if (status === SALES_STATUS_FILTER) orders = orders.where('status', 'not in', CLOSED_UNSOLD);
  else if (status !== undefined) orders = orders.where('status', '=', status);
  const needle = term.replace(/^#/, '').trim();
  if (needle === '') return orders;
  const found = matchesIdOrSearchText(needle, sql<string>`cast(id as text)`);
  const phone = phoneDigitsOf(needle);
  return orders.where(phone === null ? found : sql<boolean>`(${found} or phone like ${`%${phone}%`})`);
}

/** How many orders the admin's filter finds. */
export async function countAdminOrders(db: DbOrTx, criteria: AdminOrderCriteria): Promise<number> {
  const { count } = await adminOrders(db, criteria)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The ids of what the admin's filter finds, newest first (as GET /api/Order lists them): all, or one slice. */
export async function adminOrderIds(
  db: DbOrTx,
  criteria: AdminOrderCriteria,
  slice?: { offset: number; limit: number },
): Promise<number[]> {
  let ids = adminOrders(db, criteria).select('id').orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (slice) ids = ids.offset(slice.offset).limit(slice.limit);
  return (await ids.execute()).map((row) => row.id);
}

/** Orders newest first, each with its lines: three queries whatever the number of orders (no N+1). */
export async function listOrders(db: DbOrTx, filter: OrderFilter, pendingOrderHours: number): Promise<OrderJson[]> {
  if (filter.kind === 'ids' && filter.orderIds.length === 0) return [];
  let orders = db.selectFrom('orders').selectAll();
  if (filter.kind === 'user') orders = orders.where('user_id', '=', filter.userId);
  if (filter.kind === 'order') orders = orders.where('id', '=', filter.orderId);
  if (filter.kind === 'ids') orders = orders.where('id', 'in', filter.orderIds);
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
  if (filter.kind === 'ids') {
    products = products.where('order_id', 'in', filter.orderIds);
    combos = combos.where('order_id', 'in', filter.orderIds);
  }
  const productRows = await products.orderBy('id').execute();
  const comboRows = await combos.orderBy('id').execute();

  const productsByOrder = groupBy(productRows, (row) => row.order_id);
  const combosByOrder = groupBy(comboRows, (row) => row.order_id);
  return orderRows.map((row) =>
    toOrderJson(row, productsByOrder.get(row.id) ?? [], combosByOrder.get(row.id) ?? [], pendingOrderHours),
  );
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
  row: Omit<OrderRow, 'search_text'>,
  products: Selectable<OrderProductsTable>[],
  combos: Selectable<OrderCombosTable>[],
  pendingOrderHours: number,
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
    paymentMethod: row.payment_method as PaymentMethod,
    paymentLink: row.payment_link,
    receiptUploadedAt: row.receipt_uploaded_at === null ? null : toIsoString(row.receipt_uploaded_at),
    paidAt: row.paid_at === null ? null : toIsoString(row.paid_at),
    deliveredAt: row.delivered_at === null ? null : toIsoString(row.delivered_at),
    cancelledBy: row.status === ORDER_STATUS.CANCELLED ? (row.cancelled_by as CancelledBy | null) : null,
    expiresAt: expiresAt(row, pendingOrderHours),
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

// Idempotency-Key of POST /api/Order/ (docs/decisions/0015-…).

export async function findIdempotencyKey(
  db: DbOrTx,
  userId: number,
  key: string,
): Promise<{ request_hash: string; order_id: number | null } | undefined> {
  return db
    .selectFrom('order_idempotency_keys')
    .select(['request_hash', 'order_id'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

export interface KeyClaim {
  userId: number;
  key: string;
  requestHash: string;
}

export const claimedKey = (claim: { userId: number; key: string }) => `${claim.userId}\n${claim.key}`;

/**
 * Takes the keys for this transaction and answers those it took (by claimedKey); a key already taken is left out.
 * On PostgreSQL a second transaction inserting the same key waits here until the first commits (then it is left out)
 * or rolls back (then it is taken); on SQLite transactions run one at a time, so the second one already sees the row.
 * The claims must name distinct keys.
 */
export async function claimIdempotencyKeys(
  db: DbOrTx,
  claims: readonly KeyClaim[],
  createdAt: string,
): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const rows = await db
    .insertInto('order_idempotency_keys')
    .values(
      claims.map((claim) => ({
        user_id: claim.userId,
        key: claim.key,
        request_hash: claim.requestHash,
        created_at: createdAt,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning(['user_id', 'key'])
    .execute();
  return new Set(rows.map((row) => claimedKey({ userId: row.user_id, key: row.key })));
}

/** Gives back keys claimed by orders that were refused: their retry runs afresh (their transaction goes on). */
export async function releaseIdempotencyKeys(db: DbOrTx, claims: readonly KeyClaim[]): Promise<void> {
  for (const claim of claims) {
    await db
      .deleteFrom('order_idempotency_keys')
      .where('user_id', '=', claim.userId)
      .where('key', '=', claim.key)
      .execute();
  }
}

/** A retry comes within minutes; a month-old key only costs space. */
export async function pruneIdempotencyKeys(db: DbOrTx, olderThan: string): Promise<void> {
  await db.deleteFrom('order_idempotency_keys').where('created_at', '<', olderThan).execute();
}
