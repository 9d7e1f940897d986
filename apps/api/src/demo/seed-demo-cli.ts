import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { DatabaseInUseError } from '../db/database.js';
import { hasAdministrator } from '../modules/accounts/users.repository.js';
import { adminLoginHint } from './demo-admin.js';
import { seedDemoIfEmpty } from './seed-demo.js';

// `npm run seed:demo`: loads the demo shop without starting the server, with the rules `npm start` follows
// (only on an empty database, demo administrator unless ADMIN_EMAIL is set). Asking for it is SEED_DEMO=true.
async function seedDemo(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  try {
    const seeded = await seedDemoIfEmpty({ ...app.ctx, config: { ...config, seedDemo: true } }, app.log);
    console.log(
      seeded
        ? 'Catálogo de demostración cargado.'
        : 'La base de datos ya tiene datos: no se cargó el catálogo de demostración.',
    );
    console.log(await adminLoginHint(config, await hasAdministrator(app.ctx.db)));
  } finally {
    await app.close();
  }
}

try {
  await seedDemo();
} catch (error) {
  // The shop running on the same SQLite file: the message says what to do, as `npm run restore` does.
  if (!(error instanceof DatabaseInUseError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
