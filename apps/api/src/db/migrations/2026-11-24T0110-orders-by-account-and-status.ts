import type { Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
// Every order counts the account's pending orders and units (docs/decisions/0015-…). Through orders_user (account,
// date) that read walked every order the account ever placed; this index goes straight to its pending ones
// (docs/decisions/0029-a-lean-request-path.md).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_user_status').on('orders').columns(['user_id', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_user_status').ifExists().execute();
}
