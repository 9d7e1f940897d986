import { randomBytes, randomInt } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { ORDER_STATUS, ROLE_ADMIN, ROLE_CUSTOMER } from '@tienda/shared/constants';
import { orderTotalsCents } from '@tienda/shared/orders';
import { discountedPriceCents, toCents } from '@tienda/shared/pricing';
import type { AppConfig } from '../../config.js';
import type { AppContext } from '../../plugins/context.js';
import type { DbOrTx } from '../database.js';
import { isoAgo } from '../timestamps.js';
import { deleteImage, storeImage } from '../../lib/images.js';
import { foldForSearch } from '../../lib/search-text.js';
import { ensureAdministrator } from '../../modules/accounts/accounts.bootstrap.js';
import { hashPassword } from '../../modules/accounts/passwords.js';
import { addRole, findUserByEmail, insertUser } from '../../modules/accounts/users.repository.js';
import { insertCategory } from '../../modules/catalog/categories.repository.js';
import {
  appendProductImages,
  insertProduct,
  replaceProductCategories,
} from '../../modules/catalog/products.repository.js';
import { insertCombo, replaceComboProducts } from '../../modules/combos/combos.repository.js';
import { insertOrder } from '../../modules/orders/orders.repository.js';
import {
  DEMO_ADMIN,
  DEMO_CATEGORIES,
  DEMO_COMBOS,
  DEMO_CUSTOMERS,
  DEMO_ORDERS,
  DEMO_PRODUCTS,
  type DemoCategoryKey,
} from './demo-data.js';
import { comboSvg, renderPng, toySvg } from './draw-toy-image.js';

// On an empty database (SEED_DEMO unset or true) load a believable shop, with
// pictures drawn here, past orders so the best sellers are real, and — when ADMIN_EMAIL is not configured —
// an administrator whose random password is kept in DATA_DIR/demo-admin.txt (`npm start` prints
// how to log in). Never on a database that holds data, so it is idempotent and never touches a real shop.

export const DEMO_ADMIN_FILE = 'demo-admin.txt';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
// Two cores: three pictures in flight keep both busy without piling up decoded 1200 px bitmaps.
const IMAGE_CONCURRENCY = 3;

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

async function hasAdministrator(db: DbOrTx): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('user_roles.user_id')
    .where('roles.name', '=', ROLE_ADMIN)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** Runs `task` over `items` with at most `limit` in flight; results keep the items' order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** A password for people to type: 4 groups of 4 from an alphabet without look-alikes (~92 bits). */
export function readablePassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join(''),
  );
  return groups.join('-');
}

const categoryColour = new Map<string, string>(DEMO_CATEGORIES.map((c) => [c.key, c.colour]));
const productByName = new Map<string, (typeof DEMO_PRODUCTS)[number]>(DEMO_PRODUCTS.map((p) => [p.name, p]));
const colourOf = (categories: readonly DemoCategoryKey[]) => categoryColour.get(categories[0]!)!;

interface DrawnImages {
  /** Per product name: the main key, then the secondary ones. */
  products: Map<string, string[]>;
  combos: Map<string, string>;
  all: string[];
}

/** Draws and stores every picture (WebP + thumbnail under UPLOADS_DIR); on failure removes what it wrote. */
async function drawAllImages(uploadsDir: string): Promise<DrawnImages> {
  type Job = { owner: 'product' | 'combo'; name: string; svg: () => string };
  const jobs: Job[] = [];
  for (const product of DEMO_PRODUCTS) {
    const colour = colourOf(product.categories);
    const extra = 'extraImages' in product ? product.extraImages : 0;
    for (const variant of [0, 1, 2].slice(0, 1 + extra) as Array<0 | 1 | 2>) {
      jobs.push({
        owner: 'product',
        name: product.name,
        svg: () => toySvg({ name: product.name, motif: product.motif, colour, variant }),
      });
    }
  }
  for (const combo of DEMO_COMBOS) {
    const items = combo.products.map((name) => {
      const product = productByName.get(name)!;
      return { name, motif: product.motif, colour: colourOf(product.categories) };
    });
    jobs.push({
      owner: 'combo',
      name: combo.name,
      svg: () => comboSvg({ name: combo.name, colour: items[0]!.colour, items }),
    });
  }

  const stored: string[] = [];
  try {
    const keys = await mapLimit(jobs, IMAGE_CONCURRENCY, async (job) => {
      const key = await storeImage(uploadsDir, await renderPng(job.svg()));
      stored.push(key);
      return key;
    });
    const drawn: DrawnImages = { products: new Map(), combos: new Map(), all: keys };
    jobs.forEach((job, i) => {
      if (job.owner === 'combo') drawn.combos.set(job.name, keys[i]!);
      else drawn.products.set(job.name, [...(drawn.products.get(job.name) ?? []), keys[i]!]);
    });
    return drawn;
  } catch (error) {
    await removeImages(uploadsDir, stored);
    throw error;
  }
}

async function removeImages(uploadsDir: string, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => deleteImage(uploadsDir, key).catch(() => {})));
}

/** Writes the catalogue, the demo customers and their past orders; answers how many of each it wrote. */
async function writeShop(tx: DbOrTx, images: DrawnImages, customerHashes: readonly string[]) {
  const categoryIds = new Map<string, number>();
  for (const category of DEMO_CATEGORIES) {
    const row = await insertCategory(tx, { name: category.name, description: category.description });
    categoryIds.set(category.key, row.id);
  }

  // From the bottom of the list up: the shop lists newest first, so it shows them in the order written.
  const productIds = new Map<string, number>();
  for (const product of [...DEMO_PRODUCTS].reverse()) {
    const [mainKey, ...secondaryKeys] = images.products.get(product.name)!;
    const id = await insertProduct(tx, {
      name: product.name,
      description: product.description,
      search_text: foldForSearch(`${product.name} ${product.description}`),
      price_cents: toCents(product.price),
      discount_bp: ('discount' in product ? product.discount : 0) * 100,
      stock: product.stock,
      image_key: mainKey!,
    });
    await replaceProductCategories(
      tx,
      id,
      product.categories.map((key) => categoryIds.get(key)!),
    );
    await appendProductImages(tx, id, secondaryKeys);
    productIds.set(product.name, id);
  }

  const comboIds = new Map<string, number>();
  for (const combo of [...DEMO_COMBOS].reverse()) {
    const id = await insertCombo(tx, {
      name: combo.name,
      description: combo.description,
      search_text: foldForSearch(`${combo.name} ${combo.description}`),
      price_cents: toCents(combo.price),
      stock: combo.stock,
      image_key: images.combos.get(combo.name)!,
    });
    await replaceComboProducts(
      tx,
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
    const to = 'deliverTo' in order ? order.deliverTo : customer.home;
    const productLines = [];
    const comboLines = [];
    for (const line of order.lines) {
      if ('product' in line) {
        const product = productByName.get(line.product)!;
        const unit = discountedPriceCents(toCents(product.price), 'discount' in product ? product.discount : 0);
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
    const subtotal = [...productLines, ...comboLines].reduce((sum, line) => sum + line.subtotal_cents, 0);
    const totals = orderTotalsCents(subtotal, to.city);
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
 * Answers whether it did. Pictures are drawn first; every row is then written in one transaction, and if
 * that fails the pictures are removed again. Safe when several processes start on one PostgreSQL: the
 * transaction takes an advisory lock and checks emptiness again, so only the first one seeds.
 */
export async function seedDemoIfEmpty(ctx: AppContext, log: FastifyBaseLogger): Promise<boolean> {
  if (ctx.config.seedDemo === false) return false;
  if (!(await isShopEmpty(ctx.db))) return false;

  const started = Date.now();
  const [images, customerHashes] = await Promise.all([
    drawAllImages(ctx.config.uploadsDir),
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
    // Another process seeded while this one was drawing.
    await removeImages(ctx.config.uploadsDir, images.all);
    return false;
  }
  log.info(
    { ...counts, images: images.all.length, ms: Date.now() - started },
    'catálogo de demostración cargado (SEED_DEMO=false lo desactiva)',
  );

  if (!ctx.config.admin && !(await hasAdministrator(ctx.db))) await createDemoAdministrator(ctx, log);
  return true;
}

/** With no ADMIN_EMAIL, the demo shop still needs someone who can open the back-office. */
async function createDemoAdministrator(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  if (await findUserByEmail(ctx.db, DEMO_ADMIN.email)) return; // keeps its own password; nothing new to tell
  const password = readablePassword();
  await ensureAdministrator(ctx, { ...DEMO_ADMIN, password });
  const file = path.join(ctx.config.dataDir, DEMO_ADMIN_FILE);
  const text = [
    '# Administrador de demostración de la tienda (creado junto con el catálogo de demostración).',
    '# Cambia la contraseña desde «Mi perfil», o define ADMIN_EMAIL y ADMIN_PASSWORD; este archivo no se actualiza.',
    `correo=${DEMO_ADMIN.email}`,
    `usuario=${DEMO_ADMIN.username}`,
    `contraseña=${password}`,
    '',
  ].join('\n');
  await writeFile(file, text, { mode: 0o600 });
  await chmod(file, 0o600); // writeFile's mode only applies to a new file
  // The password itself goes to the console at start (adminLoginHint), not into structured logs.
  log.info({ email: DEMO_ADMIN.email, file }, 'administrador de demostración creado; su contraseña está en el archivo');
}

/** The demo administrator's credentials from DATA_DIR/demo-admin.txt, or null when there is no such file. */
export async function readDemoAdmin(
  dataDir: string,
): Promise<{ email: string; username: string; password: string; file: string } | null> {
  const file = path.join(dataDir, DEMO_ADMIN_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return null;
  }
  const values = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^([^#=][^=]*)=(.*)$/.exec(line.trim());
    if (match) values.set(match[1]!.trim(), match[2]!.trim());
  }
  const email = values.get('correo');
  const password = values.get('contraseña');
  return email && password ? { email, username: values.get('usuario') ?? '', password, file } : null;
}

/** What `npm start` prints so the person who just installed the shop can open the back-office. */
export async function adminLoginHint(config: Pick<AppConfig, 'admin' | 'dataDir'>): Promise<string> {
  if (config.admin) return `Administrador: ${config.admin.email} / contraseña: la de ADMIN_PASSWORD`;
  const demo = await readDemoAdmin(config.dataDir);
  if (demo) {
    const relative = path.relative(process.cwd(), demo.file);
    const shown = relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : demo.file;
    return `Administrador: ${demo.email} / contraseña: ${demo.password} (guardada en ${shown})`;
  }
  return 'Para entrar como administrador, define ADMIN_EMAIL y ADMIN_PASSWORD y reinicia la tienda.';
}
