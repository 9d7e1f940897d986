import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import * as initialSchema from './migrations/2026-11-21T1100-initial-schema.js';
import * as throttleSessionsEmailChange from './migrations/2026-11-22T1400-throttle-counters-sessions-email-change.js';
import * as mailOutbox from './migrations/2026-11-22T1500-mail-outbox.js';
import * as orderIdempotencyKeys from './migrations/2026-11-22T1510-order-idempotency-keys.js';
import * as orderPayments from './migrations/2026-11-22T2300-order-payments.js';
import * as productChanges from './migrations/2026-11-23T0400-product-changes.js';
import * as shopSettings from './migrations/2026-11-23T0500-shop-settings.js';
import * as productAnswerChanges from './migrations/2026-11-24T0100-product-answer-changes.js';
import * as ordersByAccountAndStatus from './migrations/2026-11-24T0110-orders-by-account-and-status.js';
import * as productChangeNotices from './migrations/2026-11-26T0400-product-change-notices.js';
import * as outboxPending from './migrations/2026-11-26T0700-outbox-pending.js';
import * as orderLinesByItemAndOrder from './migrations/2026-11-26T1000-order-lines-by-item-and-order.js';
import * as adminSearchText from './migrations/2026-11-26T1800-admin-search-text.js';
import * as catalogueSearchTextDropped from './migrations/2026-11-26T2350-catalogue-search-text-dropped.js';
import * as stockEditSessions from './migrations/2026-11-26T2355-stock-edit-sessions.js';
import * as scheduledRuns from './migrations/2026-11-27T0300-scheduled-runs.js';
import * as cartAddKeys from './migrations/2026-11-27T0500-cart-add-keys.js';
import * as outboxThreads from './migrations/2026-11-27T2100-outbox-threads.js';
import * as orderCancelledBy from './migrations/2026-11-28T0900-order-cancelled-by.js';
import * as stockAlerts from './migrations/2026-11-28T1000-stock-alerts.js';

// Listed here rather than read from disk, so tests (TypeScript) and the build (JavaScript) see the same set.
const migrations: Record<string, Migration> = {
  '2026-11-21T1100-initial-schema': initialSchema,
  '2026-11-22T1400-throttle-counters-sessions-email-change': throttleSessionsEmailChange,
  '2026-11-22T1500-mail-outbox': mailOutbox,
  '2026-11-22T1510-order-idempotency-keys': orderIdempotencyKeys,
  '2026-11-22T2300-order-payments': orderPayments,
  '2026-11-23T0400-product-changes': productChanges,
  '2026-11-23T0500-shop-settings': shopSettings,
  '2026-11-24T0100-product-answer-changes': productAnswerChanges,
  '2026-11-24T0110-orders-by-account-and-status': ordersByAccountAndStatus,
  '2026-11-26T0400-product-change-notices': productChangeNotices,
  '2026-11-26T0700-outbox-pending': outboxPending,
  '2026-11-26T1000-order-lines-by-item-and-order': orderLinesByItemAndOrder,
  '2026-11-26T1800-admin-search-text': adminSearchText,
  '2026-11-26T2350-catalogue-search-text-dropped': catalogueSearchTextDropped,
  '2026-11-26T2355-stock-edit-sessions': stockEditSessions,
  '2026-11-27T0300-scheduled-runs': scheduledRuns,
  '2026-11-27T0500-cart-add-keys': cartAddKeys,
  '2026-11-27T2100-outbox-threads': outboxThreads,
  '2026-11-28T0900-order-cancelled-by': orderCancelledBy,
  '2026-11-28T1000-stock-alerts': stockAlerts,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * `schema`: the PostgreSQL schema that holds the tables (tests give each file its own). Kysely looks for its
 * bookkeeping tables in every schema unless told which one, so two schemas on one server would see each other's.
 */
export async function migrateToLatest(db: Db, schema?: string): Promise<void> {
  // Nothing to do is the common case (every start after the first): answer it from Kysely's own bookkeeping table
  // rather than let the Migrator introspect every table of the database. On a PostgreSQL server shared by several
  // shops (or test files), that introspection fails with "schema … does not exist" when another schema is dropped
  // while it reads the catalogue.
  const applied = await appliedMigrationNames(db, schema);
  if (applied && Object.keys(migrations).every((name) => applied.has(name))) return;
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`La migración ${failed?.migrationName ?? ''} falló: ${String(error)}`);
  }
}

/** The migrations already applied, or null when the bookkeeping table is not there yet. */
async function appliedMigrationNames(db: Db, schema?: string): Promise<Set<string> | null> {
  try {
    const table = sql.table(schema ? `${schema}.kysely_migration` : 'kysely_migration');
    const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(db);
    return new Set(rows.map((row) => row.name));
  } catch {
    return null;
  }
}
