import { PostgresAdapter, type Kysely } from 'kysely';

// How each order is paid, its pay link or transfer receipt, and when it was paid and delivered
// (docs/decisions/0020-payment-methods.md). Existing orders were all arranged by phone: cash on delivery.
export async function up(db: Kysely<any>): Promise<void> {
  const timestamp = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';
  await db.schema
    .alterTable('orders')
    .addColumn('payment_method', 'text', (c) => c.notNull().defaultTo('contra_entrega'))
    .execute();
  await db.schema.alterTable('orders').addColumn('payment_link', 'text').execute();
  await db.schema.alterTable('orders').addColumn('receipt_key', 'text').execute();
  await db.schema.alterTable('orders').addColumn('receipt_uploaded_at', timestamp).execute();
  await db.schema.alterTable('orders').addColumn('paid_at', timestamp).execute();
  await db.schema.alterTable('orders').addColumn('delivered_at', timestamp).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [
    'delivered_at',
    'paid_at',
    'receipt_uploaded_at',
    'receipt_key',
    'payment_link',
    'payment_method',
  ])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}
