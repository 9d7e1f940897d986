import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
// E-mails of one thread (a family's e-mails about one order) go out in the order they were written
// (mail/outbox.repository.ts claimDue): after a mail outage, each waits its own retry, and the cancellation of an
// order reached the family before its confirmation. The index holds only unsent e-mails of a thread, so the check
// for an older one reads one or two entries.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('thread', 'text').execute();
  await db.schema
    .createIndex('outbox_unsent_by_thread')
    .on('outbox')
    .columns(['thread', 'id'])
    .where(sql<boolean>`thread is not null and sent_at is null and failed_at is null`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_unsent_by_thread').ifExists().execute();
  await db.schema.alterTable('outbox').dropColumn('thread').execute();
}
