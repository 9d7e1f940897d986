import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
// PostgreSQL only: the outbox worker claims the e-mails due longest, 20 at a time (mail/outbox.repository.ts). This
// index holds only the e-mails still to send, in the claim's own order. Through outbox_due a claim took 3.0 ms during
// a sale day's burst of orders, walking index entries left behind by the versions of rows since claimed and sent;
// through this one, 1.1 ms (docs/decisions/0032-orders-placed-together.md). SQLite updates rows in place, and its
// plan through outbox_due already reads the claim's rows in order and stops.

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .createIndex('outbox_pending')
    .on('outbox')
    .columns(['next_attempt_at', 'id'])
    .where(sql<boolean>`sent_at is null and failed_at is null`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_pending').ifExists().execute();
}
