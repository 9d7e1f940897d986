import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
// Settings the owner changes from the dashboard (docs/decisions/0023-owner-dashboard.md), one row per setting, so a
// new setting needs no migration of its own.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('shop_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', pg ? 'timestamptz' : 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shop_settings').ifExists().execute();
}
