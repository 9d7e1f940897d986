import type { FastifyInstance } from 'fastify';
import { pruneEvents } from './lib/throttle.js';
import { deleteCodesOlderThan } from './modules/accounts/email-codes.js';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

// Throttle counters and e-mailed codes only matter for minutes; drop them after a day so the tables stay small.
export function scheduleHousekeeping(app: FastifyInstance): void {
  const run = async () => {
    try {
      await pruneEvents(app.ctx.db, DAY);
      await deleteCodesOlderThan(app.ctx.db, DAY);
    } catch (error) {
      app.log.warn({ err: error }, 'limpieza periódica fallida');
    }
  };
  const timer = setInterval(() => void run(), HOUR);
  timer.unref();
  app.addHook('onReady', run);
  app.addHook('onClose', async () => clearInterval(timer));
}
