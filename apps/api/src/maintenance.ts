import type { FastifyInstance } from 'fastify';
import { pruneDone } from './mail/outbox.repository.js';
import { deleteCodesOlderThan } from './modules/accounts/email-codes.js';
import { pruneIdempotencyKeys } from './modules/orders/orders.repository.js';
import { pruneAddKeys } from './modules/cart/cart.repository.js';
import { pruneStockEditSessions } from './modules/catalog/stock.repository.js';
import { expirePendingOrders } from './modules/orders/orders.service.js';
import { mailBackInStock } from './modules/stock-alerts/stock-alerts.service.js';
import { isoAgo } from './db/timestamps.js';
import { CHANGE_LOG_KEEP_MS } from './modules/catalog/search/product-search.js';
import { pruneProductChanges } from './modules/catalog/search/search.repository.js';
import { nightlyBackup, stopBackups, sweepBackupLeftovers } from './backup/backups.service.js';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const EXPIRY_EVERY_MS = 10 * 60_000;
/** How soon a family hears that a toy it waits for is back (docs/decisions/0040-…). */
const STOCK_ALERTS_EVERY_MS = 2 * 60_000;
/** How often the nightly backup looks whether its hour has come (docs/decisions/0036-…). */
const BACKUP_CHECK_EVERY_MS = 10 * 60_000;

// Throttle counters and e-mailed codes only matter for minutes; drop them after a day so the tables stay small.
// Also the expiry of unpaid pending orders.
export function scheduleHousekeeping(app: FastifyInstance): void {
  const run = async () => {
    try {
      await app.ctx.throttle.prune();
      await deleteCodesOlderThan(app.ctx.db, DAY);
      // Sent (or given-up) e-mail is kept a month for the record.
      await pruneDone(app.ctx.db, 30 * DAY);
      await pruneIdempotencyKeys(app.ctx.db, isoAgo(30 * DAY));
      await pruneAddKeys(app.ctx.db, isoAgo(DAY));
      await pruneStockEditSessions(app.ctx.db, isoAgo(DAY));
      await pruneProductChanges(app.ctx.db, isoAgo(CHANGE_LOG_KEEP_MS));
      await sweepBackupLeftovers(app.ctx.config);
    } catch (error) {
      app.log.warn({ err: error }, 'limpieza periódica fallida');
    }
  };
  const timer = setInterval(() => void run(), HOUR);
  timer.unref();
  // Unpaid pending orders past PENDING_ORDER_HOURS expire within minutes (docs/decisions/0015-…); safe to run in
  // every process at once.
  const expire = async () => {
    try {
      const expired = await expirePendingOrders(app.ctx);
      if (expired > 0) app.log.info({ expired }, 'órdenes pendientes vencidas');
    } catch (error) {
      app.log.warn({ err: error }, 'no se pudieron vencer las órdenes pendientes');
    }
  };
  const expiryTimer = setInterval(() => void expire(), EXPIRY_EVERY_MS);
  expiryTimer.unref();
  // Toys back in stock: each waiting family's e-mail is queued once, whichever process claims it.
  const alert = async () => {
    try {
      const queued = await mailBackInStock(app.ctx);
      if (queued > 0) app.log.info({ queued }, 'avisos de juguetes disponibles otra vez');
    } catch (error) {
      app.log.warn({ err: error }, 'no se pudieron enviar los avisos de juguetes disponibles');
    }
  };
  const alertTimer = setInterval(() => void alert(), STOCK_ALERTS_EVERY_MS);
  alertTimer.unref();
  // The day's backup once its hour has come; the first process to claim the day makes it. Never awaited by the
  // start: a large backup takes minutes.
  const backUp = async () => {
    try {
      const outcome = await nightlyBackup(app.ctx, app.log);
      if (outcome === 'made') app.log.info('copia de seguridad nocturna hecha');
      if (outcome === 'failed') app.log.warn('la copia de seguridad nocturna falló; se intenta de nuevo en 10 minutos');
    } catch (error) {
      app.log.warn({ err: error }, 'no se pudo reservar la copia de seguridad nocturna');
    }
  };
  const backupTimer = setInterval(() => void backUp(), BACKUP_CHECK_EVERY_MS);
  backupTimer.unref();
  const firstBackupCheck = setTimeout(() => void backUp(), 60_000);
  firstBackupCheck.unref();
  app.addHook('onReady', async () => {
    await run();
    await expire();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(expiryTimer);
    clearInterval(alertTimer);
    clearInterval(backupTimer);
    clearTimeout(firstBackupCheck);
    await stopBackups();
  });
}
