import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import * as initialSchema from './migrations/2026-11-21T1100-initial-schema.js';
import * as throttleSessionsEmailChange from './migrations/2026-11-22T1400-throttle-counters-sessions-email-change.js';
import * as mailOutbox from './migrations/2026-11-22T1500-mail-outbox.js';
import * as orderIdempotencyKeys from './migrations/2026-11-22T1510-order-idempotency-keys.js';
import * as orderPayments from './migrations/2026-11-22T2300-order-payments.js';
import * as productChanges from './migrations/2026-11-23T0400-product-changes.js';
import * as shopSettings from './migrations/2026-11-23T0500-shop-settings.js';

// Listed here rather than read from disk, so tests (TypeScript) and the build (JavaScript) see the same set.
const migrations: Record<string, Migration> = {
  '2026-11-21T1100-initial-schema': initialSchema,
  '2026-11-22T1400-throttle-counters-sessions-email-change': throttleSessionsEmailChange,
  '2026-11-22T1500-mail-outbox': mailOutbox,
  '2026-11-22T1510-order-idempotency-keys': orderIdempotencyKeys,
  '2026-11-22T2300-order-payments': orderPayments,
  '2026-11-23T0400-product-changes': productChanges,
  '2026-11-23T0500-shop-settings': shopSettings,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * `schema`: the PostgreSQL schema that holds the tables (tests give each file its own). Kysely looks for its
 * bookkeeping tables in every schema unless told which one, so two schemas on one server would see each other's.
 */
export async function migrateToLatest(db: Db, schema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`La migración ${failed?.migrationName ?? ''} falló: ${String(error)}`);
  }
}
