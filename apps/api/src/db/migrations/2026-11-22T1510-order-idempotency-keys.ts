import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
// POST /api/Order/ with an Idempotency-Key header (docs/decisions/0015-nothing-lost-nothing-hoarded.md): one row per
// key and account, written in the order's transaction; it goes with its order.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('order_idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('cascade'))
    .addColumn('created_at', pg ? 'timestamptz' : 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('order_idempotency_keys_order').on('order_idempotency_keys').column('order_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_idempotency_keys').ifExists().execute();
}
