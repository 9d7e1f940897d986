import { isClosedUnsold, ORDER_STATUS, orderStatusLabel, PAGE_SIZE, QUANTITY_MAX } from '@tienda/shared/constants';
import { ORDERS_CSV_HEAD, ordersCsvLines } from '@tienda/shared/orders-csv';
import { nextShopDay, shopDayStart } from '@tienda/shared/shop-time';
import {
  CANCEL_MESSAGES,
  comboGoneMessage,
  DEFAULT_PAYMENT_METHOD,
  lineOverMaxMessage,
  ORDER_MESSAGES,
  productGoneMessage,
  shortStockMessage,
  type CreateOrderBody,
  type AdminOrderFilter,
  type AdminOrderListQuery,
  type AdminOrderPage,
  type OrderJson,
  whyFamilyCannotCancel,
  whyShopCannotCancel,
} from '@tienda/shared/orders';
import { orderFiguresCents } from '@tienda/shared/cart-totals';
import { IDEMPOTENCY, ORDER_SAFETY, pendingOrdersCapMessage, pendingUnitsCapMessage } from '@tienda/shared/messages';
import { paidPriceCents } from '@tienda/shared/pricing';
import type { AppContext } from '../../plugins/context.js';
import type { AuthenticatedUser } from '../../plugins/auth.js';
import type { DbOrTx } from '../../db/database.js';
import { HOUR_MS, isoAgo, nowIso } from '../../db/timestamps.js';
import { ORDER_LIMIT_DEFAULTS, type OrderLimits } from '../../config.js';
import { enforceLimit } from '../../lib/throttle.js';
import { badRequest, conflict, notFound, unauthorized } from '../../errors.js';
import { enqueueMail } from '../../mail/outbox.js';
import { GroupCommit } from '../../lib/group-commit.js';
import type { IdempotentRequest } from '../../lib/idempotency.js';
import {
  cancellationMail,
  cancelledByFamilyMail,
  confirmationMail,
  deliveredMail,
  expiryMail,
  familyCancelledNoticeMail,
  paidMail,
  reactivatedMail,
  shopNoticeMail,
  toFamilyOf,
} from './orders.mail.js';
import * as repo from './orders.repository.js';

/** Lines naming the same item twice count together; first-appearance order is kept. */
function mergeLines<K extends 'productId' | 'comboId'>(
  lines: ReadonlyArray<Record<K, number> & { quantity: number }>,
  key: K,
): Map<number, number> {
  const merged = new Map<number, number>();
  for (const line of lines) merged.set(line[key], (merged.get(line[key]) ?? 0) + line.quantity);
  return merged;
}

const ascending = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

const limitsOf = (ctx: AppContext): OrderLimits => ctx.config.orderLimits ?? ORDER_LIMIT_DEFAULTS;
/** How long an unpaid order paid before delivery waits (PENDING_ORDER_HOURS): every order read names its deadline. */
export const pendingHoursOf = (ctx: AppContext): number => limitsOf(ctx).pendingOrderHours;

/**
 * Takes one of the account's order slots for the hour: one atomic consume of the shared throttle
 * (lib/throttle.ts), so racing attempts cannot both take the last slot. Beyond it, the Spanish 429.
 */
async function takeOrderSlot(ctx: AppContext, userId: number): Promise<void> {
  await enforceLimit(ctx.throttle, orderSlots(ctx), String(userId), ORDER_SAFETY.tooManyOrders);
}

/** Gives back the slot of an attempt that turned out to be a retry of an order already placed. */
async function returnOrderSlot(ctx: AppContext, userId: number): Promise<void> {
  await ctx.throttle.reward(orderSlots(ctx), String(userId));
}

const orderSlots = (ctx: AppContext) => ({
  name: 'orders-per-account',
  points: limitsOf(ctx).ordersPerHour,
  durationMs: HOUR_MS,
});

/** Thrown inside the order's transaction when its Idempotency-Key already has an order (committed meanwhile). */
class KeyAlreadyUsed extends Error {}

export interface PlacedOrder {
  order: OrderJson;
  /** true when an earlier request with the same Idempotency-Key placed it. */
  replayed: boolean;
}

/** The order an earlier request with this key placed, or undefined if there is none (any more). */
async function replayOf(
  ctx: AppContext,
  userId: number,
  idempotency: IdempotentRequest,
): Promise<OrderJson | undefined> {
  const row = await repo.findIdempotencyKey(ctx.db, userId, idempotency.key);
  if (!row || row.order_id === null) return undefined;
  if (row.request_hash !== idempotency.requestHash) throw conflict(IDEMPOTENCY.orderKeyReused);
  const [order] = await repo.listOrders(ctx.db, { kind: 'order', orderId: row.order_id }, pendingHoursOf(ctx));
  return order;
}

/**
 * POST /api/Order/. With an Idempotency-Key (an extension; docs/decisions/0015-…), a retry of a request that
 * placed its order (the client saw a 502, say) answers that same order instead of placing a second one; duplicates
 * sent at the same time wait for the first. A request that failed left no key behind, so its retry runs afresh.
 */
export function placeOrder(
  ctx: AppContext,
  userId: number,
  body: CreateOrderBody,
  idempotency?: IdempotentRequest,
): Promise<PlacedOrder> {
  if (!idempotency) return placeNewOrder(ctx, userId, body);
  return afterSameKeyInFlight(ctx, `${userId}\u0000${idempotency.key}`, () =>
    placeKeyedOrder(ctx, userId, body, idempotency),
  );
}

async function placeNewOrder(ctx: AppContext, userId: number, body: CreateOrderBody): Promise<PlacedOrder> {
  await takeOrderSlot(ctx, userId);
  return { order: await createOrder(ctx, { userId, body }), replayed: false };
}

async function placeKeyedOrder(
  ctx: AppContext,
  userId: number,
  body: CreateOrderBody,
  idempotency: IdempotentRequest,
): Promise<PlacedOrder> {
  const earlier = await replayOf(ctx, userId, idempotency);
  if (earlier) return { order: earlier, replayed: true };
  // After the replay check: answering a retry costs no slot.
  await takeOrderSlot(ctx, userId);
  try {
    return { order: await createOrder(ctx, { userId, body, idempotency }), replayed: false };
  } catch (error) {
    if (!(error instanceof KeyAlreadyUsed)) throw error;
    const earlier = await replayOf(ctx, userId, idempotency);
    // Its order was deleted in the meantime (the key went with it): this request places its own.
    if (!earlier) return { order: await createOrder(ctx, { userId, body, idempotency }), replayed: false };
    // Another process placed it first: a retry costs no slot there either.
    await returnOrderSlot(ctx, userId);
    return { order: earlier, replayed: true };
  }
}

/** Keyed requests of this process in flight, by account and key. */
const keysInFlight = new WeakMap<AppContext, Map<string, Promise<unknown>>>();

/**
 * Runs `place` once no other request of this process with the same account and key is in flight: a duplicate
 * (a double tap, a client's retry on a slow network) then finds the first's order and replays it, instead of
 * taking an order slot of its own before learning it is a retry.
 */
async function afterSameKeyInFlight<T>(ctx: AppContext, id: string, place: () => Promise<T>): Promise<T> {
  let inFlight = keysInFlight.get(ctx);
  if (!inFlight) {
    inFlight = new Map();
    keysInFlight.set(ctx, inFlight);
  }
  for (let ahead = inFlight.get(id); ahead; ahead = inFlight.get(id)) await ahead.catch(() => undefined);
  // No await between the check above and this: the next duplicate sees this request in flight.
  const mine = place();
  inFlight.set(id, mine);
  try {
    return await mine;
  } finally {
    if (inFlight.get(id) === mine) inFlight.delete(id);
  }
}

export interface OrderRequest {
  userId: number;
  body: CreateOrderBody;
  idempotency?: IdempotentRequest;
}

/** One per app: the orders of this process are placed together when they arrive together. */
const desks = new WeakMap<AppContext, GroupCommit<OrderRequest, OrderJson>>();

function createOrder(ctx: AppContext, request: OrderRequest): Promise<OrderJson> {
  let desk = desks.get(ctx);
  if (!desk) {
    desk = new GroupCommit((requests) => placeTogether(ctx, requests));
    desks.set(ctx, desk);
  }
  return desk.submit(request);
}

/** Items of one kind an order asks for: id → units, lines naming an item twice merged. */
type Asked = Map<number, number>;

/** The units of each item an account's orders bought (two orders of one account in a batch add up). */
function boughtPerAccount(orders: Array<{ userId: number; items: { products: Asked; combos: Asked } }>) {
  const takes = new Map<string, repo.CartTake>();
  for (const { userId, items } of orders) {
    for (const [kind, asked] of [['product', items.products] as const, ['combo', items.combos] as const]) {
      for (const [itemId, quantity] of asked) {
        const key = `${userId} ${kind} ${itemId}`;
        const bought = takes.get(key);
        if (bought) bought.quantity += quantity;
        else takes.set(key, { userId, kind, itemId, quantity });
      }
    }
  }
  return [...takes.values()];
}

/** What the batch knows of the shelf and the accounts, updated as each order is admitted. */
interface BatchState {
  pendingOrders: Map<number, number>;
  products: Map<number, repo.PricedProduct & { stock: number }>;
  combos: Map<number, repo.PricedCombo & { stock: number }>;
  heldProducts: Map<string, number>;
  heldCombos: Map<string, number>;
}

/**
 * Places the orders that arrived together (lib/group-commit.ts, docs/decisions/0032-orders-placed-together.md), in
 * one transaction. The server is the authority: it re-reads today's prices, recomputes every figure and stores its
 * own, whatever the client sent. Every rule is checked for each order in its turn, against what the orders before
 * it in the batch already took, so each order gets exactly the answer it would get alone: its order, or the 401,
 * 404 or 409 naming its own trouble. A refused order writes nothing; the others are placed.
 */
async function placeTogether(ctx: AppContext, requests: readonly OrderRequest[]): Promise<Array<OrderJson | Error>> {
  const limits = limitsOf(ctx);
  const outcomes: Array<OrderJson | Error> = new Array(requests.length);
  const asked = requests.map((request) => ({
    products: mergeLines(request.body.OrderProducts ?? [], 'productId'),
    combos: mergeLines(request.body.OrderCombos ?? [], 'comboId'),
  }));
  const userIds = ascending(new Set(requests.map((request) => request.userId)));
  const productIds = ascending(new Set(asked.flatMap((items) => [...items.products.keys()])));
  const comboIds = ascending(new Set(asked.flatMap((items) => [...items.combos.keys()])));

  const placedAny = await ctx.db.transaction().execute(async (tx) => {
    // First: the locked customer rows keep a simultaneous account deletion waiting until we commit (PostgreSQL).
    const customers = await repo.findCustomersForOrders(tx, userIds);
    // A key named twice in the batch is claimed by its first order; the second then answers that one (placeOrder).
    const claims: Array<repo.KeyClaim | undefined> = [];
    const distinct = new Set<string>();
    for (const request of requests) {
      const claim = request.idempotency &&
        customers.has(request.userId) && { userId: request.userId, ...request.idempotency };
      const fresh = claim && !distinct.has(repo.claimedKey(claim));
      if (claim && fresh) distinct.add(repo.claimedKey(claim));
      claims.push(fresh ? claim : undefined);
    }
    const claimed = await repo.claimIdempotencyKeys(
      tx,
      claims.filter((claim) => claim !== undefined),
      nowIso(),
    );
    const pending = await repo.pendingOrdersOf(tx, userIds);
    const state: BatchState = {
      pendingOrders: pending.counts,
      products: new Map((await repo.findProductsForOrders(tx, productIds)).map((p) => [p.id, p])),
      combos: new Map((await repo.findCombosForOrders(tx, comboIds)).map((c) => [c.id, c])),
      heldProducts: await repo.pendingUnitsOf(tx, userIds, 'products', productIds, pending),
      heldCombos: await repo.pendingUnitsOf(tx, userIds, 'combos', comboIds, pending),
    };

    const admitted: number[] = [];
    const released: repo.KeyClaim[] = [];
    for (const [i, request] of requests.entries()) {
      const claim = claims[i];
      const ownsKey = claim !== undefined && claimed.has(repo.claimedKey(claim));
      try {
        if (!customers.has(request.userId)) throw unauthorized();
        if (request.idempotency && !ownsKey) throw new KeyAlreadyUsed();
        admit(request.userId, asked[i]!, state, limits);
        admitted.push(i);
      } catch (error) {
        outcomes[i] = error instanceof Error ? error : new Error(String(error));
        // Refused: its retry must run afresh, as if its transaction had rolled back.
        if (ownsKey) released.push(claim);
      }
    }
    await repo.releaseIdempotencyKeys(tx, released);
    if (admitted.length === 0) return false;

    const taken = (kind: 'products' | 'combos') => {
      const units = new Map<number, number>();
      for (const i of admitted) {
        for (const [id, quantity] of asked[i]![kind]) units.set(id, (units.get(id) ?? 0) + quantity);
      }
      return units;
    };
    const now = nowIso();
    const newOrders = admitted.map((i) =>
      newOrder(requests[i]!, customers.get(requests[i]!.userId)!, asked[i]!, state, now),
    );
    const numbered = repo.numberOrders(newOrders, await repo.newRowIds(tx, repo.rowsToNumber(newOrders)));
    // Answered from what is written: placing orders reads nothing back (docs/decisions/0029-a-lean-request-path.md).
    const placed = numbered.map((order) => repo.numberedOrderJson(order, pendingHoursOf(ctx)));
    const keys: repo.KeyAnswer[] = [];
    for (const [j, i] of admitted.entries()) {
      const { idempotency, userId } = requests[i]!;
      if (idempotency) keys.push({ userId, key: idempotency.key, orderId: placed[j]!.orderId });
      outcomes[i] = placed[j]!;
    }
    const complete = await repo.writeOrderBatch(tx, {
      stockTaken: { products: taken('products'), combos: taken('combos') },
      orders: numbered,
      keys,
      // In the same transaction: the cart and the order never disagree.
      boughtFromCarts: boughtPerAccount(admitted.map((i) => ({ userId: requests[i]!.userId, items: asked[i]! }))),
      // Queued with the orders (docs/decisions/0015-…): committed together, delivered by the outbox worker,
      // so a mail server that is down never loses nor delays an order.
      mails: placed.flatMap((order) => [
        { ...toFamilyOf(order), ...confirmationMail(order, ctx.config.publicUrl, pendingHoursOf(ctx)) },
        { to: ctx.config.shopEmail, replyTo: order.customerEmail, ...shopNoticeMail(order, ctx.config.publicUrl) },
      ]),
    });
    // The rows are locked (PostgreSQL) or the writer is alone (SQLite): this cannot happen, and must not oversell.
    if (!complete) throw new Error('las existencias cambiaron bajo un lote de pedidos');
    return true;
  });
  if (placedAny) ctx.outbox.wake();
  return outcomes;
}

/**
 * The rules of one order, in the order a customer meets them, against the batch's state; once all pass, the order's
 * units are taken from that state so the next order of the batch sees the shelf without them.
 */
function admit(
  userId: number,
  asked: { products: Asked; combos: Asked },
  state: BatchState,
  limits: OrderLimits,
): void {
  // docs/decisions/0015-…: one account cannot hold the shelf in unpaid orders.
  if ((state.pendingOrders.get(userId) ?? 0) >= limits.maxPendingOrders) {
    throw conflict(pendingOrdersCapMessage(limits.maxPendingOrders));
  }
  for (const [id, quantity] of asked.products) {
    const product = state.products.get(id);
    if (!product) throw notFound(productGoneMessage(id));
    if (quantity > QUANTITY_MAX) throw badRequest(lineOverMaxMessage(product.name));
  }
  for (const [id, quantity] of asked.combos) {
    const combo = state.combos.get(id);
    if (!combo) throw notFound(comboGoneMessage(id));
    if (quantity > QUANTITY_MAX) throw badRequest(lineOverMaxMessage(combo.name));
  }
  checkPendingUnits(userId, asked.products, state.products, state.heldProducts, limits.maxPendingUnitsPerItem);
  checkPendingUnits(userId, asked.combos, state.combos, state.heldCombos, limits.maxPendingUnitsPerItem);
  for (const [items, quantities] of [
    [state.products, asked.products],
    [state.combos, asked.combos],
  ] as const) {
    for (const id of ascending(quantities.keys())) {
      const item = items.get(id)!;
      if (item.stock < quantities.get(id)!) throw conflict(shortStockMessage(item.name, item.stock));
    }
  }

  state.pendingOrders.set(userId, (state.pendingOrders.get(userId) ?? 0) + 1);
  for (const [items, held, quantities] of [
    [state.products, state.heldProducts, asked.products],
    [state.combos, state.heldCombos, asked.combos],
  ] as const) {
    for (const [id, quantity] of quantities) {
      items.get(id)!.stock -= quantity;
      const key = repo.heldKey(userId, id);
      held.set(key, (held.get(key) ?? 0) + quantity);
    }
  }
}

function checkPendingUnits(
  userId: number,
  quantities: Asked,
  items: Map<number, { name: string }>,
  held: Map<string, number>,
  cap: number,
): void {
  for (const [id, quantity] of quantities) {
    const already = held.get(repo.heldKey(userId, id)) ?? 0;
    if (already + quantity > cap) throw conflict(pendingUnitsCapMessage(items.get(id)!.name, cap, already));
  }
}

/** The order's rows as stored: spec §9's figures, computed here from today's prices. */
function newOrder(
  request: OrderRequest,
  customer: { name: string; email: string },
  asked: { products: Asked; combos: Asked },
  state: BatchState,
  now: string,
): repo.NewPlacedOrder {
  const { body } = request;
  // spec §9: unit price after discount, exact cents; appliedDiscount stays 0 (the price already carries it).
  const products = [...asked.products].map(([id, quantity]) => {
    const p = state.products.get(id)!;
    const unit = paidPriceCents(p.price_cents, p.discount_bp);
    return {
      product_id: id,
      product_name: p.name,
      image_key: p.image_key,
      quantity,
      unit_price_cents: unit,
      subtotal_cents: unit * quantity,
      applied_discount_cents: 0,
    };
  });
  const combos = [...asked.combos].map(([id, quantity]) => {
    const c = state.combos.get(id)!;
    return {
      combo_id: id,
      combo_name: c.name,
      image_key: c.image_key,
      quantity,
      unit_price_cents: c.price_cents,
      subtotal_cents: c.price_cents * quantity,
    };
  });
  const totals = orderFiguresCents(
    [...products, ...combos].map((line) => line.subtotal_cents),
    body.city,
  );
  return {
    order: {
      user_id: request.userId,
      customer_name: customer.name,
      customer_email: customer.email,
      department: body.department,
      city: body.city,
      address: body.address,
      phone: body.phone,
      subtotal_cents: totals.subtotalCents,
      applied_discount_cents: totals.appliedDiscountCents,
      delivery_fee_cents: totals.deliveryFeeCents,
      total_cents: totals.totalCents,
      status: ORDER_STATUS.PENDING,
      payment_method: body.paymentMethod ?? DEFAULT_PAYMENT_METHOD,
      created_at: now,
      updated_at: now,
    },
    products,
    combos,
  };
}

/** The order, read through `db` (a transaction under way, or the context's database). */
export async function requireOrder(ctx: AppContext, orderId: number, db: DbOrTx = ctx.db): Promise<OrderJson> {
  const [order] = await repo.listOrders(db, { kind: 'order', orderId }, pendingHoursOf(ctx));
  if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
  return order;
}

/**
 * An order is seen by its customer and by the administrators. To anyone else it reads as missing, with the same 404:
 * order numbers count up, and a 403 for an existing one would tell a stranger how many orders the shop has had.
 */
export function assertOrderVisible(user: AuthenticatedUser, orderUserId: number | null): void {
  if (!user.isAdmin && orderUserId !== user.id) throw notFound(ORDER_MESSAGES.orderNotFound);
}

/** One order, as `user` may see it (assertOrderVisible). */
export async function requireOrderFor(ctx: AppContext, user: AuthenticatedUser, orderId: number): Promise<OrderJson> {
  const order = await requireOrder(ctx, orderId);
  assertOrderVisible(user, order.userId);
  return order;
}

export const listAll = (ctx: AppContext) => repo.listOrders(ctx.db, { kind: 'all' }, pendingHoursOf(ctx));
export const listOfUser = (ctx: AppContext, userId: number) =>
  repo.listOrders(ctx.db, { kind: 'user', userId }, pendingHoursOf(ctx));

/** The admin's filter as the repository reads it: Honduras days become the instants they start and end. */
const adminCriteria = (filter: AdminOrderFilter): repo.AdminOrderCriteria => ({
  term: filter.q ?? '',
  ...(filter.status === undefined ? {} : { status: filter.status }),
  ...(filter.customer === undefined ? {} : { userId: filter.customer }),
  ...(filter.from === undefined ? {} : { since: shopDayStart(filter.from).toISOString() }),
  ...(filter.to === undefined ? {} : { before: shopDayStart(nextShopDay(filter.to)).toISOString() }),
});

/**
 * The orders admin, searched and paged by the server (docs/decisions/0035-admin-lists-paged-by-the-server.md): a
 * sale day's thousands of orders are a megabyte of JSON each thousand, more than the owner's phone should download
 * to show 30 rows.
 */
export async function adminOrderPage(ctx: AppContext, query: AdminOrderListQuery): Promise<AdminOrderPage> {
  const { db } = ctx;
  const criteria = adminCriteria(query);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? PAGE_SIZE;
  const [total, ids] = await Promise.all([
    repo.countAdminOrders(db, criteria),
    repo.adminOrderIds(db, criteria, { offset: (page - 1) * pageSize, limit: pageSize }),
  ]);
  const items = await repo.listOrders(db, { kind: 'ids', orderIds: ids }, pendingHoursOf(ctx));
  return { items, total, page, pageSize };
}

/** Orders read per batch of the spreadsheet: the file goes out as it is made, whatever the number of orders. */
const CSV_BATCH = 500;

/**
 * Every order the admin's filter finds, as a spreadsheet (shared/orders-csv.ts), newest first. The ids are taken once
 * at the start, so orders placed while the file goes out neither shift nor repeat its rows.
 */
export async function* adminOrdersCsv(ctx: AppContext, filter: AdminOrderFilter): AsyncGenerator<string> {
  const ids = await repo.adminOrderIds(ctx.db, adminCriteria(filter));
  yield ORDERS_CSV_HEAD;
  for (let start = 0; start < ids.length; start += CSV_BATCH) {
    const batch = ids.slice(start, start + CSV_BATCH);
    yield ordersCsvLines(await repo.listOrders(ctx.db, { kind: 'ids', orderIds: batch }, pendingHoursOf(ctx)));
  }
}

type OrderLines = Awaited<ReturnType<typeof repo.orderItemQuantities>>;

/** Units per item still in the catalogue (a deleted item has no shelf), ascending ids: the lock order of orders. */
function unitsByItem(lines: OrderLines['products']): Array<[number, { name: string; quantity: number }]> {
  const units = new Map<number, { name: string; quantity: number }>();
  for (const line of lines) {
    if (line.itemId === null) continue;
    const entry = units.get(line.itemId) ?? { name: line.name, quantity: 0 };
    entry.quantity += line.quantity;
    units.set(line.itemId, entry);
  }
  return [...units].sort(([a], [b]) => a - b);
}

async function restock(tx: DbOrTx, lines: OrderLines): Promise<void> {
  for (const [table, list] of [
    ['products', lines.products],
    ['combos', lines.combos],
  ] as const) {
    for (const [id, { quantity }] of unitsByItem(list)) await repo.returnStock(tx, table, id, quantity);
  }
}

/**
 * spec §4: an admin may set any status, in any order. An expired order holds no stock (decision 0015), so setting
 * it to any status takes its units again, or answers 409 naming the item that is short.
 */
export async function setStatus(ctx: AppContext, orderId: number, status: number): Promise<OrderJson> {
  const { order, mailed } = await ctx.db.transaction().execute(async (tx) => {
    const now = nowIso();
    await repo.lockOrder(tx, orderId);
    // The conditional update decides who takes an order closed unsold off the shelf: one of two racing changes.
    const leftClosed = await repo.leaveClosedUnsold(tx, orderId, status, now);
    if (leftClosed !== undefined) {
      const lines = await repo.orderItemQuantities(tx, orderId);
      for (const [table, list] of [
        ['products', lines.products],
        ['combos', lines.combos],
      ] as const) {
        for (const [id, { name, quantity }] of unitsByItem(list)) {
          if (await repo.takeStock(tx, table, id, quantity)) continue;
          // Deleted meanwhile: like a deleted item's lines, nothing to take.
          const left = await repo.currentStock(tx, table, id);
          if (left === undefined) continue;
          const closed = leftClosed === ORDER_STATUS.EXPIRED ? 'vencida' : 'cancelada';
          throw conflict(ORDER_SAFETY.statusChangeShortStock(closed) + shortStockMessage(name, left));
        }
      }
    }
    // Stamps paidAt/deliveredAt (docs/decisions/0020-payment-methods.md) and answers the status it had.
    const before = await repo.setStatus(tx, orderId, status, now);
    if (before === undefined) throw notFound(ORDER_MESSAGES.orderNotFound);
    const previous = leftClosed ?? before;
    const updated = await requireOrder(ctx, orderId, tx);
    // A family hears of it once when its order becomes paid, once when delivered, and when an expired or cancelled
    // order waits for its payment again (through the outbox).
    const origin = ctx.config.publicUrl;
    const mail =
      previous === status
        ? null
        : status === ORDER_STATUS.PAID
          ? paidMail(updated, origin)
          : status === ORDER_STATUS.DELIVERED
            ? deliveredMail(updated, origin)
            : isClosedUnsold(previous) && status === ORDER_STATUS.PENDING
              ? reactivatedMail(updated, origin, pendingHoursOf(ctx))
              : null;
    if (mail) await enqueueMail(tx, { ...toFamilyOf(updated), ...mail });
    return { order: updated, mailed: mail !== null };
  });
  if (mailed) ctx.outbox.wake();
  return order;
}

/**
 * The periodic job (maintenance.ts): unpaid pending orders older than PENDING_ORDER_HOURS, of the methods paid before
 * delivery (PAID_BEFORE_DELIVERY; one paid on delivery waits for the owner), become expired, their
 * units go back on the shelf and the customer is told by e-mail (through the outbox). Each order in its own
 * transaction, decided by a conditional update: with several processes running the job, exactly one expires and
 * restocks a given order. Answers how many this call expired.
 */
export async function expirePendingOrders(ctx: AppContext): Promise<number> {
  const hours = pendingHoursOf(ctx);
  const before = isoAgo(hours * HOUR_MS);
  let expired = 0;
  for (;;) {
    const ids = await repo.findExpirable(ctx.db, before, 50);
    for (const id of ids) {
      const done = await ctx.db.transaction().execute(async (tx) => {
        if (!(await repo.expireOrder(tx, id, before, nowIso()))) return false;
        await restock(tx, await repo.orderItemQuantities(tx, id));
        const order = await requireOrder(ctx, id, tx);
        // A deleted account has nobody to tell.
        if (order.userId !== null)
          await enqueueMail(tx, { ...toFamilyOf(order), ...expiryMail(order, hours, ctx.config.publicUrl) });
        return true;
      });
      if (done) expired += 1;
    }
    if (ids.length < 50) break;
  }
  if (expired > 0) ctx.outbox.wake();
  return expired;
}

/**
 * `PUT /api/Order/{id}/cancel` (docs/decisions/0039-…): an administrator cancels as the shop (any order, until it is
 * delivered), anyone else as the order's family (their own, while nothing may have been paid).
 */
export function cancelOrder(ctx: AppContext, user: AuthenticatedUser, orderId: number): Promise<OrderJson> {
  return user.isAdmin ? cancelByShop(ctx, orderId) : cancelByFamily(ctx, user, orderId);
}

/**
 * The family cancels its own order while shared `familyMayCancel` allows it: its units go back on the shelf, and the
 * family and the shop are told by e-mail, all in one transaction. Cancelling a cancelled order answers it as it is (a
 * retry whose first answer was lost); anything else not allowed is a 409 saying why.
 */
async function cancelByFamily(ctx: AppContext, user: AuthenticatedUser, orderId: number): Promise<OrderJson> {
  const { order, mailed } = await ctx.db.transaction().execute(async (tx) => {
    const before = await requireOrder(ctx, orderId, tx);
    assertOrderVisible(user, before.userId);
    if (!(await repo.cancelIfFamilyMay(tx, orderId, user.id, nowIso()))) {
      // Read again: the owner, the expiry job or a receipt may have changed it since the read above.
      const current = await requireOrder(ctx, orderId, tx);
      if (current.orderStatus === ORDER_STATUS.CANCELLED) return { order: current, mailed: false };
      throw conflict(
        whyFamilyCannotCancel(current) ?? CANCEL_MESSAGES.notPending(orderStatusLabel(current.orderStatus)),
      );
    }
    await restock(tx, await repo.orderItemQuantities(tx, orderId));
    const cancelled = await requireOrder(ctx, orderId, tx);
    const origin = ctx.config.publicUrl;
    await enqueueMail(tx, { ...toFamilyOf(cancelled), ...cancelledByFamilyMail(cancelled, origin) });
    await enqueueMail(tx, {
      to: ctx.config.shopEmail,
      replyTo: cancelled.customerEmail,
      ...familyCancelledNoticeMail(cancelled, origin),
    });
    return { order: cancelled, mailed: true };
  });
  if (mailed) ctx.outbox.wake();
  return order;
}

/**
 * The shop cancels an order while shared `shopMayCancel` allows it (pending or paid): it stays in the list and in the
 * family's purchases as Cancelado, its units go back on the shelf and the family is told by e-mail (a paid one, that
 * the shop refunds it), all in one transaction. A retry answers the cancelled order as it is; a delivered or expired
 * order is a 409 saying why.
 */
async function cancelByShop(ctx: AppContext, orderId: number): Promise<OrderJson> {
  const { order, mailed } = await ctx.db.transaction().execute(async (tx) => {
    // Held first (as setStatus does), so a delivery, the family's cancel or the expiry job waits for this
    // transaction, and the status read here is the one the update below changes.
    await repo.lockOrder(tx, orderId);
    const before = await requireOrder(ctx, orderId, tx);
    if (before.orderStatus === ORDER_STATUS.CANCELLED) return { order: before, mailed: false };
    const refusal = whyShopCannotCancel(before);
    if (refusal !== null || !(await repo.cancelIfShopMay(tx, orderId, nowIso())))
      throw conflict(refusal ?? ORDER_MESSAGES.orderNotFound);
    await restock(tx, await repo.orderItemQuantities(tx, orderId));
    const cancelled = await requireOrder(ctx, orderId, tx);
    // A deleted account has nobody to tell.
    if (cancelled.userId === null) return { order: cancelled, mailed: false };
    // Links to its page, which stays; a paid order keeps its paidAt, so the mail promises the refund.
    const mail = cancellationMail(cancelled, { origin: ctx.config.publicUrl });
    await enqueueMail(tx, { ...toFamilyOf(cancelled), ...mail });
    return { order: cancelled, mailed: true };
  });
  if (mailed) ctx.outbox.wake();
  return order;
}

/**
 * Deletes an order; one that was neither delivered nor closed unsold puts its units back on the shelf (items that still
 * exist) and queues the family's cancellation e-mail, in the same transaction. The delete itself decides who restocks
 * and mails: of two simultaneous deletes, only the one that removed the row gets there, the other answers 404.
 */
export async function deleteOrder(ctx: AppContext, orderId: number): Promise<void> {
  const mailed = await ctx.db.transaction().execute(async (tx) => {
    const order = await requireOrder(ctx, orderId, tx);
    const lines = await repo.orderItemQuantities(tx, orderId);
    const status = await repo.deleteOrder(tx, orderId);
    if (status === undefined) throw notFound(ORDER_MESSAGES.orderNotFound);
    // Delivered units left the shop; an order closed unsold has its units back already and its family knows.
    if (status === ORDER_STATUS.DELIVERED || isClosedUnsold(status)) return false;
    await restock(tx, lines);
    // The family was still waiting on it: told through the outbox, committed with the deletion (decision 0015).
    await enqueueMail(tx, { ...toFamilyOf(order), ...cancellationMail({ ...order, orderStatus: status }) });
    return true;
  });
  if (mailed) ctx.outbox.wake();
}
