import { CATALOG } from '@tienda/shared/catalog';
import { firstNameOf } from '@tienda/shared/names';
import {
  STOCK_ALERT_MESSAGES,
  STOCK_ALERTS_MAX,
  type StockAlert,
  type WaitedProduct,
} from '@tienda/shared/stock-alerts';
import type { AppContext } from '../../plugins/context.js';
import { nowIso } from '../../db/timestamps.js';
import { conflict, notFound } from '../../errors.js';
import { escapeHtml } from '../../lib/html.js';
import { enqueueMail } from '../../mail/outbox.js';
import { linkTo, renderMail, type ShopOrigin } from '../../mail/layout.js';
import * as repo from './stock-alerts.repository.js';

// A family asks to be e-mailed when a sold-out toy is back (docs/decisions/0040-back-in-stock-alerts.md).

export function waitedProducts(ctx: AppContext, userId: number): Promise<WaitedProduct[]> {
  return repo.waitedProducts(ctx.db, userId);
}

export async function alertOf(ctx: AppContext, userId: number, productId: number): Promise<StockAlert> {
  return { waiting: await repo.isWaiting(ctx.db, userId, productId) };
}

/**
 * Keeps the account's alert for a sold-out product (asking twice keeps one). A product in stock is a 409: there is
 * nothing to wait for; past STOCK_ALERTS_MAX alerts, a 409 too.
 */
export async function waitFor(ctx: AppContext, userId: number, productId: number): Promise<StockAlert> {
  await ctx.db.transaction().execute(async (tx) => {
    await repo.lockUser(tx, userId);
    const stock = await repo.productStock(tx, productId);
    if (stock === undefined) throw notFound(CATALOG.productNotFound);
    if (await repo.isWaiting(tx, userId, productId)) return;
    if (stock > 0) throw conflict(STOCK_ALERT_MESSAGES.inStock);
    if ((await repo.countWaiting(tx, userId)) >= STOCK_ALERTS_MAX) throw conflict(STOCK_ALERT_MESSAGES.tooMany);
    await repo.addAlert(tx, userId, productId, nowIso());
  });
  return { waiting: true };
}

export async function stopWaiting(ctx: AppContext, userId: number, productId: number): Promise<StockAlert> {
  await repo.removeAlert(ctx.db, userId, productId);
  return { waiting: false };
}

/** Alerts claimed and mailed per transaction, so a long wait list never holds one transaction open for long. */
const ALERTS_PER_BATCH = 200;

/**
 * The periodic job (maintenance.ts): every alert whose product has stock again becomes an e-mail in the outbox, in
 * the transaction that deletes it, so none is lost or sent twice, whichever process runs it. However the stock came
 * back (the owner's edit, a cancelled, expired or deleted order), the next run finds it. Answers how many it queued.
 */
export async function mailBackInStock(ctx: AppContext): Promise<number> {
  let queued = 0;
  for (;;) {
    const batch = await ctx.db.transaction().execute(async (tx) => {
      const due = await repo.claimDueAlerts(tx, ALERTS_PER_BATCH);
      await enqueueMail(
        tx,
        ...due.map((alert) => ({ to: alert.email, ...backInStockMail(alert, ctx.config.publicUrl) })),
      );
      return due.length;
    });
    queued += batch;
    if (batch < ALERTS_PER_BATCH) break;
  }
  if (queued > 0) ctx.outbox.wake();
  return queued;
}

function backInStockMail(alert: repo.DueAlert, origin: ShopOrigin) {
  const greeting = `Hola, ${firstNameOf(alert.name)}:`;
  const intro = `«${alert.productName}» está disponible otra vez en la tienda.`;
  const hint = 'Las unidades se apartan al hacer la orden: si lo quieres, no esperes mucho.';
  const page = linkTo(
    origin,
    `/producto/${alert.productId}`,
    'Ver el juguete',
    `Búscalo en la tienda: «${alert.productName}».`,
  );
  return renderMail({
    subject: `Volvió «${alert.productName}»`,
    bodyHtml: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(hint)}</p>${page.html}`,
    bodyText: `${greeting}\n\n${intro}\n\n${hint}\n\n${page.text}`,
  });
}
