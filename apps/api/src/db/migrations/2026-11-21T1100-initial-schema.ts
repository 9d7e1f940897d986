import { sql, type Kysely } from 'kysely';
import { PostgresAdapter } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
// One schema for SQLite and PostgreSQL; the few differences branch on the adapter.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? 'timestamptz' : 'text';
  const id = (table: ReturnType<Kysely<any>['schema']['createTable']>) =>
    pg
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('users'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('roles'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  await db
    .insertInto('roles')
    .values([{ name: 'ADMIN' }, { name: 'CUSTOMER' }])
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();

  await id(db.schema.createTable('email_codes'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('register', 'reset')`))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified_at', timestamp)
    .addColumn('consumed_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('email_codes_email_purpose')
    .on('email_codes')
    .columns(['email', 'purpose', 'created_at'])
    .execute();

  await id(db.schema.createTable('throttle_events'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('throttle_events_key').on('throttle_events').columns(['key', 'created_at']).execute();

  await id(db.schema.createTable('categories'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('products'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('discount_bp', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`discount_bp between 0 and 10000`),
    )
    .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
    .addColumn('image_key', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_created_at').on('products').column('created_at').execute();

  await id(db.schema.createTable('product_images'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('image_key', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_images_product').on('product_images').column('product_id').execute();

  await db.schema
    .createTable('product_categories')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('product_categories_pk', ['product_id', 'category_id'])
    .execute();
  await db.schema.createIndex('product_categories_category').on('product_categories').column('category_id').execute();

  await id(db.schema.createTable('combos'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
    .addColumn('image_key', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('combo_images'))
    .addColumn('combo_id', 'integer', (c) => c.notNull().references('combos.id').onDelete('cascade'))
    .addColumn('image_key', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('combo_images_combo').on('combo_images').column('combo_id').execute();

  await db.schema
    .createTable('combo_products')
    .addColumn('combo_id', 'integer', (c) => c.notNull().references('combos.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('combo_products_pk', ['combo_id', 'product_id'])
    .execute();
  await db.schema.createIndex('combo_products_product').on('combo_products').column('product_id').execute();

  await id(db.schema.createTable('cart_items'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('cascade'))
    .addColumn('combo_id', 'integer', (c) => c.references('combos.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 99`))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addCheckConstraint('cart_items_one_item', sql`(product_id is null) <> (combo_id is null)`)
    .addUniqueConstraint('cart_items_user_product', ['user_id', 'product_id'])
    .addUniqueConstraint('cart_items_user_combo', ['user_id', 'combo_id'])
    .execute();

  await id(db.schema.createTable('orders'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('department', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('applied_discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivery_fee_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_created_at').on('orders').column('created_at').execute();

  await id(db.schema.createTable('order_products'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('image_key', 'text')
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('applied_discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('order_products_order').on('order_products').column('order_id').execute();
  await db.schema.createIndex('order_products_product').on('order_products').column('product_id').execute();

  await id(db.schema.createTable('order_combos'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('combo_id', 'integer', (c) => c.references('combos.id').onDelete('set null'))
    .addColumn('combo_name', 'text', (c) => c.notNull())
    .addColumn('image_key', 'text')
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_combos_order').on('order_combos').column('order_id').execute();

  await id(db.schema.createTable('contact_messages'))
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('asunto', 'text', (c) => c.notNull())
    .addColumn('mensaje', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'contact_messages',
    'order_combos',
    'order_products',
    'orders',
    'cart_items',
    'combo_products',
    'combo_images',
    'combos',
    'product_categories',
    'product_images',
    'products',
    'categories',
    'throttle_events',
    'email_codes',
    'user_roles',
    'roles',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
