import type { Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
// A job that runs once a day for the whole shop (the nightly backup, docs/decisions/0036-…) claims its day here:
// of several API processes on one database, the one whose insert lands does it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scheduled_runs')
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('scheduled_runs_pk', ['job', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduled_runs').ifExists().execute();
}
