import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
// Families waiting for a sold-out toy (docs/decisions/0040-back-in-stock-alerts.md): one row per account and product,
// deleted when its e-mail is queued, or with the account or the product.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('stock_alerts')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('created_at', pg ? 'timestamptz' : 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('stock_alerts_pk', ['user_id', 'product_id'])
    .execute();
  // The job looks for products back in stock among those awaited.
  await db.schema.createIndex('stock_alerts_by_product').on('stock_alerts').column('product_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stock_alerts').ifExists().execute();
}
