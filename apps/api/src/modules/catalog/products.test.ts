import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, VALIDATION } from '@tienda/shared/messages';
import { CATALOG, type Product } from '@tienda/shared/catalog';
import { createTestApp, testDialects, type TestApp, type TestUser } from '../../test/test-app.js';
import {
  gifBytes,
  insertOrder,
  jpegBytes,
  keyOf,
  multipart,
  png,
  pngBytes,
  uploadedFiles,
  webpBytes,
  type FileValue,
} from './catalog.test-helpers.js';
import { createCategory } from './categories.service.js';
import { isForeignKeyViolation } from './input.js';

const IMAGE_REFUSED = 'El archivo debe ser una imagen: se aceptan JPEG, PNG, WebP, GIF o AVIF.';

describe.each(testDialects)('products API (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  let toys: number;
  let babies: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.createAdmin();
    customer = await t.createCustomer();
    toys = (await createCategory(t.app.ctx, { name: 'Didácticos', description: 'Aprender jugando' })).categoryId;
    babies = (await createCategory(t.app.ctx, { name: 'Bebés', description: 'Primeros meses' })).categoryId;
  });
  afterAll(() => t.close());

  const uploads = () => uploadedFiles(t.config.uploadsDir);
  const hasFiles = (url: string | null) => {
    const key = keyOf(url);
    return (
      existsSync(path.join(t.config.uploadsDir, `${key}.webp`)) &&
      existsSync(path.join(t.config.uploadsDir, `${key}-thumb.webp`))
    );
  };

  type Fields = Record<string, string | number | (string | number)[] | undefined>;
  const validFields = (): Fields => ({
    name: 'Muñeca de trapo',
    description: 'Hecha a mano en Copán',
    price: '350.50',
    stock: '4',
    discount: '10',
    categoryIds: [toys, babies],
  });

  async function postProduct(fields: Fields, files: Record<string, FileValue | FileValue[]>, headers = admin.auth) {
    return t.app.inject({ method: 'POST', url: '/api/Product', headers, payload: multipart(fields, files) });
  }
  async function createOk(
    fields: Fields = validFields(),
    files?: Record<string, FileValue | FileValue[]>,
  ): Promise<Product> {
    const res = await postProduct(fields, files ?? { image: await png() });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  describe('create and read', () => {
    it('creates a product from the admin multipart form and answers the full product', async () => {
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
        imageUrl: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\.webp$/),
        thumbnailUrl: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}-thumb\.webp$/),
        productImages: [],
        secondaryImages: [],
        categoryIds: [babies, toys], // categories in alphabetical order: Bebés, Didácticos
        categories: ['Bebés', 'Didácticos'],
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(product.thumbnailUrl).toBe(product.imageUrl.replace('.webp', '-thumb.webp'));
      expect(hasFiles(product.imageUrl)).toBe(true);

      const read = await t.app.inject({ method: 'GET', url: `/api/Product/${product.productId}` });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(product);
      const list = await t.app.inject({ method: 'GET', url: '/api/product' });
      expect(list.json()).toContainEqual(product);

      const image = await t.app.inject({ method: 'GET', url: product.imageUrl });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(String(image.headers['cache-control'])).toContain('immutable');
    });

    it('stores cents and basis points exactly', async () => {
      const product = await createOk({ name: 'Xilófono', price: '0.1', stock: '0', discount: '12.5' });
      expect(product).toMatchObject({ price: 0.1, discount: 12.5, stock: 0, description: '', categoryIds: [] });
      const row = await t.db
        .selectFrom('products')
        .select(['price_cents', 'discount_bp', 'search_text'])
        .where('id', '=', product.productId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ price_cents: 10, discount_bp: 1250, search_text: 'xilofono ' });
    });

    it('accepts secondary images sent with the create form and the field names in any case', async () => {
      const res = await postProduct(
        { NAME: 'Tren de madera', Price: '80', STOCK: '2', CategoryIds: [toys] },
        {
          Image: await png(),
          files: [{ bytes: await jpegBytes(), filename: 'a.jpg', type: 'image/jpeg' }, await png('b.png')],
        },
      );
      expect(res.statusCode).toBe(201);
      const product = res.json();
      expect(product).toMatchObject({ name: 'Tren de madera', price: 80, stock: 2, discount: 0, categoryIds: [toys] });
      expect(product.productImages).toHaveLength(2);
      expect(product.secondaryImages.map((image: { url: string }) => image.url)).toEqual(product.productImages);
      for (const url of product.productImages) expect(hasFiles(url)).toBe(true);
    });

    it('answers 404 for a missing product and 400 for a bad id', async () => {
      const missing = await t.app.inject({ method: 'GET', url: '/api/Product/987654' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'El producto no existe.' });
      for (const id of ['abc', '0', '2147483648']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/Product/${id}` });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: API.invalidId });
      }
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
      ['huge price', { price: '5000000' }, CATALOG.priceTooHigh],
      ['huge stock', { stock: '99999999999' }, CATALOG.stockTooHigh],
      ['bad category id', { categoryIds: ['abc'] }, CATALOG.invalidIdInList],
      ['unknown category', { categoryIds: ['987654'] }, 'Alguna de las categorías seleccionadas no existe.'],
      ['name with a NUL character', { name: 'Oso\u0000' }, 'El texto contiene caracteres no válidos.'],
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

    it('requires the main image on create', async () => {
      const res = await postProduct(validFields(), {});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Debes agregar una imagen principal' });
      // An empty file input counts as no image.
      const empty = await postProduct(validFields(), { image: { bytes: Buffer.alloc(0), filename: '' } });
      expect(empty.json()).toEqual({ message: 'Debes agregar una imagen principal' });
    });

    it('asks for multipart/form-data', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Product',
        headers: admin.auth,
        payload: { name: 'x', price: 1, stock: 1 },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: 'Envía el formulario como multipart/form-data.' });
    });
  });

  describe('images are judged by their bytes', () => {
    it.each([
      ['JPEG', async () => ({ bytes: await jpegBytes(), filename: 'foto.jpg', type: 'image/jpeg' })],
      ['GIF', async () => ({ bytes: await gifBytes(), filename: 'foto.gif', type: 'image/gif' })],
      ['WebP', async () => ({ bytes: await webpBytes(), filename: 'foto.webp', type: 'image/webp' })],
      // A PNG sent with a wrong name and type is still a PNG.
      ['PNG named .txt', async () => ({ bytes: await pngBytes(), filename: 'notas.txt', type: 'text/plain' })],
    ])('accepts a %s and re-encodes it to WebP', async (_label, make) => {
      const product = await createOk({ name: 'Imagen', price: '1', stock: '1' }, { image: await make() });
      const image = await t.app.inject({ method: 'GET', url: product.imageUrl! });
      expect(image.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
      expect(image.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    });

    it('refuses a text file named .png and sent as image/png, leaving nothing behind', async () => {
      const before = uploads();
      const res = await postProduct(validFields(), {
        image: { bytes: Buffer.from('esto no es una imagen'), filename: 'foto.png', type: 'image/png' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: IMAGE_REFUSED });
      expect(uploads()).toEqual(before);
    });

    it('removes the stored main image when a secondary file is refused', async () => {
      const before = uploads();
      const res = await postProduct(validFields(), {
        image: await png(),
        files: [await png(), { bytes: Buffer.from('%PDF-1.4'), filename: 'x.png' }],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: IMAGE_REFUSED });
      expect(uploads()).toEqual(before);
    });

    it('refuses a file over 10 MB with 413', async () => {
      const res = await postProduct(validFields(), {
        image: { bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 1), filename: 'grande.png' },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: 'Cada imagen puede pesar como máximo 10 MB.' });
    });
  });

  describe('update', () => {
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
      expect(hasFiles(created.imageUrl)).toBe(true);
      const row = await t.db
        .selectFrom('products')
        .select('search_text')
        .where('id', '=', created.productId)
        .executeTakeFirstOrThrow();
      expect(row.search_text).toBe('muneca de trapo grande ahora mas grande');
    });

    it('with an image replaces the main image file and keeps the secondary images', async () => {
      const created = await createOk(validFields(), { image: await png(), files: await png() });
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/Product/${created.productId}`,
        headers: admin.auth,
        payload: multipart(validFields(), {
          image: { bytes: await jpegBytes(), filename: 'nueva.jpg', type: 'image/jpeg' },
        }),
      });
      expect(res.statusCode).toBe(200);
      const updated = res.json();
      expect(updated.imageUrl).not.toBe(created.imageUrl);
      expect(hasFiles(updated.imageUrl)).toBe(true);
      expect(existsSync(path.join(t.config.uploadsDir, `${keyOf(created.imageUrl)}.webp`))).toBe(false);
      expect(existsSync(path.join(t.config.uploadsDir, `${keyOf(created.imageUrl)}-thumb.webp`))).toBe(false);
      expect(updated.productImages).toEqual(created.productImages);
    });

    it('keeps the old main image file when an order still shows it', async () => {
      const created = await createOk();
      await insertOrder(t.db, [{ productId: created.productId, imageKey: keyOf(created.imageUrl), quantity: 1 }]);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/Product/${created.productId}`,
        headers: admin.auth,
        payload: multipart(validFields(), { image: await png() }),
      });
      expect(res.statusCode).toBe(200);
      expect(hasFiles(created.imageUrl)).toBe(true);
    });

    it('validates like create, refuses a bad image and answers 404 for a missing product', async () => {
      const created = await createOk();
      const bad = await t.app.inject({
        method: 'PUT',
        url: `/api/Product/${created.productId}`,
        headers: admin.auth,
        payload: multipart({ ...validFields(), price: '-5' }),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'El precio no puede ser negativo' });
      const before = uploads();
      const badImage = await t.app.inject({
        method: 'PUT',
        url: `/api/Product/${created.productId}`,
        headers: admin.auth,
        payload: multipart(validFields(), {
          image: { bytes: Buffer.from('GIF89a pero no'), filename: 'x.gif', type: 'image/gif' },
        }),
      });
      expect(badImage.statusCode).toBe(400);
      expect(badImage.json()).toEqual({ message: IMAGE_REFUSED });
      expect(uploads()).toEqual(before);
      expect((await t.app.inject({ method: 'GET', url: `/api/Product/${created.productId}` })).json()).toEqual(created);

      const missing = await t.app.inject({
        method: 'PUT',
        url: '/api/Product/987654',
        headers: admin.auth,
        payload: multipart(validFields()),
      });
      expect(missing.statusCode).toBe(404);
      const badId = await t.app.inject({
        method: 'PUT',
        url: '/api/Product/abc',
        headers: admin.auth,
        payload: multipart(validFields()),
      });
      expect(badId.statusCode).toBe(400);
    });
  });

  describe('secondary images', () => {
    it('appends images, then removes one by its id', async () => {
      const created = await createOk();
      const add = await t.app.inject({
        method: 'POST',
        url: `/api/Product/${created.productId}/images`,
        headers: admin.auth,
        payload: multipart(
          {},
          { files: [await png('1.png'), { bytes: await gifBytes(), filename: '2.gif', type: 'image/gif' }] },
        ),
      });
      expect(add.statusCode).toBe(200);
      const withTwo = add.json();
      expect(withTwo.productImages).toHaveLength(2);
      const more = await t.app.inject({
        method: 'POST',
        url: `/api/Product/${created.productId}/images`,
        headers: admin.auth,
        payload: multipart({}, { files: await png('3.png') }),
      });
      const withThree = more.json();
      expect(withThree.productImages.slice(0, 2)).toEqual(withTwo.productImages);
      expect(withThree.productImages).toHaveLength(3);

      const [first, second, third] = withThree.secondaryImages;
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/Product/${created.productId}/images/${second.imageId}`,
        headers: admin.auth,
      });
      expect(del.statusCode).toBe(204);
      const after = (await t.app.inject({ method: 'GET', url: `/api/Product/${created.productId}` })).json();
      expect(after.productImages).toEqual([first.url, third.url]);
      expect(existsSync(path.join(t.config.uploadsDir, `${keyOf(second.url)}.webp`))).toBe(false);
      expect(hasFiles(first.url)).toBe(true);

      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/Product/${created.productId}/images/${second.imageId}`,
        headers: admin.auth,
      });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: 'La imagen no existe.' });
      // An image id of another product is not this product's image.
      const other = await createOk(validFields(), { image: await png(), files: await png() });
      const foreign = await t.app.inject({
        method: 'DELETE',
        url: `/api/Product/${created.productId}/images/${other.secondaryImages[0]!.imageId}`,
        headers: admin.auth,
      });
      expect(foreign.statusCode).toBe(404);
    });

    it('refuses an empty upload, a non-image and more than 20 images', async () => {
      const created = await createOk();
      const none = await t.app.inject({
        method: 'POST',
        url: `/api/Product/${created.productId}/images`,
        headers: admin.auth,
        payload: multipart({ x: '1' }),
      });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ message: 'Debes adjuntar al menos una imagen.' });
      const text = await t.app.inject({
        method: 'POST',
        url: `/api/Product/${created.productId}/images`,
        headers: admin.auth,
        payload: multipart({}, { files: { bytes: Buffer.from('hola'), filename: 'a.png' } }),
      });
      expect(text.statusCode).toBe(400);
      expect(text.json()).toEqual({ message: IMAGE_REFUSED });
      const twelve = await Promise.all(Array.from({ length: 12 }, () => png()));
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/Product/${created.productId}/images`,
            headers: admin.auth,
            payload: multipart({}, { files: twelve }),
          })
        ).statusCode,
      ).toBe(200);
      const tooMany = await t.app.inject({
        method: 'POST',
        url: `/api/Product/${created.productId}/images`,
        headers: admin.auth,
        payload: multipart({}, { files: twelve.slice(0, 9) }),
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual({ message: 'Se permiten como máximo 20 imágenes secundarias por artículo.' });
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/Product/987654/images',
        headers: admin.auth,
        payload: multipart({}, { files: await png() }),
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('delete', () => {
    it('removes the product and its image files (204)', async () => {
      const created = await createOk(validFields(), { image: await png(), files: [await png(), await png()] });
      const urls = [created.imageUrl!, ...created.productImages];
      for (const url of urls) expect(hasFiles(url)).toBe(true);
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/Product/${created.productId}`,
        headers: admin.auth,
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      for (const url of urls) {
        expect(existsSync(path.join(t.config.uploadsDir, `${keyOf(url)}.webp`))).toBe(false);
        expect(existsSync(path.join(t.config.uploadsDir, `${keyOf(url)}-thumb.webp`))).toBe(false);
      }
      expect((await t.app.inject({ method: 'GET', url: `/api/Product/${created.productId}` })).statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/Product/${created.productId}`, headers: admin.auth }))
          .statusCode,
      ).toBe(404);
    });

    it('keeps the image an order still shows, and the order keeps its line', async () => {
      const created = await createOk(validFields(), { image: await png(), files: await png() });
      const orderId = await insertOrder(t.db, [
        {
          productId: created.productId,
          name: created.name,
          imageKey: keyOf(created.imageUrl),
          quantity: 2,
          unitPriceCents: 31545,
        },
      ]);
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/Product/${created.productId}`,
        headers: admin.auth,
      });
      expect(res.statusCode).toBe(204);
      expect(hasFiles(created.imageUrl)).toBe(true);
      expect(existsSync(path.join(t.config.uploadsDir, `${keyOf(created.productImages[0]!)}.webp`))).toBe(false);
      const line = await t.db
        .selectFrom('order_products')
        .selectAll()
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(line).toMatchObject({
        product_id: null,
        product_name: 'Muñeca de trapo',
        image_key: keyOf(created.imageUrl),
        quantity: 2,
        unit_price_cents: 31545,
      });
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

  it('answers 401 without a token and 403 to a customer on every admin call', async () => {
    const created = await createOk(validFields(), { image: await png(), files: await png() });
    const imageId = created.secondaryImages[0]!.imageId;
    const calls = async () => [
      { method: 'POST' as const, url: '/api/Product', payload: multipart(validFields(), { image: await png() }) },
      { method: 'PUT' as const, url: `/api/Product/${created.productId}`, payload: multipart(validFields()) },
      {
        method: 'POST' as const,
        url: `/api/Product/${created.productId}/images`,
        payload: multipart({}, { files: await png() }),
      },
      { method: 'DELETE' as const, url: `/api/Product/${created.productId}/images/${imageId}` },
      { method: 'DELETE' as const, url: `/api/Product/${created.productId}` },
    ];
    for (const call of await calls()) {
      const res = await t.app.inject(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.json()).toEqual({ message: API.unauthorized });
    }
    for (const call of await calls()) {
      const res = await t.app.inject({ ...call, headers: customer.auth });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json()).toEqual({ message: API.forbidden });
    }
    const bogus = await t.app.inject({
      method: 'DELETE',
      url: `/api/Product/${created.productId}`,
      headers: { authorization: 'Bearer nada' },
    });
    expect(bogus.statusCode).toBe(401);
    // Nothing changed.
    expect((await t.app.inject({ method: 'GET', url: `/api/Product/${created.productId}` })).json()).toEqual(created);
  });
});
