import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
// Every API process keeps the shop's search index in memory (docs/decisions/0026-catalogue-search-index.md). The
// database itself logs which products changed, by trigger, so no write path (the admin, orders, expiry, a category
// deleted, a hand-run SQL fix) can forget to tell the other processes.

const SQLITE_NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await (
    pg
      ? db.schema.createTable('product_changes').addColumn('seq', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable('product_changes').addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('changed_at', pg ? 'timestamptz' : 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_changes_changed_at').on('product_changes').column('changed_at').execute();

  // What search reads and its cards show: name, description, prices, stock, age, main image and categories.
  const watched = 'name, description, price_cents, discount_bp, stock, image_key, created_at';
  if (pg) {
    await sql
      .raw(
        `create function product_changed() returns trigger language plpgsql as $$
         begin
           if tg_op = 'DELETE' then
             insert into product_changes (product_id, changed_at) values (old.id, now());
           else
             insert into product_changes (product_id, changed_at) values (new.id, now());
           end if;
           return null;
         end $$;
         create function product_category_changed() returns trigger language plpgsql as $$
         begin
           if tg_op = 'DELETE' then
             insert into product_changes (product_id, changed_at) values (old.product_id, now());
           else
             insert into product_changes (product_id, changed_at) values (new.product_id, now());
           end if;
           return null;
         end $$;
         create trigger product_changes_write after insert or delete or update of ${watched} on products
           for each row execute function product_changed();
         create trigger product_changes_categories after insert or delete on product_categories
           for each row execute function product_category_changed();`,
      )
      .execute(db);
    return;
  }
  const log = (id: string) => `insert into product_changes (product_id, changed_at) values (${id}, ${SQLITE_NOW});`;
  for (const statement of [
    `create trigger product_changes_insert after insert on products begin ${log('new.id')} end`,
    `create trigger product_changes_update after update of ${watched} on products begin ${log('new.id')} end`,
    `create trigger product_changes_delete after delete on products begin ${log('old.id')} end`,
    `create trigger product_changes_category_insert after insert on product_categories begin ${log('new.product_id')} end`,
    `create trigger product_changes_category_delete after delete on product_categories begin ${log('old.product_id')} end`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    await sql.raw('drop trigger if exists product_changes_write on products').execute(db);
    await sql.raw('drop trigger if exists product_changes_categories on product_categories').execute(db);
    await sql
      .raw('drop function if exists product_changed(); drop function if exists product_category_changed()')
      .execute(db);
  } else {
    for (const name of ['insert', 'update', 'delete', 'category_insert', 'category_delete']) {
      await sql.raw(`drop trigger if exists product_changes_${name}`).execute(db);
    }
  }
  await db.schema.dropTable('product_changes').ifExists().execute();
}
