import { loadConfig } from '../config.js';
import { BackupError, createBackup } from './backup.js';

// `npm run backup [-- FILE]`: a consistent copy of the running shop (database + uploads) in one .tar.gz.
const config = loadConfig();
try {
  const { file, manifest } = await createBackup(config, process.argv[2]);
  const { orders, products, combos, users, images } = manifest.counts;
  console.log(`Respaldo escrito en ${file}`);
  console.log(`  ${orders} pedidos, ${products} productos, ${combos} combos, ${users} usuarios, ${images} imágenes.`);
  if (manifest.missingImages.length > 0) {
    console.log(`  Aviso: ${manifest.missingImages.length} imágenes se borraron durante el respaldo y no van en él.`);
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
