import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '@tienda/shared/messages';
import { REPLIES } from '../../replies.js';
import { testDialects, type TestUser, useTestApp } from '../../test/test-app.js';
import {
  gifBytes,
  hasImageFiles,
  imageFilesGone,
  insertOrder,
  jpegBytes,
  keyOf,
  multipart,
  png,
  pngBytes,
  uploadedFiles,
  webpBytes,
  type FileValue,
  type Fields,
  type Files,
} from './catalog.test-helpers.js';
import { createCategory } from './categories.service.js';
import { createItem, type CatalogueItemKind, type ItemFields } from './catalogue-item.js';
import { createProduct, productKind } from './products.service.js';
import { comboKind } from '../combos/combos.service.js';

// The lifecycle products and combos share (catalogue-item.ts, docs/decisions/0024-one-catalogue-item-lifecycle.md):
// image uploads judged by their bytes, files undone when a save fails, secondary images, delete, access rules and
// 404s, once per kind on both dialects. What only one kind does stays in products.test.ts and combos.test.ts.

const IMAGE_REFUSED = 'El archivo debe ser una imagen: se aceptan JPEG, PNG, WebP, GIF o AVIF.';

/** A product or a combo as the API answers it; only what the shared tests read. */
interface Item {
  productId?: number;
  comboId?: number;
  name: string;
  imageUrl: string | null;
  productImages?: string[];
  comboImages?: string[];
  secondaryImages: { imageId: number; url: string }[];
}

interface Linked {
  categoryId: number;
  productId: number;
}

/** How each kind is reached through the API (spec §7) and what it answers. */
const kinds = [
  {
    kind: 'product',
    base: '/api/Product',
    createUrl: '/api/Product',
    updateMethod: 'PUT',
    imageField: 'image',
    notFound: 'El producto no existe.',
    mainImageRequired: 'Debes agregar una imagen principal',
    validFields: (linked: Linked): Fields => ({
      name: 'Muñeca de trapo',
      description: 'Hecha a mano en Copán',
      price: '350.50',
      stock: '4',
      discount: '10',
      categoryIds: [linked.categoryId],
    }),
    badPrice: { price: '-5' },
    // The spec's clients send the names in other cases; the form reads them without regard to case.
    fieldsInOtherCase: (linked: Linked): Fields => ({
      NAME: 'Tren de madera',
      Price: '80',
      STOCK: '2',
      CategoryIds: [linked.categoryId],
    }),
    lifecycle: productKind,
    serviceInput: (linkId: number) => ({ name: 'Oso', price: 10, stock: 1, categoryIds: [linkId] }),
    unknownLink: 'Alguna de las categorías seleccionadas no existe.',
    idOf: (item: Item) => item.productId!,
    imagesOf: (item: Item) => item.productImages!,
    orderLine: (item: Item) => ({ productId: item.productId! }),
    orderTable: 'order_products',
    snapshot: { product_id: null, product_name: 'Muñeca de trapo' },
  },
  {
    kind: 'combo',
    base: '/api/Combo',
    createUrl: '/api/Combo/Create',
    updateMethod: 'PATCH',
    imageField: 'Image',
    notFound: 'El combo no existe.',
    mainImageRequired: 'Por favor, completa todos los campos antes de guardar.',
    validFields: (linked: Linked): Fields => ({
      Name: 'Combo bebé feliz',
      Description: 'Oso y sonajero',
      Price: '299.99',
      Stock: '4',
      ProductIds: [linked.productId],
    }),
    badPrice: { Price: '-5' },
    fieldsInOtherCase: (linked: Linked): Fields => ({
      name: 'Tren de madera',
      description: 'Bloques',
      price: '80',
      stock: '2',
      productids: [linked.productId],
    }),
    lifecycle: comboKind,
    serviceInput: (linkId: number) => ({ name: 'Combo', description: 'x', price: 10, stock: 1, productIds: [linkId] }),
    unknownLink: 'Alguno de los productos seleccionados no existe.',
    idOf: (item: Item) => item.comboId!,
    imagesOf: (item: Item) => item.comboImages!,
    orderLine: (item: Item) => ({ comboId: item.comboId! }),
    orderTable: 'order_combos',
    snapshot: { combo_id: null, combo_name: 'Combo bebé feliz' },
  },
] as const;

describe.each(testDialects)('catalogue items (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let admin: TestUser;
  let customer: TestUser;
  let linked: Linked;
  beforeAll(async () => {
    admin = await t.createAdmin();
    customer = await t.createCustomer();
    const categoryId = (await createCategory(t.app.ctx, { name: 'Didácticos', description: 'x' })).categoryId;
    const product = await createProduct(t.app.ctx, { name: 'Sonajero', price: 90, stock: 8 }, await pngBytes());
    linked = { categoryId, productId: product.productId };
  });

  const uploads = () => uploadedFiles(t.config.uploadsDir);
  const fileGone = (url: string | null) => imageFilesGone(t.config.uploadsDir, url);
  const hasFiles = (url: string | null) => hasImageFiles(t.config.uploadsDir, url);

  describe.each(kinds)('$kind', (k) => {
    const fields = () => k.validFields(linked);
    const image = async (file?: FileValue): Promise<Files> => ({ [k.imageField]: file ?? (await png()) });
    const post = (payload: Fields, files: Files) =>
      t.app.inject({ method: 'POST', url: k.createUrl, headers: admin.auth, payload: multipart(payload, files) });
    const update = (id: number | string, payload: Fields, files: Files = {}) =>
      t.app.inject({
        method: k.updateMethod,
        url: `${k.base}/${id}`,
        headers: admin.auth,
        payload: multipart(payload, files),
      });
    const addImages = (id: number, payload: Fields, files: Files = {}) =>
      t.app.inject({
        method: 'POST',
        url: `${k.base}/${id}/images`,
        headers: admin.auth,
        payload: multipart(payload, files),
      });
    const removeImage = (id: number, imageId: number) =>
      t.app.inject({ method: 'DELETE', url: `${k.base}/${id}/images/${imageId}`, headers: admin.auth });
    const read = (id: number) => t.app.inject({ method: 'GET', url: `${k.base}/${id}` });
    async function createOk(files?: Files): Promise<Item> {
      const res = await post(fields(), files ?? (await image()));
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    }

    it('answers a created item the same from GET /:id and the public list, with its image as immutable WebP', async () => {
      const created = await createOk();
      expect(created).toMatchObject({
        imageUrl: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\.webp$/),
        secondaryImages: [],
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(created).toHaveProperty('thumbnailUrl', created.imageUrl!.replace('.webp', '-thumb.webp'));
      expect(k.imagesOf(created)).toEqual([]);
      expect(hasFiles(created.imageUrl)).toBe(true);

      const one = await read(k.idOf(created));
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(created);
      // The spec's client sends a bearer with the list; it is public either way.
      const list = await t.app.inject({ method: 'GET', url: k.base.toLowerCase(), headers: customer.auth });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toContainEqual(created);
      expect((await t.app.inject({ method: 'GET', url: k.base })).json()).toEqual(list.json());

      const served = await t.app.inject({ method: 'GET', url: created.imageUrl! });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(String(served.headers['cache-control'])).toContain('immutable');
    });

    it('reads the form field names in any case and takes secondary images on create', async () => {
      const res = await post(k.fieldsInOtherCase(linked), {
        [k.imageField.toUpperCase()]: await png(),
        files: [{ bytes: await jpegBytes(), filename: 'a.jpg', type: 'image/jpeg' }, await png('b.png')],
      });
      expect(res.statusCode, res.body).toBe(201);
      const item: Item = res.json();
      expect(item).toMatchObject({ name: 'Tren de madera', price: 80, stock: 2 });
      expect(k.imagesOf(item)).toHaveLength(2);
      expect(item.secondaryImages.map((image) => image.url)).toEqual(k.imagesOf(item));
      for (const url of [item.imageUrl, ...k.imagesOf(item)]) expect(hasFiles(url)).toBe(true);
    });

    it('answers 404 for a missing item and 400 for a bad id', async () => {
      const missing = await read(987654);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: k.notFound });
      for (const id of ['abc', '0', '-1', '1e99', '2147483648']) {
        const res = await t.app.inject({ method: 'GET', url: `${k.base}/${id}` });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: API.invalidId });
      }
    });

    describe('images are judged by their bytes', () => {
      it.each([
        ['JPEG', async () => ({ bytes: await jpegBytes(), filename: 'foto.jpg', type: 'image/jpeg' })],
        ['GIF', async () => ({ bytes: await gifBytes(), filename: 'foto.gif', type: 'image/gif' })],
        ['WebP', async () => ({ bytes: await webpBytes(), filename: 'foto.webp', type: 'image/webp' })],
        // A PNG sent with a wrong name and type is still a PNG.
        ['PNG named .txt', async () => ({ bytes: await pngBytes(), filename: 'notas.txt', type: 'text/plain' })],
      ])('accepts a %s and re-encodes it to WebP', async (_label, make) => {
        const item = await createOk(await image(await make()));
        const stored = await t.app.inject({ method: 'GET', url: item.imageUrl! });
        expect(stored.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
        expect(stored.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
        expect(hasFiles(item.imageUrl)).toBe(true);
      });

      it('refuses a text file named .png and sent as image/png, leaving nothing behind', async () => {
        const before = uploads();
        const res = await post(
          fields(),
          await image({ bytes: Buffer.from('esto no es una imagen'), filename: 'foto.png', type: 'image/png' }),
        );
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: IMAGE_REFUSED });
        expect(uploads()).toEqual(before);
      });

      it('removes the stored main image when a secondary file is refused', async () => {
        const before = uploads();
        const res = await post(fields(), {
          ...(await image()),
          files: [await png(), { bytes: Buffer.from('%PDF-1.4'), filename: 'x.png' }],
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: IMAGE_REFUSED });
        expect(uploads()).toEqual(before);
      });

      it('removes the stored files when the database refuses the row (a link deleted mid-save is a 400)', async () => {
        const before = uploads();
        // The links pass the check, then the row's insert meets a foreign key that no longer exists.
        const racing: CatalogueItemKind<ItemFields, unknown, unknown> = {
          ...k.lifecycle,
          existingLinks: async (_db: unknown, ids: readonly number[]) => new Set(ids),
        };
        const saving = createItem(racing, t.app.ctx, k.serviceInput(987654), {
          main: await pngBytes(),
          secondary: [await pngBytes()],
        });
        await expect(saving).rejects.toMatchObject({ statusCode: 400, message: k.unknownLink });
        expect(uploads()).toEqual(before);
      });

      it('refuses a file over 10 MB with 413', async () => {
        const res = await post(
          fields(),
          await image({ bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 1), filename: 'a.png' }),
        );
        expect(res.statusCode).toBe(413);
        expect(res.json()).toEqual({ message: 'Cada imagen puede pesar como máximo 10 MB.' });
      });

      it('names what overflowed: more than 12 files, or more than 250 fields', async () => {
        const files = await Promise.all(Array.from({ length: 13 }, () => png()));
        const tooManyFiles = await post(fields(), { ...(await image()), files: files.slice(0, 12) });
        expect(tooManyFiles.statusCode).toBe(413);
        expect(tooManyFiles.json()).toEqual({ message: 'Puedes subir como máximo 12 imágenes a la vez.' });
        const padded = { ...fields(), relleno: Array.from({ length: 250 }, (_, i) => i) };
        const tooManyFields = await post(padded, await image());
        expect(tooManyFields.statusCode).toBe(413);
        expect(tooManyFields.json()).toEqual({ message: 'El formulario tiene demasiados campos.' });
      });

      it('requires the main image on create; an empty file input counts as none', async () => {
        const none = await post(fields(), {});
        expect(none.statusCode).toBe(400);
        expect(none.json()).toEqual({ message: k.mainImageRequired });
        const empty = await post(fields(), await image({ bytes: Buffer.alloc(0), filename: '' }));
        expect(empty.statusCode).toBe(400);
        expect(empty.json()).toEqual({ message: k.mainImageRequired });
      });

      it('asks for multipart/form-data', async () => {
        const res = await t.app.inject({ method: 'POST', url: k.createUrl, headers: admin.auth, payload: fields() });
        expect(res.statusCode).toBe(415);
        expect(res.json()).toEqual({ message: 'Envía el formulario como multipart/form-data.' });
      });
    });

    describe('update', () => {
      it('with an image replaces the main image file and keeps the secondary images', async () => {
        const created = await createOk({ ...(await image()), files: await png() });
        const res = await update(
          k.idOf(created),
          fields(),
          await image({ bytes: await jpegBytes(), filename: 'nueva.jpg', type: 'image/jpeg' }),
        );
        expect(res.statusCode).toBe(200);
        const updated: Item = res.json();
        expect(updated.imageUrl).not.toBe(created.imageUrl);
        expect(hasFiles(updated.imageUrl)).toBe(true);
        expect(fileGone(created.imageUrl)).toBe(true);
        expect(k.imagesOf(updated)).toEqual(k.imagesOf(created));
      });

      it('keeps the old main image file when an order still shows it', async () => {
        const created = await createOk();
        await insertOrder(t.db, [{ ...k.orderLine(created), imageKey: keyOf(created.imageUrl), quantity: 1 }]);
        const res = await update(k.idOf(created), fields(), await image());
        expect(res.statusCode).toBe(200);
        expect(hasFiles(created.imageUrl)).toBe(true);
      });

      it('validates like create, refuses a bad image leaving nothing, and answers 404 and 400 for ids', async () => {
        const created = await createOk();
        const bad = await update(k.idOf(created), { ...fields(), ...k.badPrice });
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toEqual({ message: 'El precio no puede ser negativo' });
        const before = uploads();
        const badImage = await update(
          k.idOf(created),
          fields(),
          await image({ bytes: Buffer.from('GIF89a pero no'), filename: 'x.gif', type: 'image/gif' }),
        );
        expect(badImage.statusCode).toBe(400);
        expect(badImage.json()).toEqual({ message: IMAGE_REFUSED });
        expect(uploads()).toEqual(before);
        expect((await read(k.idOf(created))).json()).toEqual(created);

        const missing = await update(987654, fields());
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ message: k.notFound });
        for (const id of ['abc', '0']) {
          const badId = await update(id, fields());
          expect(badId.statusCode).toBe(400);
          expect(badId.json()).toEqual({ message: API.invalidId });
        }
      });
    });

    describe('secondary images', () => {
      it('appends images after the existing ones, then removes one by its id', async () => {
        const created = await createOk();
        const id = k.idOf(created);
        const add = await addImages(
          id,
          {},
          { files: [await png('1.png'), { bytes: await gifBytes(), filename: '2.gif', type: 'image/gif' }] },
        );
        expect(add.statusCode).toBe(200);
        const withTwo: Item = add.json();
        expect(k.imagesOf(withTwo)).toHaveLength(2);
        expect(withTwo.secondaryImages.map((image) => image.url)).toEqual(k.imagesOf(withTwo));
        const withThree: Item = (await addImages(id, {}, { files: await png('3.png') })).json();
        expect(k.imagesOf(withThree).slice(0, 2)).toEqual(k.imagesOf(withTwo));
        expect(k.imagesOf(withThree)).toHaveLength(3);

        const [first, second, third] = withThree.secondaryImages;
        const del = await removeImage(id, second!.imageId);
        expect(del.statusCode).toBe(204);
        expect(k.imagesOf((await read(id)).json())).toEqual([first!.url, third!.url]);
        expect(fileGone(second!.url)).toBe(true);
        expect(hasFiles(first!.url)).toBe(true);

        const again = await removeImage(id, second!.imageId);
        expect(again.statusCode).toBe(404);
        expect(again.json()).toEqual({ message: 'La imagen no existe.' });
        // An image id of another item is not this item's image.
        const other = await createOk({ ...(await image()), files: await png() });
        expect((await removeImage(id, other.secondaryImages[0]!.imageId)).statusCode).toBe(404);
        expect((await removeImage(987654, first!.imageId)).json()).toEqual({ message: k.notFound });
      });

      it('refuses an empty upload, a non-image and more than 20 images', async () => {
        const created = await createOk();
        const id = k.idOf(created);
        const none = await addImages(id, { x: '1' });
        expect(none.statusCode).toBe(400);
        expect(none.json()).toEqual({ message: 'Debes adjuntar al menos una imagen.' });
        const before = uploads();
        const text = await addImages(
          id,
          {},
          { files: [await png(), { bytes: Buffer.from('hola'), filename: 'a.png' }] },
        );
        expect(text.statusCode).toBe(400);
        expect(text.json()).toEqual({ message: IMAGE_REFUSED });
        expect(uploads()).toEqual(before);
        const twelve = await Promise.all(Array.from({ length: 12 }, () => png()));
        expect((await addImages(id, {}, { files: twelve })).statusCode).toBe(200);
        const tooMany = await addImages(id, {}, { files: twelve.slice(0, 9) });
        expect(tooMany.statusCode).toBe(400);
        expect(tooMany.json()).toEqual({ message: 'Se permiten como máximo 20 imágenes secundarias por artículo.' });
        const missing = await addImages(987654, {}, { files: await png() });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ message: k.notFound });
      });
    });

    describe('delete', () => {
      // Paths are matched without regard to case (the spec's clients write /api/combo).
      const remove = (id: number) =>
        t.app.inject({ method: 'DELETE', url: `${k.base.toLowerCase()}/${id}`, headers: admin.auth });

      it('removes the item and its image files (204); a second delete is a 404', async () => {
        const created = await createOk({ ...(await image()), files: [await png(), await png()] });
        const urls = [created.imageUrl!, ...k.imagesOf(created)];
        for (const url of urls) expect(hasFiles(url)).toBe(true);
        const res = await remove(k.idOf(created));
        expect(res.statusCode).toBe(204);
        expect(res.body).toBe('');
        for (const url of urls) expect(fileGone(url)).toBe(true);
        expect((await read(k.idOf(created))).statusCode).toBe(404);
        const again = await remove(k.idOf(created));
        expect(again.statusCode).toBe(404);
        expect(again.json()).toEqual({ message: k.notFound });
      });

      it('keeps the image an order still shows, and the order keeps its line', async () => {
        const created = await createOk({ ...(await image()), files: await png() });
        const orderId = await insertOrder(t.db, [
          {
            ...k.orderLine(created),
            name: created.name,
            imageKey: keyOf(created.imageUrl),
            quantity: 2,
            unitPriceCents: 31545,
          },
        ]);
        expect((await remove(k.idOf(created))).statusCode).toBe(204);
        expect(hasFiles(created.imageUrl)).toBe(true);
        expect(fileGone(k.imagesOf(created)[0]!)).toBe(true);
        const line = await t.db
          .selectFrom(k.orderTable)
          .selectAll()
          .where('order_id', '=', orderId)
          .executeTakeFirstOrThrow();
        expect(line).toMatchObject({
          ...k.snapshot,
          image_key: keyOf(created.imageUrl),
          quantity: 2,
          unit_price_cents: 31545,
        });
      });
    });

    it('answers 401 without a token and 403 to a customer on every admin call, changing nothing', async () => {
      const created = await createOk({ ...(await image()), files: await png() });
      const id = k.idOf(created);
      const calls = async () => [
        { method: 'POST' as const, url: k.createUrl, payload: multipart(fields(), await image()) },
        { method: k.updateMethod, url: `${k.base}/${id}`, payload: multipart(fields()) },
        { method: 'POST' as const, url: `${k.base}/${id}/images`, payload: multipart({}, { files: await png() }) },
        { method: 'DELETE' as const, url: `${k.base}/${id}/images/${created.secondaryImages[0]!.imageId}` },
        { method: 'DELETE' as const, url: `${k.base}/${id}` },
      ];
      for (const call of await calls()) {
        const res = await t.app.inject(call);
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect(res.json()).toEqual({ message: REPLIES.unauthorized });
      }
      for (const call of await calls()) {
        const res = await t.app.inject({ ...call, headers: customer.auth });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(res.json()).toEqual({ message: REPLIES.forbidden });
      }
      const bogus = await t.app.inject({
        method: 'DELETE',
        url: `${k.base}/${id}`,
        headers: { authorization: 'Bearer nada' },
      });
      expect(bogus.statusCode).toBe(401);
      expect((await read(id)).json()).toEqual(created);
    });
  });
});
