import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import * as initialSchema from './migrations/2026-11-21T1100-initial-schema.js';

// Listed here rather than read from disk, so tests (TypeScript) and the build (JavaScript) see the same set.
const migrations: Record<string, Migration> = {
  '2026-11-21T1100-initial-schema': initialSchema,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`La migración ${failed?.migrationName ?? ''} falló: ${String(error)}`);
  }
}
