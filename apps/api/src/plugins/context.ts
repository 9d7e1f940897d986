import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import type { Db, DatabaseHandle } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import type { OutboxWorker } from '../mail/outbox.js';
import type { Throttle } from '../lib/throttle.js';
import type { ProductSearch } from '../modules/catalog/search/product-search.js';

// What every module needs, handed over once: modules read app.ctx instead of importing globals.
export interface AppContext {
  config: AppConfig;
  db: Db;
  dialect: DatabaseHandle['dialect'];
  mailer: Mailer;
  /** Delivers queued e-mail (mail/outbox.ts); services wake it after a commit that queued some. */
  outbox: OutboxWorker;
  /** Every rate limit, shared across processes (lib/throttle.ts). */
  throttle: Throttle;
  /** This process's product search index, kept in step with the database (modules/catalog/search/). */
  productSearch: ProductSearch;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export const contextPlugin = fp<{ ctx: AppContext }>(async (app, { ctx }) => {
  app.decorate('ctx', ctx);
});
