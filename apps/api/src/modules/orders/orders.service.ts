import type { FastifyBaseLogger } from 'fastify';
import { ORDER_STATUS, QUANTITY_MAX } from '@tienda/shared/constants';
import {
  comboGoneMessage,
  lineOverMaxMessage,
  ORDER_MESSAGES,
  orderTotalsCents,
  productGoneMessage,
  shortStockMessage,
  type CreateOrderBody,
  type OrderJson,
} from '@tienda/shared/orders';
import { discountedPriceCents } from '@tienda/shared/pricing';
import type { AppContext } from '../../plugins/context.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { nowIso } from '../../db/timestamps.js';
import { badRequest, conflict, notFound, unauthorized } from '../../errors.js';
import { confirmationMail, shopNoticeMail } from './orders.mail.js';
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

/**
 * Places an order. The server is the authority: it re-reads today's prices, recomputes every
 * figure and stores its own, whatever the client sent. Stock is taken in one transaction with conditional
 * updates; a short line rolls everything back and answers 409 naming the item.
 */
export async function createOrder(
  ctx: AppContext,
  log: FastifyBaseLogger,
  userId: number,
  body: CreateOrderBody,
): Promise<OrderJson> {
  const productQuantities = mergeLines(body.OrderProducts ?? [], 'productId');
  const comboQuantities = mergeLines(body.OrderCombos ?? [], 'comboId');

  const orderId = await ctx.db.transaction().execute(async (tx) => {
    const customer = await repo.findCustomer(tx, userId);
    if (!customer) throw unauthorized();

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

    // Ascending ids, products then combos: every buyer locks rows in the same order, so two orders
    // sharing items wait for each other instead of deadlocking (PostgreSQL).
    for (const id of ascending(productQuantities.keys())) {
      if (!(await repo.takeStock(tx, 'products', id, productQuantities.get(id)!))) {
        throw conflict(shortStockMessage(products.get(id)!.name, await repo.currentStock(tx, 'products', id)));
      }
    }
    for (const id of ascending(comboQuantities.keys())) {
      if (!(await repo.takeStock(tx, 'combos', id, comboQuantities.get(id)!))) {
        throw conflict(shortStockMessage(combos.get(id)!.name, await repo.currentStock(tx, 'combos', id)));
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
    const subtotal = [...productLines, ...comboLines].reduce((sum, line) => sum + line.subtotal_cents, 0);
    const totals = orderTotalsCents(subtotal, body.city);
    const now = nowIso();
    const id = await repo.insertOrder(
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
        created_at: now,
        updated_at: now,
      },
      productLines,
      comboLines,
    );
    // Emptied in the same transaction: the cart and the order never disagree.
    await repo.clearCart(tx, userId);
    return id;
  });

  const order = await requireOrder(ctx.db, orderId);
  // After commit and without awaiting: a mail failure is logged and never loses (or delays) the order.
  void sendOrderMails(ctx, order).catch((error: unknown) =>
    log.error({ err: error, orderId }, 'no se pudo enviar el correo de la orden'),
  );
  return order;
}

async function sendOrderMails(ctx: AppContext, order: OrderJson): Promise<void> {
  const results = await Promise.allSettled([
    ctx.mailer.send({ to: order.customerEmail, ...confirmationMail(order) }),
    ctx.mailer.send({ to: ctx.config.shopEmail, replyTo: order.customerEmail, ...shopNoticeMail(order) }),
  ]);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

export async function requireOrder(db: DbOrTx, orderId: number): Promise<OrderJson> {
  const [order] = await repo.listOrders(db, { kind: 'order', orderId });
  if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
  return order;
}

export const listAll = (db: DbOrTx) => repo.listOrders(db, { kind: 'all' });
export const listOfUser = (db: DbOrTx, userId: number) => repo.listOrders(db, { kind: 'user', userId });

/** spec §4: an admin may set any status, in any order. */
export async function setStatus(db: DbOrTx, orderId: number, status: number): Promise<OrderJson> {
  if (!(await repo.setStatus(db, orderId, status, nowIso()))) throw notFound(ORDER_MESSAGES.orderNotFound);
  return requireOrder(db, orderId);
}

/**
 * Deletes an order; one that was not delivered puts its units back on the shelf (items that still
 * exist), in the same transaction. The delete itself decides who restocks: of two simultaneous deletes,
 * only the one that removed the row gets here, the other finds nothing and answers 404.
 */
export async function deleteOrder(db: Db, orderId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const { products, combos } = await repo.orderItemQuantities(tx, orderId);
    const status = await repo.deleteOrder(tx, orderId);
    if (status === undefined) throw notFound(ORDER_MESSAGES.orderNotFound);
    if (status === ORDER_STATUS.DELIVERED) return;
    for (const [table, lines] of [
      ['products', products],
      ['combos', combos],
    ] as const) {
      const quantities = new Map<number, number>();
      for (const line of lines)
        if (line.itemId !== null) quantities.set(line.itemId, (quantities.get(line.itemId) ?? 0) + line.quantity);
      for (const id of ascending(quantities.keys())) await repo.returnStock(tx, table, id, quantities.get(id)!);
    }
  });
}
