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

/** A background job: `run` once now, or let its timer run it; a failure is logged and the next run tries again. */
interface RepeatingJob {
  run(): Promise<void>;
  stop(): void;
}

function repeatEvery(app: FastifyInstance, everyMs: number, failure: string, work: () => Promise<void>): RepeatingJob {
  const run = async () => {
    try {
      await work();
    } catch (error) {
      app.log.warn({ err: error }, failure);
    }
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return { run, stop: () => clearInterval(timer) };
}

export function scheduleHousekeeping(app: FastifyInstance): void {
  // Throttle counters and e-mailed codes only matter for minutes; drop them after a day so the tables stay small.
  const housekeeping = repeatEvery(app, HOUR, 'limpieza periódica fallida', async () => {
    await app.ctx.throttle.prune();
    await deleteCodesOlderThan(app.ctx.db, DAY);
    // Sent (or given-up) e-mail is kept a month for the record.
    await pruneDone(app.ctx.db, 30 * DAY);
    await pruneIdempotencyKeys(app.ctx.db, isoAgo(30 * DAY));
    await pruneAddKeys(app.ctx.db, isoAgo(DAY));
    await pruneStockEditSessions(app.ctx.db, isoAgo(DAY));
    await pruneProductChanges(app.ctx.db, isoAgo(CHANGE_LOG_KEEP_MS));
    await sweepBackupLeftovers(app.ctx.config);
  });
  // Unpaid pending orders past PENDING_ORDER_HOURS expire within minutes (docs/decisions/0015-…); safe to run in
  // every process at once.
  const expiry = repeatEvery(app, EXPIRY_EVERY_MS, 'no se pudieron vencer las órdenes pendientes', async () => {
    const expired = await expirePendingOrders(app.ctx);
    if (expired > 0) app.log.info({ expired }, 'órdenes pendientes vencidas');
  });
  // Toys back in stock: each waiting family's e-mail is queued once, whichever process claims it.
  const stockAlerts = repeatEvery(
    app,
    STOCK_ALERTS_EVERY_MS,
    'no se pudieron enviar los avisos de juguetes disponibles',
    async () => {
      const queued = await mailBackInStock(app.ctx);
      if (queued > 0) app.log.info({ queued }, 'avisos de juguetes disponibles otra vez');
    },
  );
  // The day's backup once its hour has come; the first process to claim the day makes it. Never awaited by the
  // start: a large backup takes minutes.
  const backups = repeatEvery(
    app,
    BACKUP_CHECK_EVERY_MS,
    'no se pudo reservar la copia de seguridad nocturna',
    async () => {
      const outcome = await nightlyBackup(app.ctx, app.log);
      if (outcome === 'made') app.log.info('copia de seguridad nocturna hecha');
      if (outcome === 'failed') app.log.warn('la copia de seguridad nocturna falló; se intenta de nuevo en 10 minutos');
    },
  );
  const firstBackupCheck = setTimeout(() => void backups.run(), 60_000);
  firstBackupCheck.unref();
  app.addHook('onReady', async () => {
    await housekeeping.run();
    await expiry.run();
  });
  app.addHook('onClose', async () => {
    for (const job of [housekeeping, expiry, stockAlerts, backups]) job.stop();
    clearTimeout(firstBackupCheck);
    await stopBackups();
  });
}
