import { loadConfig } from '../config.js';
import { DatabaseInUseError } from '../db/database.js';
import { BackupError, restoreBackup } from './backup.js';

// `npm run restore FILE`: puts a backup back into DATABASE_URL/DATA_DIR and UPLOADS_DIR, with the shop stopped.
const file = process.argv[2];
if (!file) {
  console.error('Uso: npm run restore -- ARCHIVO.tar.gz');
  process.exit(1);
}
const config = loadConfig();
try {
  const { manifest, keptAside } = await restoreBackup(config, file);
  const { orders, products, combos, users, images } = manifest.counts;
  console.log(`Respaldo del ${manifest.createdAt} restaurado.`);
  console.log(`  ${orders} pedidos, ${products} productos, ${combos} combos, ${users} usuarios, ${images} imágenes.`);
  for (const aside of keptAside) console.log(`  Lo anterior quedó guardado en ${aside}`);
} catch (error) {
  if (!(error instanceof BackupError || error instanceof DatabaseInUseError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
