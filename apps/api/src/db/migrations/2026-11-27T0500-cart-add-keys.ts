import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
// POST /api/Cart/AddProduct and AddCombo with an Idempotency-Key (docs/decisions/0015-nothing-lost-nothing-hoarded.md,
// amendment of 2026-11-27): one row per key and account, written in the add's transaction, so an add whose answer
// was lost on the way is not made twice when the family taps again.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('cart_add_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', pg ? 'timestamptz' : 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_add_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('cart_add_keys_created').on('cart_add_keys').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cart_add_keys').ifExists().execute();
}
