import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
// An admin's edit form applies its stock as a change (docs/decisions/0021-stock-edits-as-changes.md); the change it
// already applied is kept per form session, so saving again after a lost answer does not add it twice.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('stock_edit_sessions')
    .addColumn('item_table', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('session_key', 'text', (c) => c.notNull())
    .addColumn('applied', 'integer', (c) => c.notNull())
    .addColumn('created_at', pg ? 'timestamptz' : 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('stock_edit_sessions_pk', ['item_table', 'item_id', 'session_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stock_edit_sessions').ifExists().execute();
}
