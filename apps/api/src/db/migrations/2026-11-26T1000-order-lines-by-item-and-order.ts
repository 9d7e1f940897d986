import type { Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
// Every order counts the units its buyer already holds in pending orders (docs/decisions/0015-…), reading the lines of
// the items it names. Through (item) alone that read walked every line the item ever sold, a cost that grew with the
// shop's history; through (item, order) it starts at the buyers' oldest pending order (docs/decisions/0032-…,
// amendment "held units"). The old (product) index is a prefix of the new one, which also serves the foreign key.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('order_products_product_order')
    .on('order_products')
    .columns(['product_id', 'order_id'])
    .execute();
  await db.schema.dropIndex('order_products_product').execute();
  await db.schema
    .createIndex('order_combos_combo_order')
    .on('order_combos')
    .columns(['combo_id', 'order_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('order_combos_combo_order').ifExists().execute();
  await db.schema.createIndex('order_products_product').on('order_products').column('product_id').execute();
  await db.schema.dropIndex('order_products_product_order').ifExists().execute();
}
