import { createHash } from 'node:crypto';
import { ORDER_STATUS, QUANTITY_MAX } from '@tienda/shared/constants';
import {
  comboGoneMessage,
  DEFAULT_PAYMENT_METHOD,
  lineOverMaxMessage,
  ORDER_MESSAGES,
  productGoneMessage,
  shortStockMessage,
  type CreateOrderBody,
  type OrderJson,
} from '@tienda/shared/orders';
import { orderFiguresCents } from '@tienda/shared/cart-totals';
import { ORDER_SAFETY, pendingOrdersCapMessage, pendingUnitsCapMessage } from '@tienda/shared/messages';
import { discountedPriceCents } from '@tienda/shared/pricing';
import type { AppContext } from '../../plugins/context.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { isoAgo, nowIso } from '../../db/timestamps.js';
import { ORDER_LIMIT_DEFAULTS, type OrderLimits } from '../../config.js';
import { enforceLimit } from '../../lib/throttle.js';
import { badRequest, conflict, notFound, unauthorized } from '../../errors.js';
import { enqueueMail } from '../../mail/outbox.js';
import { confirmationMail, deliveredMail, expiryMail, paidMail, shopNoticeMail } from './orders.mail.js';
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

const HOUR_MS = 60 * 60_000;

const limitsOf = (ctx: AppContext): OrderLimits => ctx.config.orderLimits ?? ORDER_LIMIT_DEFAULTS;

/**
 * Takes one of the account's order slots for the hour: one atomic consume of the shared throttle
 * (lib/throttle.ts), so racing attempts cannot both take the last slot. Beyond it, the Spanish 429.
 */
async function takeOrderSlot(ctx: AppContext, userId: number): Promise<void> {
  const limit = { name: 'orders-per-account', points: limitsOf(ctx).ordersPerHour, durationMs: HOUR_MS };
  await enforceLimit(ctx.throttle, limit, String(userId), ORDER_SAFETY.tooManyOrders);
}

/** Thrown inside the order's transaction when its Idempotency-Key already has an order (committed meanwhile). */
class KeyAlreadyUsed extends Error {}

export interface IdempotentRequest {
  key: string;
  /** sha256 of the parsed body: the same key with another order is refused, not replayed. */
  requestHash: string;
}

export function requestHash(body: CreateOrderBody): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

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
  if (row.request_hash !== idempotency.requestHash) throw conflict(ORDER_SAFETY.idempotencyKeyReused);
  const [order] = await repo.listOrders(ctx.db, { kind: 'order', orderId: row.order_id });
  return order;
}

/**
 * POST /api/Order/. With an Idempotency-Key (an extension; docs/decisions/0015-…), a retry of a request that
 * placed its order (the client saw a 502, say) answers that same order instead of placing a second one; duplicates
 * sent at the same time wait for the first. A request that failed left no key behind, so its retry runs afresh.
 */
export async function placeOrder(
  ctx: AppContext,
  userId: number,
  body: CreateOrderBody,
  idempotency?: IdempotentRequest,
): Promise<PlacedOrder> {
  if (idempotency) {
    const earlier = await replayOf(ctx, userId, idempotency);
    if (earlier) return { order: earlier, replayed: true };
  }
  // After the replay check: answering a retry costs no slot.
  await takeOrderSlot(ctx, userId);
  try {
    return { order: await createOrder(ctx, userId, body, idempotency), replayed: false };
  } catch (error) {
    if (!(error instanceof KeyAlreadyUsed) || !idempotency) throw error;
    const earlier = await replayOf(ctx, userId, idempotency);
    // Its order was deleted in the meantime (the key went with it): this request places its own.
    if (!earlier) return { order: await createOrder(ctx, userId, body, idempotency), replayed: false };
    return { order: earlier, replayed: true };
  }
}

/**
 * Places an order. The server is the authority: it re-reads today's prices, recomputes every
 * figure and stores its own, whatever the client sent. Stock is taken in one transaction with conditional
 * updates; a short line rolls everything back and answers 409 naming the item.
 */
async function createOrder(
  ctx: AppContext,
  userId: number,
  body: CreateOrderBody,
  idempotency?: IdempotentRequest,
): Promise<OrderJson> {
  const productQuantities = mergeLines(body.OrderProducts ?? [], 'productId');
  const comboQuantities = mergeLines(body.OrderCombos ?? [], 'comboId');

  const order = await ctx.db.transaction().execute(async (tx) => {
    // First: the locked customer row keeps a simultaneous account deletion waiting until we commit (PostgreSQL).
    const customer = await repo.findCustomerForOrder(tx, userId);
    if (!customer) throw unauthorized();
    if (
      idempotency &&
      !(await repo.claimIdempotencyKey(tx, userId, idempotency.key, idempotency.requestHash, nowIso()))
    ) {
      throw new KeyAlreadyUsed();
    }
    // docs/decisions/0015-…: one account cannot hold the shelf in unpaid orders. The customer row is locked above,
    // so simultaneous orders of one account count one after the other.
    const limits = limitsOf(ctx);
    if ((await repo.countPendingOrders(tx, userId)) >= limits.maxPendingOrders) {
      throw conflict(pendingOrdersCapMessage(limits.maxPendingOrders));
    }

    const products = new Map((await repo.findProducts(tx, [...productQuantities.keys()])).map((p) => [p.id, p]));
    const combos = new Map((await repo.findCombos(tx, [...comboQuantities.keys()])).map((c) => [c.id, c]));
    for (const [id, quantity] of productQuantities) {
      const product = products.get(id);
      if (!product) throw notFound(productGoneMessage(id));
      if (quantity > QUANTITY_MAX) throw badRequest(lineOverMaxMessage(product.name));
    }
    for (const [id, quantity] of comboQuantities) {
      const combo = combos.get(id);
      if (!combo) throw notFound(comboGoneMessage(id));
      if (quantity > QUANTITY_MAX) throw badRequest(lineOverMaxMessage(combo.name));
    }

    await checkPendingUnits(tx, userId, 'products', productQuantities, products, limits.maxPendingUnitsPerItem);
    await checkPendingUnits(tx, userId, 'combos', comboQuantities, combos, limits.maxPendingUnitsPerItem);

    // Ascending ids, products then combos: every buyer locks rows in the same order, so two orders
    // sharing items wait for each other instead of deadlocking (PostgreSQL).
    // Once taken, the item's row stays locked until commit (PostgreSQL): it cannot vanish under the order's lines.
    // One deleted since it was read above is a 404 naming it, not "agotado".
    for (const id of ascending(productQuantities.keys())) {
      if (!(await repo.takeStock(tx, 'products', id, productQuantities.get(id)!))) {
        const left = await repo.currentStock(tx, 'products', id);
        if (left === undefined) throw notFound(productGoneMessage(id));
        throw conflict(shortStockMessage(products.get(id)!.name, left));
      }
    }
    for (const id of ascending(comboQuantities.keys())) {
      if (!(await repo.takeStock(tx, 'combos', id, comboQuantities.get(id)!))) {
        const left = await repo.currentStock(tx, 'combos', id);
        if (left === undefined) throw notFound(comboGoneMessage(id));
        throw conflict(shortStockMessage(combos.get(id)!.name, left));
      }
    }

    // spec §9: unit price after discount, exact cents; appliedDiscount stays 0 (the price already carries it).
    const productLines = [...productQuantities].map(([id, quantity]) => {
      const p = products.get(id)!;
      const unit = discountedPriceCents(p.price_cents, p.discount_bp / 100);
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
    const comboLines = [...comboQuantities].map(([id, quantity]) => {
      const c = combos.get(id)!;
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
      [...productLines, ...comboLines].map((line) => line.subtotal_cents),
      body.city,
    );
    const now = nowIso();
    const placed = await repo.insertOrder(
      tx,
      {
        user_id: userId,
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
      productLines,
      comboLines,
    );
    if (idempotency) await repo.attachOrderToKey(tx, userId, idempotency.key, placed.orderId);
    // Emptied in the same transaction: the cart and the order never disagree.
    await repo.clearCart(tx, userId);
    // Queued with the order (docs/decisions/0015-…): committed together, delivered by the outbox worker,
    // so a mail server that is down never loses nor delays the order.
    await enqueueMail(
      tx,
      { to: placed.customerEmail, ...confirmationMail(placed) },
      { to: ctx.config.shopEmail, replyTo: placed.customerEmail, ...shopNoticeMail(placed) },
    );
    return placed;
  });
  ctx.outbox.wake();
  return order;
}

async function checkPendingUnits(
  tx: DbOrTx,
  userId: number,
  table: 'products' | 'combos',
  quantities: Map<number, number>,
  items: Map<number, { name: string }>,
  cap: number,
): Promise<void> {
  const held = await repo.pendingUnits(tx, userId, table, [...quantities.keys()]);
  for (const [id, quantity] of quantities) {
    const already = held.get(id) ?? 0;
    if (already + quantity > cap) throw conflict(pendingUnitsCapMessage(items.get(id)!.name, cap, already));
  }
}

export async function requireOrder(db: DbOrTx, orderId: number): Promise<OrderJson> {
  const [order] = await repo.listOrders(db, { kind: 'order', orderId });
  if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
  return order;
}

export const listAll = (db: DbOrTx) => repo.listOrders(db, { kind: 'all' });
export const listOfUser = (db: DbOrTx, userId: number) => repo.listOrders(db, { kind: 'user', userId });

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
    // The conditional update decides who restocks an expired order: exactly one of two racing changes.
    const leftExpired = await repo.leaveExpired(tx, orderId, status, now);
    if (leftExpired) {
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
          throw conflict(ORDER_SAFETY.statusChangeShortStock + shortStockMessage(name, left));
        }
      }
    }
    // Stamps paidAt/deliveredAt (docs/decisions/0020-payment-methods.md) and answers the status it had.
    const before = await repo.setStatus(tx, orderId, status, now);
    if (before === undefined) throw notFound(ORDER_MESSAGES.orderNotFound);
    const previous = leftExpired ? ORDER_STATUS.EXPIRED : before;
    const updated = await requireOrder(tx, orderId);
    // A family hears of it once when its order becomes paid, once when delivered (through the outbox).
    const mail =
      previous === status
        ? null
        : status === ORDER_STATUS.PAID
          ? paidMail
          : status === ORDER_STATUS.DELIVERED
            ? deliveredMail
            : null;
    if (mail) await enqueueMail(tx, { to: updated.customerEmail, ...mail(updated) });
    return { order: updated, mailed: mail !== null };
  });
  if (mailed) ctx.outbox.wake();
  return order;
}

/**
 * The periodic job (maintenance.ts): unpaid pending orders older than PENDING_ORDER_HOURS become expired, their
 * units go back on the shelf and the customer is told by e-mail (through the outbox). Each order in its own
 * transaction, decided by a conditional update: with several processes running the job, exactly one expires and
 * restocks a given order. Answers how many this call expired.
 */
export async function expirePendingOrders(ctx: AppContext): Promise<number> {
  const hours = limitsOf(ctx).pendingOrderHours;
  const before = isoAgo(hours * HOUR_MS);
  let expired = 0;
  for (;;) {
    const ids = await repo.findExpirable(ctx.db, before, 50);
    for (const id of ids) {
      const done = await ctx.db.transaction().execute(async (tx) => {
        if (!(await repo.expireOrder(tx, id, before, nowIso()))) return false;
        await restock(tx, await repo.orderItemQuantities(tx, id));
        const order = await requireOrder(tx, id);
        // A deleted account has nobody to tell.
        if (order.userId !== null) await enqueueMail(tx, { to: order.customerEmail, ...expiryMail(order, hours) });
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
 * Deletes an order; one that was neither delivered nor expired puts its units back on the shelf (items that still
 * exist), in the same transaction. The delete itself decides who restocks: of two simultaneous deletes,
 * only the one that removed the row gets here, the other finds nothing and answers 404.
 */
export async function deleteOrder(db: Db, orderId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const lines = await repo.orderItemQuantities(tx, orderId);
    const status = await repo.deleteOrder(tx, orderId);
    if (status === undefined) throw notFound(ORDER_MESSAGES.orderNotFound);
    // Delivered units left the shop; an expired order's units are already back (decision 0015).
    if (status === ORDER_STATUS.DELIVERED || status === ORDER_STATUS.EXPIRED) return;
    await restock(tx, lines);
  });
}
