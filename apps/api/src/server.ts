import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseInUseError } from './db/database.js';
import { adminLoginHint } from './demo/demo-admin.js';
import { hasAdministrator } from './modules/accounts/users.repository.js';
import { seedDemoIfEmpty } from './demo/seed-demo.js';
import { compactHeap } from './lib/heap.js';
import { addMissingImageWidths } from './lib/images.js';
import { CLOSE_DEADLINE_MS } from './plugins/graceful-close.js';

// Reads config, builds the app, loads the demo shop on an empty database, listens, and shuts down cleanly on
// SIGINT/SIGTERM. The demo is the start's business, not the app's: tests and other callers of buildApp never seed.
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'cerrando');
    // The app cuts its connections at CLOSE_DEADLINE_MS; this is the last resort if closing itself hangs.
    setTimeout(() => process.exit(1), CLOSE_DEADLINE_MS + 2_000).unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  // Before listening, so the first visitor already sees the catalogue.
  await seedDemoIfEmpty(app.ctx, app.log);
  // The catalogue is loaded once the app is ready; its garbage goes back to the system before the first visitor.
  await app.ready();
  const compacted = compactHeap();
  app.log.info({ compacted, heapMb: Math.round(process.memoryUsage().heapUsed / 1e6) }, 'memoria tras el arranque');
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  // PORT=0 asks the system for a free port: show the one it gave.
  const { port } = app.server.address() as AddressInfo;
  console.log(`\nLa tienda está abierta en http://${shown}:${port}`);
  // What the e-mails and share links use (PUBLIC_URL), when it differs from where this process listens.
  if (config.publicUrl) console.log(`Dirección pública (enlaces de los correos): ${config.publicUrl}`);
  console.log(await adminLoginHint(config, await hasAdministrator(app.ctx.db)));
  // Pictures stored before the srcset widths existed get them now, in the background; until then a page falls back
  // to the picture's placeholder only if the browser picked a missing width (docs/decisions/0025-first-load-javascript-and-images.md).
  addMissingImageWidths(config.uploadsDir).then(
    (made) => made > 0 && app.log.info({ made }, 'anchos de imagen creados'),
    (error: unknown) => app.log.error({ err: error }, 'no se pudieron crear los anchos de imagen'),
  );
}

main().catch((error) => {
  // A second process on the same SQLite file is an operator's mistake, not a crash: the message says it all.
  if (error instanceof DatabaseInUseError) console.error(error.message);
  else console.error('No se pudo iniciar el servidor:', error);
  process.exit(1);
});
