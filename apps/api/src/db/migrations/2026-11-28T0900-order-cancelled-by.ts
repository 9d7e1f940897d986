import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
// Who cancelled an order (docs/decisions/0039-a-family-cancels-its-order.md, amendment "the shop cancels too"):
// 'familia' or 'tienda' while its status is 4 (Cancelado). Every order cancelled before this was its family's.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('cancelled_by', 'text').execute();
  await sql`update orders set cancelled_by = 'familia' where status = 4`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('cancelled_by').execute();
}
