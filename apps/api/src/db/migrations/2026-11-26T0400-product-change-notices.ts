import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
// PostgreSQL only: every statement that logs catalogue changes in product_changes also notifies the processes that
// listen (db/change-notices.ts), with the schema as payload, so an API process knows its search index is current
// without reading the log on every request (docs/decisions/0026-…, amendment of 2026-11-26). PostgreSQL sends the
// notice at commit, and folds a transaction's identical notices into one. SQLite has its own cheap signal.

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql
    .raw(
      `create function product_changes_notice() returns trigger language plpgsql as $$
       begin
         perform pg_notify('product_changes', tg_table_schema);
         return null;
       end $$;
       create trigger product_changes_notice after insert on product_changes
         for each statement execute function product_changes_notice();`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql.raw('drop trigger if exists product_changes_notice on product_changes').execute(db);
  await sql.raw('drop function if exists product_changes_notice()').execute(db);
}
