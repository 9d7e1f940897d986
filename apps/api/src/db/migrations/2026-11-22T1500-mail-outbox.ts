import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
// The durable e-mail outbox (docs/decisions/0015-nothing-lost-nothing-hoarded.md): each e-mail is a row written in
// the transaction of what caused it, and a worker in every API process delivers it.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';
  await (
    pg
      ? db.schema.createTable('outbox').addColumn('id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable('outbox').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestamp, (c) => c.notNull())
    .addColumn('claimed_until', timestamp)
    .addColumn('last_error', 'text')
    .addColumn('sent_at', timestamp)
    .addColumn('failed_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  // The worker's question: what is due and not yet done.
  await db.schema.createIndex('outbox_due').on('outbox').columns(['sent_at', 'failed_at', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox').ifExists().execute();
}
