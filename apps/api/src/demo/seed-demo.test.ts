import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERNAME_PATTERN } from '@tienda/shared/accounts';
import {
  comboFieldsSchema,
  productFieldsSchema,
  type Category,
  type Combo,
  type FeaturedProduct,
  type Product,
} from '@tienda/shared/catalog';
import { CLAIM_USER_ID, ORDER_STATUS } from '@tienda/shared/constants';
import { IMAGE_WIDTHS } from '@tienda/shared/images';
import { isCityOf } from '@tienda/shared/geography';
import type { OrderJson } from '@tienda/shared/orders';
import { discountedPriceCents, toCents } from '@tienda/shared/pricing';
import { copyStoredImage } from '../lib/images.js';
import { createTestApp, testDialects, type TestApp } from '../test/test-app.js';
import { adminLoginHint, readDemoAdmin, readablePassword } from './demo-admin.js';
import { hasAdministrator } from '../modules/accounts/users.repository.js';
import { DEMO_ADMIN, DEMO_CATEGORIES, DEMO_COMBOS, DEMO_CUSTOMERS, DEMO_ORDERS, DEMO_PRODUCTS } from './demo-data.js';
import { comboPicture, DEMO_IMAGES_DIR, productPictures, slugOf } from './demo-pictures.js';
import { isShopEmpty, seedDemoIfEmpty } from './seed-demo.js';

const byName = new Map<string, (typeof DEMO_PRODUCTS)[number]>(DEMO_PRODUCTS.map((p) => [p.name, p]));
const paidCents = (p: { price: number; discount?: number }) => discountedPriceCents(toCents(p.price), p.discount ?? 0);

describe('demo data', () => {
  it('is a believable shop: 10 categories, 54 toys, 7 combos, 3 customers, 8 orders', () => {
    expect([
      DEMO_CATEGORIES.length,
      DEMO_PRODUCTS.length,
      DEMO_COMBOS.length,
      DEMO_CUSTOMERS.length,
      DEMO_ORDERS.length,
    ]).toEqual([10, 54, 7, 3, 8]);
    expect(new Set(DEMO_PRODUCTS.map((p) => p.name)).size).toBe(DEMO_PRODUCTS.length);
    expect(new Set(DEMO_COMBOS.map((c) => c.name)).size).toBe(DEMO_COMBOS.length);
  });

  it('passes the same rules as the admin forms', () => {
    for (const p of DEMO_PRODUCTS) {
      const parsed = productFieldsSchema.safeParse({ ...p, categoryIds: [1] });
      expect(parsed.success, p.name).toBe(true);
      expect(p.description.length, p.name).toBeGreaterThan(60);
    }
    for (const c of DEMO_COMBOS) {
      expect(comboFieldsSchema.safeParse({ ...c, productIds: [1, 2] }).success, c.name).toBe(true);
    }
  });

  it('has discounts of 10–30 %, empty shelves, nearly empty ones, and toys in two categories', () => {
    const discounts = DEMO_PRODUCTS.flatMap((p) => (p.discount !== undefined ? [p.discount] : []));
    expect(discounts.length).toBe(12);
    expect(Math.min(...discounts)).toBe(10);
    expect(Math.max(...discounts)).toBe(30);
    expect(DEMO_PRODUCTS.filter((p) => p.stock === 0).map((p) => p.name)).toEqual([
      'Cubo mágico para principiantes 2×2',
      'Caja de permanencia del objeto',
      'Kit de cuentas para pulseras',
      'Arena kinética con moldes',
    ]);
    expect(DEMO_PRODUCTS.filter((p) => p.stock >= 1 && p.stock <= 3).length).toBe(6);
    expect(DEMO_PRODUCTS.filter((p) => p.categories.length === 2).length).toBe(30);
    expect(Math.min(...DEMO_PRODUCTS.map((p) => p.price))).toBe(149);
    expect(Math.max(...DEMO_PRODUCTS.map((p) => p.price))).toBe(2450);
  });

  it('fills every category with at least four toys', () => {
    for (const category of DEMO_CATEGORIES) {
      expect(
        DEMO_PRODUCTS.filter((p) => (p.categories as readonly string[]).includes(category.key)).length,
        category.name,
      ).toBeGreaterThanOrEqual(4);
    }
  });

  it('prices every combo below its products bought separately, after their discounts', () => {
    for (const combo of DEMO_COMBOS) {
      expect(combo.products.length, combo.name).toBeGreaterThanOrEqual(2);
      expect(combo.products.length, combo.name).toBeLessThanOrEqual(4);
      const separately = combo.products.reduce((sum, name) => sum + paidCents(byName.get(name)!), 0);
      expect(toCents(combo.price), combo.name).toBeLessThan(separately);
    }
  });

  it('sends orders to real places, only for toys in stock', () => {
    for (const customer of DEMO_CUSTOMERS) {
      expect(isCityOf(customer.home.department, customer.home.city), customer.name).toBe(true);
      expect(customer.username).toMatch(USERNAME_PATTERN);
      expect(customer.home.phone).toMatch(/^\d{8}$/);
    }
    for (const order of DEMO_ORDERS) {
      if (order.deliverTo) expect(isCityOf(order.deliverTo.department, order.deliverTo.city)).toBe(true);
      for (const line of order.lines)
        if ('product' in line) expect(byName.get(line.product)!.stock, line.product).toBeGreaterThan(0);
    }
  });

  it('names each picture after its item: accents and signs folded, secondary pictures numbered', () => {
    expect(slugOf('Muñeca Sofía con silla de ruedas')).toBe('muneca-sofia-con-silla-de-ruedas');
    expect(slugOf('Cubo mágico para principiantes 2×2')).toBe('cubo-magico-para-principiantes-2-2');
    expect(productPictures(byName.get('Cubo sensorial de texturas')!)).toEqual([
      'cubo-sensorial-de-texturas',
      'cubo-sensorial-de-texturas-2',
      'cubo-sensorial-de-texturas-3',
    ]);
    expect(comboPicture(DEMO_COMBOS[0]!)).toBe(slugOf(DEMO_COMBOS[0]!.name));
  });

  it('has every committed picture: a 1200 px WebP, its 400 px thumbnail and its srcset widths, each one different, nothing else', async () => {
    const pictures = [...DEMO_PRODUCTS.flatMap((p) => productPictures(p)), ...DEMO_COMBOS.map((c) => comboPicture(c))];
    expect(pictures.length).toBe(54 + 12 + 7);
    expect(new Set(pictures).size).toBe(pictures.length);
    const widthNames = (name: string) => IMAGE_WIDTHS.map((width) => `${name}-${width}.webp`);
    const expected = pictures.flatMap((name) => [`${name}.webp`, `${name}-thumb.webp`, ...widthNames(name)]);
    expect(readdirSync(DEMO_IMAGES_DIR).sort()).toEqual(expected.sort());
    let bytes = 0;
    let widthBytes = 0;
    const digests = new Set<string>();
    for (const name of pictures) {
      const file = path.join(DEMO_IMAGES_DIR, `${name}.webp`);
      const meta = await sharp(file).metadata();
      expect([meta.format, meta.width, meta.height], name).toEqual(['webp', 1200, 1200]);
      const thumb = await sharp(path.join(DEMO_IMAGES_DIR, `${name}-thumb.webp`)).metadata();
      expect([thumb.format, thumb.width, thumb.height], name).toEqual(['webp', 400, 400]);
      for (const width of IMAGE_WIDTHS) {
        const meta = await sharp(path.join(DEMO_IMAGES_DIR, `${name}-${width}.webp`)).metadata();
        expect([meta.format, meta.width, meta.height], `${name}-${width}`).toEqual(['webp', width, width]);
        widthBytes += statSync(path.join(DEMO_IMAGES_DIR, `${name}-${width}.webp`)).size;
      }
      // Decoding every pixel proves the file is whole, not just its header.
      const { info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height], name).toEqual([1200, 1200]);
      const content = readFileSync(file);
      digests.add(createHash('sha256').update(content).digest('hex'));
      bytes += content.length + statSync(path.join(DEMO_IMAGES_DIR, `${name}-thumb.webp`)).size;
    }
    // Toys that share a drawing still differ in colours, and each secondary picture differs from the main one.
    expect(digests.size).toBe(pictures.length);
    // The pictures live in the repository: keep them a small download.
    expect(bytes).toBeLessThan(3 * 1024 * 1024);
    expect(widthBytes).toBeLessThan(2.5 * 1024 * 1024);
  });

  it('copies a picture, its thumbnail and its srcset widths under a new key; leaves nothing when one is missing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tienda-demo-pictures-'));
    try {
      const key = await copyStoredImage(DEMO_IMAGES_DIR, 'tarde-de-patio', path.join(dir, 'uploads'));
      expect(key).toMatch(/^[0-9a-f-]{36}$/);
      expect(readdirSync(path.join(dir, 'uploads')).sort()).toEqual([
        `${key}-320.webp`,
        `${key}-640.webp`,
        `${key}-960.webp`,
        `${key}-thumb.webp`,
        `${key}.webp`,
      ]);
      for (const suffix of ['', '-thumb', '-320', '-640', '-960']) {
        expect(readFileSync(path.join(dir, 'uploads', `${key}${suffix}.webp`)), suffix).toEqual(
          readFileSync(path.join(DEMO_IMAGES_DIR, `tarde-de-patio${suffix}.webp`)),
        );
      }
      // A source without its thumbnail: the main file's copy is removed again.
      copyFileSync(path.join(DEMO_IMAGES_DIR, 'tarde-de-patio.webp'), path.join(dir, 'solo.webp'));
      await expect(copyStoredImage(dir, 'solo', path.join(dir, 'other'))).rejects.toMatchObject({ code: 'ENOENT' });
      expect(readdirSync(path.join(dir, 'other'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes readable random passwords', () => {
    const a = readablePassword();
    expect(a).toMatch(/^[a-zA-Z2-9]{4}(-[a-zA-Z2-9]{4}){3}$/);
    expect(a).not.toMatch(/[lo01IO]/);
    expect(readablePassword()).not.toBe(a);
  });
});

describe.each(testDialects)('demo catalogue seeded on an empty database (%s)', (dialect) => {
  let t: TestApp;
  let products: Product[];
  let combos: Combo[];
  let orders: OrderJson[];
  let admin: { authorization: string };

  beforeAll(async () => {
    // SEED_DEMO unset: the default seeds an empty database (README, Configuration), as `npm start` does
    // (server.ts) once the app is built.
    t = await createTestApp(dialect, { seedDemo: undefined });
    // buildApp alone never seeds: the demo is the start's business (server.ts), not the app's.
    expect(await isShopEmpty(t.db)).toBe(true);
    expect(await seedDemoIfEmpty(t.app.ctx, t.app.log)).toBe(true);
    admin = (await t.createAdmin()).auth;
    products = (await t.app.inject({ method: 'GET', url: '/api/Product' })).json();
    combos = (await t.app.inject({ method: 'GET', url: '/api/Combo', headers: admin })).json();
    orders = (await t.app.inject({ method: 'GET', url: '/Api/Order', headers: admin })).json();
  });
  afterAll(() => t.close());

  it('loads every category, toy and combo of the demo data', async () => {
    const categories: Category[] = (await t.app.inject({ method: 'GET', url: '/api/Category' })).json();
    expect(categories.map((c) => c.name).sort()).toEqual(DEMO_CATEGORIES.map((c) => c.name).sort());
    expect(products.map((p) => p.name)).toEqual(DEMO_PRODUCTS.map((p) => p.name));
    expect(combos.map((c) => c.name)).toEqual(DEMO_COMBOS.map((c) => c.name));
    expect(products.filter((p) => p.discount > 0).length).toBe(12);
    expect(products.filter((p) => p.stock === 0).length).toBe(4);
  });

  it('stores prices in cents, discounts, stock, categories and secondary pictures as written', () => {
    const cube = products.find((p) => p.name === 'Cubo sensorial de texturas')!;
    expect({
      price: cube.price,
      discount: cube.discount,
      stock: cube.stock,
      categories: cube.categories,
      extra: cube.productImages.length,
    }).toEqual({
      price: 649,
      discount: 0,
      stock: 10,
      categories: ['Bebés', 'Sensoriales'],
      extra: 2,
    });
    const rainbow = products.find((p) => p.name === 'Arcoíris apilable de madera')!;
    expect([rainbow.price, rainbow.discount, rainbow.stock, rainbow.productImages.length]).toEqual([599, 15, 11, 1]);
    const calm = combos.find((c) => c.name === 'Kit de calma sensorial')!;
    expect([calm.price, calm.stock, calm.products.map((p) => p.name).sort()]).toEqual([
      549,
      6,
      ['Botella de calma con purpurina', 'Fidget pop-it arcoíris', 'Pelotas sensoriales con relieve (set de 6)'],
    ]);
    expect(products.filter((p) => p.productImages.length > 0).length).toBe(
      DEMO_PRODUCTS.filter((p) => 'extraImages' in p).length,
    );
  });

  it('gives every product and combo its own real WebP picture and thumbnail on disk', async () => {
    const urls = [
      ...products.flatMap((p) => [p.imageUrl!, ...p.productImages]),
      ...combos.flatMap((c) => [c.imageUrl!, ...c.comboImages]),
    ];
    expect(urls.length).toBe(54 + 12 + 7);
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) {
      expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
      const file = path.join(t.config.uploadsDir, url.slice('/uploads/'.length));
      const meta = await sharp(file).metadata();
      expect([meta.format, meta.width, meta.height], url).toEqual(['webp', 1200, 1200]);
      const thumb = await sharp(file.replace(/\.webp$/, '-thumb.webp')).metadata();
      expect([thumb.format, thumb.width], url).toEqual(['webp', 400]);
      const widest = await sharp(file.replace(/\.webp$/, '-960.webp')).metadata();
      expect([widest.format, widest.width], url).toEqual(['webp', 960]);
    }
    // Nothing else was left in the folder (no pictures of a failed attempt): main, thumbnail and 3 widths each.
    expect(readdirSync(t.config.uploadsDir).length).toBe(urls.length * 5);
    const served = await t.app.inject({ method: 'GET', url: urls[0]! });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);
  });

  it('makes the toys findable without accents ("muneca" finds «Muñeca»)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Product/search',
      payload: { searchTerm: 'muneca', categories: [], sortBy: 'name', sortAsc: true, inStock: false },
    });
    expect((res.json() as Product[]).map((p) => p.name)).toEqual([
      'Muñeca de trapo Rosita',
      'Muñeca Sofía con silla de ruedas',
    ]);
  });

  it('has eight past orders over five weeks, every figure consistent with the prices and the fee', () => {
    expect(orders.length).toBe(8);
    expect(orders.map((o) => o.orderStatus).sort()).toEqual([0, 0, 1, 1, 2, 2, 2, 2]);
    expect(new Set(orders.map((o) => o.customerName))).toEqual(
      new Set(['María José Rivera', 'Carlos Mejía', 'Ana Lucía Paz']),
    );
    const now = Date.now();
    for (const order of orders) {
      const age = now - Date.parse(order.createdAt);
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThan(36 * 24 * 60 * 60 * 1000);
      for (const line of order.orderProducts) {
        const product = byName.get(line.name)!;
        expect(toCents(line.unitprice), line.name).toBe(paidCents(product));
        expect(toCents(line.subtotal)).toBe(toCents(line.unitprice) * line.quantity);
        expect(line.productId).toBe(products.find((p) => p.name === line.name)!.productId);
      }
      for (const line of order.orderCombos) {
        expect(line.unitprice).toBe(DEMO_COMBOS.find((c) => c.name === line.name)!.price);
        expect(toCents(line.subtotal)).toBe(toCents(line.unitprice) * line.quantity);
      }
      const lines = [...order.orderProducts, ...order.orderCombos].reduce(
        (sum, line) => sum + toCents(line.subtotal),
        0,
      );
      expect(toCents(order.subtotal)).toBe(lines);
      expect(order.deliveryFee).toBe(order.city === 'San Pedro Sula' ? 80 : 100);
      expect(toCents(order.total)).toBe(lines + toCents(order.deliveryFee));
      expect(order.appliedDiscount).toBe(0);
    }
    // The first order: 1 cubo (649) + 2 botellas (189) + audífonos (899) = 1,926 + L80 in San Pedro Sula.
    const first = orders.at(-1)!;
    expect([first.customerName, first.city, first.subtotal, first.deliveryFee, first.total, first.orderStatus]).toEqual(
      ['María José Rivera', 'San Pedro Sula', 1926, 80, 2006, ORDER_STATUS.DELIVERED],
    );
  });

  it('lists the real best sellers first on the home page', async () => {
    const featured: FeaturedProduct[] = (await t.app.inject({ method: 'GET', url: '/api/Product/featured' })).json();
    const units = new Map<string, number>();
    for (const order of orders)
      for (const line of order.orderProducts) units.set(line.name, (units.get(line.name) ?? 0) + line.quantity);
    expect(featured.length).toBe(12);
    expect(featured.slice(0, 3).map((p) => [p.name, units.get(p.name)])).toEqual([
      ['Botella de calma con purpurina', 7],
      ['Fidget pop-it arcoíris', 5],
      ['Cubo sensorial de texturas', 3],
    ]);
    const sold = featured.map((p) => units.get(p.name) ?? 0);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));
  });

  it('creates the demo customers with passwords nobody knows', async () => {
    for (const customer of DEMO_CUSTOMERS) {
      const row = await t.db
        .selectFrom('users')
        .select(['name', 'password_hash'])
        .where('email', '=', customer.email)
        .executeTakeFirstOrThrow();
      expect(row.name).toBe(customer.name);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Auth/login',
        payload: { email: customer.email, passwordHash: '' },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
  });

  it('creates a demo administrator, keeps the credentials in DATA_DIR/demo-admin.txt (0600) and they log in', async () => {
    const demo = (await readDemoAdmin(t.config.dataDir))!;
    expect([demo.email, demo.username]).toEqual([DEMO_ADMIN.email, DEMO_ADMIN.username]);
    expect(statSync(demo.file).mode & 0o777).toBe(0o600);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/Auth/login',
      payload: { email: demo.email, passwordHash: demo.password },
    });
    expect(login.statusCode).toBe(200);
    const token: string = login.json().token;
    const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())[CLAIM_USER_ID];
    const check = await t.app.inject({ method: 'GET', url: `/api/Role/VerifyAdminRole/${userId}` });
    expect(check.statusCode).toBe(200);
    const byUsername = await t.app.inject({
      method: 'POST',
      url: '/api/Auth/login',
      payload: { username: 'admin', passwordHash: demo.password },
    });
    expect(byUsername.statusCode).toBe(200);
    expect(await adminLoginHint(t.config, true)).toBe(
      `Administrador: admin@jugarycrecer.hn / contraseña: ${demo.password} (guardada en ${demo.file})`,
    );
  });

  it('does nothing the second time', async () => {
    const files = readdirSync(t.config.uploadsDir).length;
    const before = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(await seedDemoIfEmpty({ ...t.app.ctx, config: { ...t.config, seedDemo: true } }, t.app.log)).toBe(false);
    const after = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(readdirSync(t.config.uploadsDir).length).toBe(files);
  });
});

describe.each(testDialects)('demo catalogue left alone (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect); // SEED_DEMO=false
  });
  afterAll(() => t.close());
  const seedOn = () => seedDemoIfEmpty({ ...t.app.ctx, config: { ...t.config, seedDemo: true } }, t.app.log);
  const count = async (table: 'categories' | 'products' | 'users') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('SEED_DEMO=false keeps an empty database empty', async () => {
    expect(await seedDemoIfEmpty(t.app.ctx, t.app.log)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/Product' })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/Category' })).json()).toEqual([]);
    expect(await readDemoAdmin(t.config.dataDir)).toBeNull();
  });

  it('never seeds a database where a customer has registered', async () => {
    await t.createCustomer();
    expect(await seedOn()).toBe(false);
    expect(await count('products')).toBe(0);
    await t.db.deleteFrom('users').execute();
  });

  it('never seeds a database that already has a category', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/Category',
      headers: (await t.createAdmin()).auth,
      payload: { name: 'Mi categoría', description: 'La primera de una tienda real.' },
    });
    expect(created.statusCode).toBe(201);
    expect(await seedOn()).toBe(false);
    expect([await count('categories'), await count('products')]).toEqual([1, 0]);
    expect(existsSync(t.config.uploadsDir) ? readdirSync(t.config.uploadsDir).length : 0).toBe(0);
  });

  it('tells how to become administrator when none is configured, and names the one a restored database has', async () => {
    // No administrator in the database yet (the tests above made one: its role goes).
    const adminRole = t.db.selectFrom('roles').select('id').where('name', '=', 'ADMIN');
    await t.db.deleteFrom('user_roles').where('role_id', 'in', adminRole).execute();
    expect(await hasAdministrator(t.db)).toBe(false);
    expect(await adminLoginHint(t.config, await hasAdministrator(t.db))).toBe(
      'Para entrar como administrador, define ADMIN_EMAIL y ADMIN_PASSWORD y reinicia la tienda.',
    );
    expect(
      await adminLoginHint({ ...t.config, admin: { email: 'duena@tienda.hn', password: 'secreto123' } }, false),
    ).toBe('Administrador: duena@tienda.hn / contraseña: la de ADMIN_PASSWORD');
    // A restored backup: its administrator is in the database, its demo-admin.txt is not in this folder.
    await t.createAdmin();
    expect(await hasAdministrator(t.db)).toBe(true);
    expect(await adminLoginHint(t.config, await hasAdministrator(t.db))).toBe(
      'Administrador: entra con la cuenta de administrador que ya tiene la tienda (si olvidaste la contraseña, ' +
        '«¿Olvidaste tu contraseña?» en /login), o define ADMIN_EMAIL y ADMIN_PASSWORD para crear otra.',
    );
  });
});
