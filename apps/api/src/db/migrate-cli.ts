import { loadConfig } from '../config.js';
import { createDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

// `npm run migrate`: the same migrations the server runs at start.
const config = loadConfig();
const handle = createDatabase(config.database);
try {
  await migrateToLatest(handle.db, config.database.dialect === 'postgres' ? config.database.schema : undefined);
  console.log('Migraciones aplicadas.');
} finally {
  await handle.destroy();
}
