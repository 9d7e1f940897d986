import path from 'node:path';
import { ORDER_STATUS } from '@tienda/shared/constants';
import { ORDER_MESSAGES, PAYMENT_MESSAGES, RECEIPTS_PER_ORDER_DAY, type OrderJson } from '@tienda/shared/orders';
import type { AppContext } from '../../plugins/context.js';
import type { AuthenticatedUser } from '../../plugins/auth.js';
import type { DbOrTx } from '../../db/database.js';
import { HOUR_MS, nowIso } from '../../db/timestamps.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { deleteImage, storeImage } from '../../lib/images.js';
import { enforceLimit, type Limit } from '../../lib/throttle.js';
import { enqueueMail } from '../../mail/outbox.js';
import { paymentLinkMail, receiptNoticeMail, toFamilyOf } from './orders.mail.js';
import * as repo from './orders.repository.js';
import { assertOrderVisible, pendingHoursOf, requireOrder } from './orders.service.js';

// Paying by transfer (a receipt photo from the family) or by pay link (pasted by the owner):
// docs/decisions/0020-payment-methods.md.

/**
 * Receipts of one order a day: a family that sent the wrong photo replaces it, but each receipt e-mails the shop
 * and restarts the order's PENDING_ORDER_HOURS (decision 0020), so sending them on a loop can neither flood the
 * owner's inbox nor keep the order's units held for ever. PAYMENT_MESSAGES.receiptTooMany names the number.
 */
export const RECEIPTS_PER_ORDER: Limit = {
  name: 'receipt-order',
  points: RECEIPTS_PER_ORDER_DAY,
  durationMs: 24 * HOUR_MS,
};

async function orderOf(ctx: AppContext, user: AuthenticatedUser, orderId: number): Promise<repo.OrderPaymentRow> {
  const order = await repo.findOrderPayment(ctx.db, orderId);
  if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
  // A receipt is a customer's document: the order's own customer and the administrators, nobody else.
  assertOrderVisible(user, order.userId);
  return order;
}

/**
 * 404 unless `user` may see the order, 409 unless it takes a receipt now (shared takesReceipt's rule, each half with
 * its own answer). Checked before the photo is read, and again with it.
 */
export async function assertTakesReceipt(ctx: AppContext, user: AuthenticatedUser, orderId: number): Promise<void> {
  const order = await orderOf(ctx, user, orderId);
  if (order.paymentMethod !== 'transferencia') throw conflict(PAYMENT_MESSAGES.receiptNotTransfer);
  if (order.status !== ORDER_STATUS.PENDING) throw conflict(PAYMENT_MESSAGES.receiptNotPending);
}

/** The family uploads a photo of its transfer receipt; it is re-encoded like product photos and kept private. */
export async function uploadReceipt(
  ctx: AppContext,
  user: AuthenticatedUser,
  orderId: number,
  bytes: Buffer | undefined,
): Promise<OrderJson> {
  await assertTakesReceipt(ctx, user, orderId);
  if (!bytes) throw badRequest(PAYMENT_MESSAGES.receiptMissing);
  const throttleKey = String(orderId);
  await enforceLimit(ctx.throttle, RECEIPTS_PER_ORDER, throttleKey, PAYMENT_MESSAGES.receiptTooMany);
  let saved: { replaced: string | null; updated: OrderJson };
  try {
    saved = await saveReceipt(ctx, orderId, bytes);
  } catch (error) {
    // Only a receipt the shop received counts: a photo it could not read is tried again for free.
    await ctx.throttle.reward(RECEIPTS_PER_ORDER, throttleKey);
    throw error;
  }
  ctx.outbox.wake();
  if (saved.replaced) await deleteImage(ctx.config.receiptsDir, saved.replaced).catch(() => {});
  return saved.updated;
}

/**
 * Stores the photo, then the receipt and the shop's notice together; a 404 if the order was deleted meanwhile, a 409 if
 * it was paid, expired or cancelled meanwhile.
 */
async function saveReceipt(ctx: AppContext, orderId: number, bytes: Buffer) {
  const key = await storeImage(ctx.config.receiptsDir, bytes);
  // The outbox delivers the notice after commit.
  const saved = await ctx.db.transaction().execute(async (tx) => {
    const replaced = await repo.setReceipt(tx, orderId, key, nowIso());
    if (replaced === 'gone' || replaced === 'not-pending') return replaced;
    const updated = await requireOrder(ctx, orderId, tx);
    await enqueueMail(tx, {
      to: ctx.config.shopEmail,
      replyTo: updated.customerEmail,
      ...receiptNoticeMail(updated, ctx.config.publicUrl),
    });
    return { replaced, updated };
  });
  if (saved === 'gone' || saved === 'not-pending') {
    // Deleted, paid, expired or cancelled while the photo was being encoded.
    await deleteImage(ctx.config.receiptsDir, key);
    throw saved === 'gone' ? notFound(ORDER_MESSAGES.orderNotFound) : conflict(PAYMENT_MESSAGES.receiptNotPending);
  }
  return saved;
}

/** The receipt's file (WebP), for its customer and the administrators. */
export async function receiptFile(ctx: AppContext, user: AuthenticatedUser, orderId: number): Promise<string> {
  const order = await orderOf(ctx, user, orderId);
  if (!order.receiptKey) throw notFound(PAYMENT_MESSAGES.receiptNotFound);
  return path.join(ctx.config.receiptsDir, `${order.receiptKey}.webp`);
}

/** Why an order takes no pay link: gone, not paid by pay link, or no longer pending. */
async function whyNoPaymentLink(db: DbOrTx, orderId: number): Promise<Error> {
  const order = await repo.findOrderPayment(db, orderId);
  if (!order) return notFound(ORDER_MESSAGES.orderNotFound);
  if (order.paymentMethod !== 'enlace') return conflict(PAYMENT_MESSAGES.linkNotPayLink);
  return conflict(PAYMENT_MESSAGES.linkNotPending);
}

/** The owner pastes the pay link made with the payment provider; the family gets it by e-mail. */
export async function setPaymentLink(ctx: AppContext, orderId: number, link: string): Promise<OrderJson> {
  const updated = await ctx.db.transaction().execute(async (tx) => {
    // Checked in the update itself: an order paid or expired a moment ago gets no link, so no family is asked to
    // pay twice (decision 0020). The same link again is e-mailed once.
    const outcome = await repo.setPaymentLink(tx, orderId, link, nowIso());
    if (outcome === 'refused') throw await whyNoPaymentLink(tx, orderId);
    const withLink = await requireOrder(ctx, orderId, tx);
    if (outcome === 'saved') {
      await enqueueMail(tx, {
        ...toFamilyOf(withLink),
        ...paymentLinkMail(withLink, ctx.config.publicUrl, pendingHoursOf(ctx)),
      });
    }
    return withLink;
  });
  ctx.outbox.wake();
  return updated;
}
