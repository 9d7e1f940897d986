import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { adminLoginHint } from './db/seed/seed-demo.js';

// Reads config, builds the app, listens, and shuts down cleanly on SIGINT/SIGTERM.
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
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`\nLa tienda está abierta en http://${shown}:${config.port}`);
  console.log(await adminLoginHint(config));
}

main().catch((error) => {
  console.error('No se pudo iniciar el servidor:', error);
  process.exit(1);
});
