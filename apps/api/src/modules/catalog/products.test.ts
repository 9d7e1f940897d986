import { beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION } from '@tienda/shared/messages';
import { CATALOG, type Product } from '@tienda/shared/catalog';
import { testDialects, type TestUser, useTestApp } from '../../test/test-app.js';
import {
  adminCreateForm,
  hasImageFiles,
  multipart,
  newImageUrls,
  png,
  uploadedFiles,
  type Fields,
} from './catalog.test-helpers.js';
import { createCategory } from './categories.service.js';
import { isForeignKeyViolation } from './input.js';

describe.each(testDialects)('products API (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let admin: TestUser;
  let toys: number;
  let babies: number;
  beforeAll(async () => {
    admin = await t.createAdmin();
    toys = (await createCategory(t.app.ctx, { name: 'Didácticos', description: 'Aprender jugando' })).categoryId;
    babies = (await createCategory(t.app.ctx, { name: 'Bebés', description: 'Primeros meses' })).categoryId;
  });

  const uploads = () => uploadedFiles(t.config.uploadsDir);

  const validFields = (): Fields => ({
    name: 'Muñeca de trapo',
    description: 'Hecha a mano en Copán',
    price: '350.50',
    stock: '4',
    discount: '10',
    categoryIds: [toys, babies],
  });
  const { post: postProduct, createOk } = adminCreateForm<Product>(
    () => ({ t, admin }),
    '/api/Product',
    'image',
    validFields,
  );

  describe('create and read', () => {
    it('creates a product from the admin multipart form and answers the full product (spec §3 Product)', async () => {
      const res = await postProduct(validFields(), { image: await png() });
      expect(res.statusCode).toBe(201);
      const product = res.json();
      expect(product).toEqual({
        productId: expect.any(Number),
        name: 'Muñeca de trapo',
        description: 'Hecha a mano en Copán',
        price: 350.5,
        discount: 10,
        stock: 4,
        ...newImageUrls,
        productImages: [],
        secondaryImages: [],
        categoryIds: [babies, toys], // categories in alphabetical order: Bebés, Didácticos
        categories: ['Bebés', 'Didácticos'],
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });

    it('defaults the discount to 0 and the description to empty on create (spec §5)', async () => {
      const product = await createOk({ name: 'Tren de madera', price: '80', stock: '2', categoryIds: [toys] });
      expect(product).toMatchObject({ discount: 0, description: '', categoryIds: [toys] });
    });

    it('stores cents and basis points exactly', async () => {
      const product = await createOk({ name: 'Xilófono', price: '0.1', stock: '0', discount: '12.5' });
      expect(product).toMatchObject({ price: 0.1, discount: 12.5, stock: 0, description: '', categoryIds: [] });
      const row = await t.db
        .selectFrom('products')
        .select(['price_cents', 'discount_bp'])
        .where('id', '=', product.productId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ price_cents: 10, discount_bp: 1250 });
    });
  });

  describe('validation (spec §5 Product admin)', () => {
    const cases: [string, Fields, string][] = [
      ['missing name', { name: undefined }, VALIDATION.productRequired],
      ['blank name', { name: '   ' }, VALIDATION.productRequired],
      ['missing price', { price: undefined }, VALIDATION.productRequired],
      ['empty price', { price: '' }, VALIDATION.productRequired],
      ['missing stock', { stock: undefined }, VALIDATION.productRequired],
      ['name of 101 characters', { name: 'n'.repeat(101) }, 'El nombre no puede tener más de 100 caracteres'],
      [
        'description of 1001 characters',
        { description: 'd'.repeat(1001) },
        'La descripción no puede tener más de 1000 caracteres',
      ],
      ['negative price', { price: '-1' }, 'El precio no puede ser negativo'],
      ['negative stock', { stock: '-1' }, 'El stock no puede ser negativo'],
      ['negative discount', { discount: '-0.5' }, 'El descuento no puede ser negativo'],
      ['discount over 100', { discount: '101' }, 'El descuento no puede ser mayor que 100'],
      ['fractional stock', { stock: '1.5' }, 'El stock debe ser un número entero'],
      ['price that is not a number', { price: 'gratis' }, CATALOG.priceInvalid],
      ['price written in hexadecimal', { price: '0x10' }, CATALOG.priceInvalid],
      ['price with an exponent', { price: '1e2' }, CATALOG.priceInvalid],
      ['price with three decimals', { price: '1.005' }, CATALOG.priceCentavos],
      ['stock written in hexadecimal', { stock: '0x10' }, CATALOG.stockInvalidNumber],
      ['huge price', { price: '5000000' }, CATALOG.priceTooHigh],
      ['huge stock', { stock: '99999999999' }, CATALOG.stockTooHigh],
      ['bad category id', { categoryIds: ['abc'] }, CATALOG.invalidIdInList],
      ['unknown category', { categoryIds: ['987654'] }, 'Alguna de las categorías seleccionadas no existe.'],
      ['name with a NUL character', { name: 'Oso\u0000' }, 'El texto contiene caracteres no válidos.'],
      ['name that reverses its text', { name: 'Oso \u202Eodatnet' }, 'El texto contiene caracteres no válidos.'],
      ['description with a NUL character', { description: 'a\u0000b' }, 'El texto contiene caracteres no válidos.'],
    ];
    it.each(cases)('refuses a %s with its message and writes nothing', async (_label, override, message) => {
      const before = uploads();
      const count = await t.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const res = await postProduct({ ...validFields(), ...override }, { image: await png() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
      expect(uploads()).toEqual(before);
      const after = await t.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(count.n));
    });

    it('accepts the limits exactly (100 / 1000 characters, discount 100, price 0)', async () => {
      const product = await createOk({
        name: 'n'.repeat(100),
        description: 'd'.repeat(1000),
        price: '0',
        stock: '0',
        discount: '100',
      });
      expect(product.name).toHaveLength(100);
      expect(product.description).toHaveLength(1000);
    });
  });

  describe('update', () => {
    // PostgreSQL lets the save read the product while another admin's delete is uncommitted; SQLite writes one at a
    // time, so there the save sees the product gone before it writes.
    it.runIf(dialect === 'postgres')(
      'a product another admin deletes as this one saves it is a 404, not a missing category',
      async () => {
        const created = await createOk(validFields(), { image: await png() });
        let saving: Promise<{ statusCode: number; json(): unknown }> | undefined;
        await t.db.transaction().execute(async (tx) => {
          await tx.deleteFrom('products').where('id', '=', created.productId).execute();
          saving = t.app.inject({
            method: 'PUT',
            url: `/api/Product/${created.productId}`,
            headers: admin.auth,
            payload: multipart({ ...validFields(), categoryIds: [toys] }),
          });
          // The save reaches its update and waits for this delete's commit.
          await new Promise((resolve) => setTimeout(resolve, 300));
        });
        const res = await saving!;
        expect({ status: res.statusCode, body: res.json() }).toEqual({
          status: 404,
          body: { message: CATALOG.productNotFound },
        });
      },
    );

    it('without an image keeps the main and secondary images and replaces fields and categories', async () => {
      const created = await createOk(validFields(), { image: await png(), files: await png() });
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/Product/${created.productId}`,
        headers: admin.auth,
        payload: multipart({
          name: 'Muñeca de trapo grande',
          description: 'Ahora más grande',
          price: '400',
          stock: '7',
          categoryIds: [babies],
        }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        ...created,
        name: 'Muñeca de trapo grande',
        description: 'Ahora más grande',
        price: 400,
        discount: 0, // spec §5: discount defaults to 0
        stock: 7,
        categoryIds: [babies],
        categories: ['Bebés'],
      });
      expect(hasImageFiles(t.config.uploadsDir, created.imageUrl)).toBe(true);
      // The search finds it by its new words, without accents (spec §9).
      const found = await t.app.inject({
        method: 'POST',
        url: '/api/Product/search',
        payload: { searchTerm: 'muneca mas grande' },
      });
      expect((found.json() as Product[]).map((p) => p.productId)).toContain(created.productId);
    });
  });

  it('recognises the database foreign-key errors (a category deleted mid-save becomes a 400, not a 500)', async () => {
    const error = await t.db
      .insertInto('product_categories')
      .values({ product_id: 987654, category_id: 987654 })
      .execute()
      .catch((e: unknown) => e);
    expect(isForeignKeyViolation(error)).toBe(true);
    expect(isForeignKeyViolation(new Error('otro'))).toBe(false);
  });
});
