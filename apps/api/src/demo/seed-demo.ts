import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { ORDER_STATUS, ROLE_ADMIN, ROLE_CUSTOMER } from '@tienda/shared/constants';
import { orderFiguresCents } from '@tienda/shared/cart-totals';
import { DEFAULT_PAYMENT_METHOD } from '@tienda/shared/orders';
import { discountedPriceCents, toBasisPoints, toCents } from '@tienda/shared/pricing';
import type { AppContext } from '../plugins/context.js';
import type { DbOrTx } from '../db/database.js';
import { isoAgo } from '../db/timestamps.js';
import { copyStoredImage, deleteImage } from '../lib/images.js';
import { hashPassword } from '../modules/accounts/passwords.js';
import { addRole, insertUser } from '../modules/accounts/users.repository.js';
import { insertCategory } from '../modules/catalog/categories.repository.js';
import {
  appendItemImages,
  COMBO_PRODUCT_LINKS,
  COMBO_TABLES,
  insertItem,
  PRODUCT_CATEGORY_LINKS,
  PRODUCT_TABLES,
  replaceLinks,
} from '../modules/catalog/catalogue-item.repository.js';
import { insertOrder } from '../modules/orders/orders.repository.js';
import { ensureDemoAdministrator } from './demo-admin.js';
import { DEMO_CATEGORIES, DEMO_COMBOS, DEMO_CUSTOMERS, DEMO_ORDERS, DEMO_PRODUCTS } from './demo-data.js';
import { comboPicture, DEMO_IMAGES_DIR, productPictures } from './demo-pictures.js';

// The demo shop (README, Configuration: SEED_DEMO). `npm start` calls seedDemoIfEmpty once the app is built
// (server.ts), `npm run seed:demo` runs it on its own (seed-demo-cli.ts); the app itself never does, so no
// request path and nothing under db/ depends on it. On an empty database it loads a believable shop: the
// committed pictures, past orders so the best sellers are real, and — when ADMIN_EMAIL is not configured — an
// administrator whose random password is kept in DATA_DIR/demo-admin.txt. Never on a database that holds
// data, so it is idempotent and never touches a real shop.

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/**
 * Empty means: no categories, products, combos or orders, and nobody but administrators has an account.
 * (An owner who clears the demo catalogue still has its customers, so the demo never comes back.)
 */
export async function isShopEmpty(db: DbOrTx): Promise<boolean> {
  const [category, product, combo, order, customer] = await Promise.all([
    db.selectFrom('categories').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('products').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('combos').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('orders').select('id').limit(1).executeTakeFirst(),
    db
      .selectFrom('users')
      .select('users.id')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('user_roles')
              .innerJoin('roles', 'roles.id', 'user_roles.role_id')
              .select('user_roles.user_id')
              .whereRef('user_roles.user_id', '=', 'users.id')
              .where('roles.name', '=', ROLE_ADMIN),
          ),
        ),
      )
      .limit(1)
      .executeTakeFirst(),
  ]);
  return !category && !product && !combo && !order && !customer;
}

const productByName = new Map<string, (typeof DEMO_PRODUCTS)[number]>(DEMO_PRODUCTS.map((p) => [p.name, p]));

interface StoredImages {
  /** Per product name: the main key, then the secondary ones. */
  products: Map<string, string[]>;
  combos: Map<string, string>;
  all: string[];
}

/** Copies every committed picture into UPLOADS_DIR under new keys; on failure removes what it copied. */
async function copyAllImages(uploadsDir: string): Promise<StoredImages> {
  const jobs = [
    ...DEMO_PRODUCTS.flatMap((product) =>
      productPictures(product).map((picture) => ({ owner: 'product', name: product.name, picture })),
    ),
    ...DEMO_COMBOS.map((combo) => ({ owner: 'combo', name: combo.name, picture: comboPicture(combo) })),
  ];
  const settled = await Promise.allSettled(
    jobs.map((job) => copyStoredImage(DEMO_IMAGES_DIR, job.picture, uploadsDir)),
  );
  const all = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) {
    await removeImages(uploadsDir, all);
    throw failed.reason;
  }
  const stored: StoredImages = { products: new Map(), combos: new Map(), all };
  jobs.forEach((job, i) => {
    if (job.owner === 'combo') stored.combos.set(job.name, all[i]!);
    else stored.products.set(job.name, [...(stored.products.get(job.name) ?? []), all[i]!]);
  });
  return stored;
}

async function removeImages(uploadsDir: string, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => deleteImage(uploadsDir, key).catch(() => {})));
}

/** Writes the catalogue, the demo customers and their past orders; answers how many of each it wrote. */
async function writeShop(tx: DbOrTx, images: StoredImages, customerHashes: readonly string[]) {
  const categoryIds = new Map<string, number>();
  for (const category of DEMO_CATEGORIES) {
    const row = await insertCategory(tx, { name: category.name, description: category.description });
    categoryIds.set(category.key, row.id);
  }

  // From the bottom of the list up: the shop lists newest first, so it shows them in the order written.
  const productIds = new Map<string, number>();
  for (const product of [...DEMO_PRODUCTS].reverse()) {
    const [mainKey, ...secondaryKeys] = images.products.get(product.name)!;
    const id = await insertItem(tx, PRODUCT_TABLES, {
      name: product.name,
      description: product.description,
      price_cents: toCents(product.price),
      discount_bp: toBasisPoints(product.discount ?? 0),
      stock: product.stock,
      image_key: mainKey!,
    });
    await replaceLinks(
      tx,
      PRODUCT_CATEGORY_LINKS,
      id,
      product.categories.map((key) => categoryIds.get(key)!),
    );
    await appendItemImages(tx, PRODUCT_TABLES, id, secondaryKeys);
    productIds.set(product.name, id);
  }

  const comboIds = new Map<string, number>();
  for (const combo of [...DEMO_COMBOS].reverse()) {
    const id = await insertItem(tx, COMBO_TABLES, {
      name: combo.name,
      description: combo.description,
      price_cents: toCents(combo.price),
      stock: combo.stock,
      image_key: images.combos.get(combo.name)!,
    });
    await replaceLinks(
      tx,
      COMBO_PRODUCT_LINKS,
      id,
      combo.products.map((name) => productIds.get(name)!),
    );
    comboIds.set(combo.name, id);
  }

  const customers = new Map<
    string,
    { id: number; name: string; email: string; home: (typeof DEMO_CUSTOMERS)[number]['home'] }
  >();
  for (const [index, customer] of DEMO_CUSTOMERS.entries()) {
    const id = await insertUser(tx, {
      name: customer.name,
      email: customer.email,
      username: customer.username,
      username_key: customer.username.toLowerCase(),
      password_hash: customerHashes[index]!,
      created_at: isoAgo((45 + index * 4) * DAY),
    });
    await addRole(tx, id, ROLE_CUSTOMER);
    customers.set(customer.email, { id, name: customer.name, email: customer.email, home: customer.home });
  }

  // Past orders priced as the order service prices them today: unit price after discount, the fee by city
  // (spec §9). Their stock is not taken: the catalogue's figures are the stock left after them.
  for (const [index, order] of DEMO_ORDERS.entries()) {
    const customer = customers.get(order.customer)!;
    const to = order.deliverTo ?? customer.home;
    const productLines = [];
    const comboLines = [];
    for (const line of order.lines) {
      if ('product' in line) {
        const product = productByName.get(line.product)!;
        const unit = discountedPriceCents(toCents(product.price), product.discount ?? 0);
        productLines.push({
          product_id: productIds.get(line.product)!,
          product_name: product.name,
          image_key: images.products.get(product.name)![0]!,
          quantity: line.quantity,
          unit_price_cents: unit,
          subtotal_cents: unit * line.quantity,
          applied_discount_cents: 0,
        });
      } else {
        const combo = DEMO_COMBOS.find((c) => c.name === line.combo)!;
        const unit = toCents(combo.price);
        comboLines.push({
          combo_id: comboIds.get(line.combo)!,
          combo_name: combo.name,
          image_key: images.combos.get(combo.name)!,
          quantity: line.quantity,
          unit_price_cents: unit,
          subtotal_cents: unit * line.quantity,
        });
      }
    }
    const totals = orderFiguresCents(
      [...productLines, ...comboLines].map((line) => line.subtotal_cents),
      to.city,
    );
    // Mid-morning to afternoon, a few hours apart, so the history does not look machine-made.
    const placedAgo = order.daysAgo * DAY - (9 + ((index * 5) % 8)) * HOUR;
    const handledAgo =
      order.status === ORDER_STATUS.PENDING
        ? placedAgo
        : Math.max(placedAgo - (order.status === ORDER_STATUS.PAID ? 1 : 2) * DAY, HOUR);
    await insertOrder(
      tx,
      {
        user_id: customer.id,
        customer_name: customer.name,
        customer_email: customer.email,
        department: to.department,
        city: to.city,
        address: to.address,
        phone: to.phone,
        subtotal_cents: totals.subtotalCents,
        applied_discount_cents: totals.appliedDiscountCents,
        delivery_fee_cents: totals.deliveryFeeCents,
        total_cents: totals.totalCents,
        status: order.status,
        payment_method: DEFAULT_PAYMENT_METHOD,
        created_at: isoAgo(placedAgo),
        updated_at: isoAgo(handledAgo),
      },
      productLines,
      comboLines,
    );
  }
  return {
    categories: categoryIds.size,
    products: productIds.size,
    combos: comboIds.size,
    customers: customers.size,
    orders: DEMO_ORDERS.length,
  };
}

/**
 * Loads the demo shop when SEED_DEMO is true or unset and the database is empty (see isShopEmpty).
 * Answers whether it did. Pictures are copied first; every row is then written in one transaction, and if
 * that fails the pictures are removed again. Safe when several processes start on one PostgreSQL: the
 * transaction takes an advisory lock and checks emptiness again, so only the first one seeds.
 */
export async function seedDemoIfEmpty(ctx: AppContext, log: FastifyBaseLogger): Promise<boolean> {
  if (ctx.config.seedDemo === false) return false;
  if (!(await isShopEmpty(ctx.db))) return false;

  const started = Date.now();
  const [images, customerHashes] = await Promise.all([
    copyAllImages(ctx.config.uploadsDir),
    // Nobody knows these passwords: the demo customers exist for their order history only.
    Promise.all(DEMO_CUSTOMERS.map(() => hashPassword(randomBytes(32).toString('base64url')))),
  ]);

  let counts: Awaited<ReturnType<typeof writeShop>> | null;
  try {
    counts = await ctx.db.transaction().execute(async (tx) => {
      if (ctx.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('tienda-demo-seed'))`.execute(tx);
      if (!(await isShopEmpty(tx))) return null;
      return writeShop(tx, images, customerHashes);
    });
  } catch (error) {
    await removeImages(ctx.config.uploadsDir, images.all);
    throw error;
  }
  if (!counts) {
    // Another process seeded while this one was copying pictures.
    await removeImages(ctx.config.uploadsDir, images.all);
    return false;
  }
  log.info(
    { ...counts, images: images.all.length, ms: Date.now() - started },
    'catálogo de demostración cargado (SEED_DEMO=false lo desactiva)',
  );

  await ensureDemoAdministrator(ctx, log);
  return true;
}
