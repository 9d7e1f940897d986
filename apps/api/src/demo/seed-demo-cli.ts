import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { adminLoginHint } from './demo-admin.js';
import { seedDemoIfEmpty } from './seed-demo.js';

// `npm run seed:demo`: loads the demo shop without starting the server, with the rules `npm start` follows
// (only on an empty database, demo administrator unless ADMIN_EMAIL is set). Asking for it is SEED_DEMO=true.
const config = loadConfig();
const app = await buildApp(config);
try {
  const seeded = await seedDemoIfEmpty({ ...app.ctx, config: { ...config, seedDemo: true } }, app.log);
  console.log(
    seeded
      ? 'Catálogo de demostración cargado.'
      : 'La base de datos ya tiene datos: no se cargó el catálogo de demostración.',
  );
  console.log(await adminLoginHint(config));
} finally {
  await app.close();
}
