import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import { pino } from 'pino';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
// The one Spanish fallback for schema fields without a message of their own (docs/decisions/0013).
import '@tienda/shared/zod-messages';
import { IMAGE_MAX_BYTES } from '@tienda/shared/constants';
import type { AppConfig } from './config.js';
import { createDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createOutboxWorker, OUTBOX_DEFAULTS } from './mail/outbox.js';
import { createThrottle } from './lib/throttle.js';
import { apiDocsPlugin } from './plugins/api-docs.js';
import { authPlugin } from './plugins/auth.js';
import { bodyHygienePlugin } from './plugins/body-hygiene.js';
import { caseInsensitiveFieldsPlugin } from './plugins/case-insensitive-fields.js';
import { jsonBodyPlugin } from './plugins/json-body.js';
import { contextPlugin } from './plugins/context.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { answerClientError, answerFrameworkError } from './plugins/framework-errors.js';
import { gracefulClosePlugin } from './plugins/graceful-close.js';
import { ProductSearch } from './modules/catalog/search/product-search.js';
import { lazyRequestLogger, OneLinePerRequest } from './plugins/request-log.js';
import { securityPlugin } from './plugins/security.js';
import { webAppPlugin } from './plugins/web-app.js';
import { scheduleHousekeeping } from './maintenance.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { comboRoutes } from './modules/combos/combos.routes.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { ensureAdministrator } from './modules/accounts/accounts.bootstrap.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { orderRoutes } from './modules/orders/orders.routes.js';
import { orderPaymentRoutes } from './modules/orders/order-payments.routes.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { backupRoutes } from './backup/backups.routes.js';
import { stockAlertRoutes } from './modules/stock-alerts/stock-alerts.routes.js';
import { adminStatsRoutes } from './modules/admin-stats/admin-stats.routes.js';

export interface BuildOptions {
  /** Override the logger (tests pass false). */
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests that read what the server logged). */
  logStream?: FastifyLoggerOptions['stream'];
  mailer?: Mailer;
}

/** Builds the whole app: database migrated, plugins, then routes. Does not listen. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const proxyHops = typeof config.trustProxy === 'number' ? config.trustProxy : 0;
  // Written asynchronously: lines that arrive while a write is under way go out together in the next one, instead
  // of one blocking write per request (docs/decisions/0029-a-lean-request-path.md); pino writes what is left
  // synchronously when the process exits.
  const logStream =
    options.logger === false ? undefined : (options.logStream ?? pino.destination({ dest: 1, sync: false }));
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: {
              paths: [
                'req.headers.authorization',
                '*.password',
                '*.passwordHash',
                '*.newPassword',
                '*.currentPassword',
                // The e-mailed code's field (spec §7 verificar-codigo). Not '*.code': that would hide every logged
                // error's own code (err.code, such as ENOTDIR or 23503).
                '*.codigo',
              ],
              censor: '[oculto]',
            },
            stream: logStream,
          },
    logController: new OneLinePerRequest(logStream),
    ...(options.logger === false ? {} : { childLoggerFactory: lazyRequestLogger }),
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'].slice(0, 64) : randomUUID(),
    // The spec writes /api/Product and /api/product, /Api/Order and /api/Order/.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    // Spanish answers for what fails before any route runs, and for requests that arrive while closing.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    return503OnClosing: false,
    // Only behind a known reverse proxy: otherwise anyone could fake X-Forwarded-For past the per-IP limits.
    // A hop count trusts that many hops, the socket's peer first (Fastify's own number form trusts none).
    trustProxy:
      typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < proxyHops : config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  mkdirSync(config.uploadsDir, { recursive: true });
  const database = createDatabase(config.database, (error) =>
    app.log.warn({ err: error }, 'PostgreSQL cerró una conexión inactiva; la siguiente consulta abre otra'),
  );
  await migrateToLatest(database.db, config.database.dialect === 'postgres' ? config.database.schema : undefined);
  const mailer = options.mailer ?? createMailer(config.mail, app.log);
  const outbox = createOutboxWorker(database.db, mailer, app.log, {
    ...OUTBOX_DEFAULTS,
    ...config.mail.outbox,
    onlyProcess: config.database.dialect === 'sqlite',
  });
  // Every process delivers queued mail once it is ready (docs/decisions/0015-…); a send in progress ends first.
  app.addHook('onReady', async () => outbox.start());
  const throttle = await createThrottle({
    db: database.db,
    redisUrl: config.redisUrl,
    keyPrefix: config.redisKeyPrefix ?? 'tienda',
    log: app.log,
  });
  const productSearch = new ProductSearch(database.db, Date.now, database.writeMark);
  // The first shopper should not wait for the index to be built.
  app.addHook('onReady', async () => {
    await productSearch.fresh();
  });
  app.addHook('onClose', async () => {
    await outbox.stop();
    await mailer.close();
    await throttle.close();
    await database.destroy();
  });

  await app.register(contextPlugin, {
    ctx: { config, db: database.db, dialect: database.dialect, mailer, outbox, throttle, productSearch },
  });
  await app.register(errorHandlerPlugin);
  await app.register(gracefulClosePlugin);
  await app.register(securityPlugin);
  await app.register(authPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(caseInsensitiveFieldsPlugin);
  await app.register(bodyHygienePlugin);
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES } });
  await app.register(apiDocsPlugin);

  await app.register(healthRoutes);
  await app.register(catalogRoutes);
  await app.register(comboRoutes);
  await app.register(accountsRoutes);
  await app.register(cartRoutes);
  await app.register(orderRoutes);
  await app.register(orderPaymentRoutes);
  await app.register(contactRoutes);
  await app.register(adminStatsRoutes);
  await app.register(backupRoutes);
  await app.register(stockAlertRoutes);
  if (config.admin) await ensureAdministrator(app.ctx, config.admin);

  scheduleHousekeeping(app);
  await app.register(webAppPlugin, { webDistDir: config.webDistDir, uploadsDir: config.uploadsDir });
  return app;
}
