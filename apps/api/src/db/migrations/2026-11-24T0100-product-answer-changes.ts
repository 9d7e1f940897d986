import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
// Each API process keeps a product's answer (GET /api/Product/{id}) ready to send until the product changes
// (docs/decisions/0029-a-lean-request-path.md). Besides what 2026-11-23T0400 logs, that answer shows the product's
// secondary images and its categories' names: their changes are logged too, by trigger, whatever wrote them.

const SQLITE_NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(
        `create function product_image_changed() returns trigger language plpgsql as $$
         begin
           insert into product_changes (product_id, changed_at)
             values (case when tg_op = 'DELETE' then old.product_id else new.product_id end, now());
           return null;
         end $$;
         create function category_renamed() returns trigger language plpgsql as $$
         begin
           insert into product_changes (product_id, changed_at)
             select product_id, now() from product_categories where category_id = new.id;
           return null;
         end $$;
         create trigger product_changes_images after insert or delete or update on product_images
           for each row execute function product_image_changed();
         create trigger product_changes_category_name after update of name on categories
           for each row execute function category_renamed();`,
      )
      .execute(db);
    return;
  }
  const log = (id: string) => `insert into product_changes (product_id, changed_at) values (${id}, ${SQLITE_NOW});`;
  for (const statement of [
    `create trigger product_changes_image_insert after insert on product_images begin ${log('new.product_id')} end`,
    `create trigger product_changes_image_update after update on product_images begin ${log('new.product_id')} end`,
    `create trigger product_changes_image_delete after delete on product_images begin ${log('old.product_id')} end`,
    `create trigger product_changes_category_name after update of name on categories begin
       insert into product_changes (product_id, changed_at)
         select product_id, ${SQLITE_NOW} from product_categories where category_id = new.id;
     end`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql.raw('drop trigger if exists product_changes_images on product_images').execute(db);
    await sql.raw('drop trigger if exists product_changes_category_name on categories').execute(db);
    await sql
      .raw('drop function if exists product_image_changed(); drop function if exists category_renamed()')
      .execute(db);
    return;
  }
  for (const name of ['image_insert', 'image_update', 'image_delete', 'category_name']) {
    await sql.raw(`drop trigger if exists product_changes_${name}`).execute(db);
  }
}
