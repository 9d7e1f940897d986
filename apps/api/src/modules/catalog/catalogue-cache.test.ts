import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { productSchema } from '@tienda/shared/catalog';
import { CachedAnswer, ifNoneMatchHits, preferredEncoding } from '../../lib/http-cache.js';
import { insertCombo, insertProduct } from '../../test/catalog-fixtures.js';
import { testDialects, useTestApp } from '../../test/test-app.js';
import { createCategory } from './categories.service.js';

// Catalogue reads answer with an ETag; a phone that sends it back gets a 304 with no body (docs/decisions/0012-…).

const WEAK_SHA1_TAG = /^W\/"[A-Za-z0-9_-]{27}"$/;

describe.each(testDialects)('catalogue ETag and 304 (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let productId: number;
  let paths: string[];
  beforeAll(async () => {
    const { categoryId } = await createCategory(t.app.ctx, { name: 'Sensoriales', description: 'Para los sentidos' });
    const ids: number[] = [];
    // Enough products for the list to pass the 1 KB compression threshold.
    for (let i = 0; i < 30; i += 1) ids.push(await insertProduct(t.db, { name: `Juguete sensorial ${i}`, stock: 5 }));
    productId = ids[0]!;
    const comboId = await insertCombo(t.db, { productIds: ids.slice(0, 3) });
    paths = [
      '/api/Product',
      '/api/Product/featured',
      `/api/Product/${productId}`,
      '/api/Category',
      `/api/Category/${categoryId}`,
      '/api/Combo',
      `/api/Combo/${comboId}`,
    ];
  });

  it('tags every catalogue read and answers its own tag with an empty 304', async () => {
    for (const url of paths) {
      const first = await t.app.inject({ method: 'GET', url });
      expect({ url, status: first.statusCode, cache: first.headers['cache-control'] }).toEqual({
        url,
        status: 200,
        cache: 'no-cache',
      });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(WEAK_SHA1_TAG);

      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect({ url, status: again.statusCode, body: again.body, etag: again.headers.etag }).toEqual({
        url,
        status: 304,
        body: '',
        etag,
      });
      expect(again.headers['content-length']).toBeUndefined();
    }
  });

  it('keeps compressing: the gzip answer carries the same tag, and revalidating it costs no body', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/Product' });
    const gzipped = await t.app.inject({ method: 'GET', url: '/api/Product', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gzipped.headers.etag).toBe(plain.headers.etag);

    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/api/Product',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(gzipped.headers.etag) },
    });
    expect({ status: revalidated.statusCode, bytes: revalidated.rawPayload.length }).toEqual({ status: 304, bytes: 0 });
    expect(revalidated.headers['content-encoding']).toBeUndefined();
  });

  it('changes the tag when the product changes (a sale takes stock), so the old tag gets the new answer', async () => {
    const before = await t.app.inject({ method: 'GET', url: `/api/Product/${productId}` });
    await t.db.updateTable('products').set({ stock: 4 }).where('id', '=', productId).execute();
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/Product/${productId}`,
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ productId, stock: 4 });
    expect(after.headers.etag).toMatch(WEAK_SHA1_TAG);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('tags neither errors nor searches', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/Product/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const search = await t.app.inject({ method: 'POST', url: '/api/Product/search', payload: {} });
    expect(search.statusCode).toBe(200);
    expect(search.headers.etag).toBeUndefined();
  });
});

// Product pages, best sellers and pages of results are kept ready to send until what they show changes
// (docs/decisions/0029-a-lean-request-path.md). Changes are written straight into the database here, as another API
// process, an order or a hand-run fix would: the triggers' log is what tells the cache.
describe.each(testDialects)('answers kept ready to send (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let productId: number;
  let categoryId: number;
  beforeAll(async () => {
    ({ categoryId } = await createCategory(t.app.ctx, { name: 'Bloques', description: 'Para construir' }));
    for (let i = 0; i < 40; i += 1) await insertProduct(t.db, { name: `Bloque de colores ${i}`, stock: 5 });
    productId = await insertProduct(t.db, { name: 'Bloque gigante', stock: 3 });
    await t.db.insertInto('product_categories').values({ product_id: productId, category_id: categoryId }).execute();
  });

  const getProduct = () => t.app.inject({ method: 'GET', url: `/api/Product/${productId}` });

  it("follows the product's row, secondary images, categories' names and deletion", async () => {
    expect((await getProduct()).json()).toMatchObject({ stock: 3, productImages: [], categories: ['Bloques'] });

    await t.db.updateTable('products').set({ stock: 2 }).where('id', '=', productId).execute();
    expect((await getProduct()).json()).toMatchObject({ stock: 2 });

    await t.db
      .insertInto('product_images')
      .values({ product_id: productId, image_key: 'extra', position: 0 })
      .execute();
    expect((await getProduct()).json()).toMatchObject({ productImages: ['/uploads/extra.webp'] });

    await t.db.updateTable('categories').set({ name: 'Bloques grandes' }).where('id', '=', categoryId).execute();
    expect((await getProduct()).json()).toMatchObject({ categories: ['Bloques grandes'] });

    await t.db.deleteFrom('product_images').where('product_id', '=', productId).execute();
    expect((await getProduct()).json()).toMatchObject({ productImages: [] });

    await t.db.deleteFrom('product_categories').where('product_id', '=', productId).execute();
    await t.db.deleteFrom('products').where('id', '=', productId).execute();
    const gone = await getProduct();
    expect({ status: gone.statusCode, body: gone.json() }).toEqual({
      status: 404,
      body: { message: 'El producto no existe.' },
    });
  });

  it('answers a product page from the index exactly as the database rows make it, categories in Spanish order', async () => {
    const id = await insertProduct(t.db, { name: 'Ábaco de colores', stock: 4 });
    const categoryIds: number[] = [];
    // Upper case, lower case and an accent: byte order (SQLite's) would put 'Música' first and 'Álgebra' last.
    for (const name of ['Música', 'bolas', 'Álgebra']) {
      const { categoryId: category } = await createCategory(t.app.ctx, { name, description: name });
      categoryIds.push(category);
      await t.db.insertInto('product_categories').values({ product_id: id, category_id: category }).execute();
    }
    // Positions out of insertion order: the page lists them by position.
    for (const [key, position] of [
      ['segunda', 2],
      ['primera', 1],
    ] as const) {
      await t.db.insertInto('product_images').values({ product_id: id, image_key: key, position }).execute();
    }

    const page = await t.app.inject({ method: 'GET', url: `/api/Product/${id}` });
    // The spec search without paging is made from the rows (productsInOrder in products.service.ts).
    const fromRows = (await t.app.inject({ method: 'POST', url: '/api/Product/search', payload: {} })).json<
      { productId: number }[]
    >();
    expect(page.json()).toMatchObject({
      productImages: ['/uploads/primera.webp', '/uploads/segunda.webp'],
      categoryIds: [categoryIds[2], categoryIds[1], categoryIds[0]],
      categories: ['Álgebra', 'bolas', 'Música'],
    });
    // The same JSON, key for key.
    expect(page.body).toBe(JSON.stringify(fromRows.find((product) => product.productId === id)));
  });

  it('sends a page of results compressed as asked, tagged, and new once a product on it changes', async () => {
    const payload = { searchTerm: 'bloque', page: 1, pageSize: 30 };
    const search = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/Product/search', payload, headers });
    const plain = await search();
    expect(plain.json()).toMatchObject({ total: 40, page: 1, pageSize: 30 });
    expect(plain.headers.vary).toBe('accept-encoding');
    const brotli = await search({ 'accept-encoding': 'gzip, deflate, br' });
    const gzipped = await search({ 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect([brotli.headers['content-encoding'], gzipped.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(brotli.headers.etag).toBe(plain.headers.etag);
    const again = await search({ 'if-none-match': String(plain.headers.etag) });
    expect({ status: again.statusCode, bytes: again.rawPayload.length }).toEqual({ status: 304, bytes: 0 });

    const first = (plain.json() as { items: { productId: number }[] }).items[0]!.productId;
    await t.db.updateTable('products').set({ stock: 0 }).where('id', '=', first).execute();
    const changed = await search({ 'if-none-match': String(plain.headers.etag) });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as { items: { productId: number; stock: number }[] }).items[0]).toMatchObject({
      productId: first,
      stock: 0,
    });
  });
});

// The spec's whole list (GET /api/Product) is made in batches and kept like the pages above
// (docs/decisions/0029-…, amendment of 2026-11-25).
describe.each(testDialects)('the whole product list kept ready to send (%s)', (dialect) => {
  const t = useTestApp(dialect);
  beforeAll(async () => {
    const { categoryId } = await createCategory(t.app.ctx, { name: 'Música', description: 'Para sonar' });
    for (let i = 0; i < 23; i += 1) {
      const id = await insertProduct(t.db, { name: `Maraca ${i}`, stock: 5 });
      if (i % 2 === 0)
        await t.db.insertInto('product_categories').values({ product_id: id, category_id: categoryId }).execute();
    }
  });

  it('answers exactly the spec list, newest first, made in batches of any size', async () => {
    const listed = await t.app.inject({ method: 'GET', url: '/api/Product' });
    // The list comes from the search index; the spec search without paging is made from the rows (products.service.ts).
    const everything = await t.app.inject({ method: 'POST', url: '/api/Product/search', payload: {} });
    expect(listed.json()).toHaveLength(23);
    expect(listed.body).toBe(everything.body);
    const products = listed.json<unknown[]>();
    for (const batchSize of [1, 7, 23, 1000]) {
      const batches = Array.from({ length: Math.ceil(products.length / batchSize) }, (_, i) =>
        products.slice(i * batchSize, (i + 1) * batchSize),
      );
      const answer = await CachedAnswer.ofBatches(productSchema, batches);
      expect(await answer.body('identity')).toEqual(Buffer.from(listed.body));
      expect(answer.etag).toBe(listed.headers.etag);
      expect(answer.etag).toBe(CachedAnswer.of(z.array(productSchema), products).etag);
    }
  });

  it('makes the list again once a product changes, and shares one making between requests that miss together', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/Product' });
    const [newest] = before.json() as { productId: number }[];
    await t.db.updateTable('products').set({ stock: 1 }).where('id', '=', newest!.productId).execute();
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/Product', headers: { 'if-none-match': String(before.headers.etag) } }),
      t.app.inject({ method: 'GET', url: '/api/Product', headers: { 'accept-encoding': 'br' } }),
    ]);
    expect(a.statusCode).toBe(200);
    expect((a.json() as { productId: number; stock: number }[])[0]).toMatchObject({
      productId: newest!.productId,
      stock: 1,
    });
    expect(brotliDecompressSync(b.rawPayload).toString('utf8')).toBe(a.body);
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(a.headers.etag).not.toBe(before.headers.etag);

    let made = 0;
    const make = async () => {
      made += 1;
      return made;
    };
    const search = t.app.ctx.productSearch;
    expect(await Promise.all([search.cached('k', 60_000, make), search.cached('k', 60_000, make)])).toEqual([1, 1]);
    expect(made).toBe(1);
  });
});

describe('CachedAnswer compression', () => {
  const items = Array.from({ length: 3_000 }, (_, i) => ({ n: i, text: `juguete número ${i} `.repeat(6) }));
  const itemSchema = z.object({ n: z.number(), text: z.string() });
  const json = JSON.stringify(items);

  it('compresses a large answer off the event loop once, then hands the same bytes back at once', async () => {
    const answer = CachedAnswer.of(z.array(itemSchema), items);
    expect(answer.size).toBe(json.length);
    expect(json.length).toBeGreaterThan(256 * 1024);
    const first = answer.body('br');
    expect(first).toBeInstanceOf(Promise);
    const bytes = await first;
    expect(brotliDecompressSync(bytes).toString('utf8')).toBe(json);
    expect(answer.body('br')).toBe(bytes);
    const gzipped = await answer.body('gzip');
    expect(gunzipSync(gzipped).toString('utf8')).toBe(json);
    expect(answer.body('identity')).toBe(json);
  });

  it('keeps an answer made in batches as brotli only, and makes gzip (once) and the plain JSON from it', async () => {
    const batches = [items.slice(0, 1_000), [], items.slice(1_000)];
    const answer = await CachedAnswer.ofBatches(itemSchema, batches);
    expect({ size: answer.size, etag: answer.etag }).toEqual({
      size: json.length,
      etag: CachedAnswer.of(z.array(itemSchema), items).etag,
    });
    const bytes = answer.body('br');
    expect(bytes).toBeInstanceOf(Buffer);
    expect(brotliDecompressSync(bytes as Buffer).toString('utf8')).toBe(json);
    const gzipped = await answer.body('gzip');
    expect(gunzipSync(gzipped).toString('utf8')).toBe(json);
    expect(answer.body('gzip')).toBe(gzipped);
    expect((await answer.body('identity')).toString('utf8')).toBe(json);
  });

  it('fails when an item does not fit its schema', async () => {
    await expect(CachedAnswer.ofBatches(itemSchema, [[{ n: 'uno', text: 'x' }]])).rejects.toThrow(
      /respuesta fuera de su esquema/,
    );
  });
});

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, honours q=0, and falls back to none', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip, br;q=0')).toBe('gzip');
    expect(preferredEncoding('deflate, *')).toBe('gzip');
    expect(preferredEncoding('BR;Q=0.5')).toBe('br');
    expect(preferredEncoding('identity')).toBe('identity');
    expect(preferredEncoding('gzip;q=0')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
  });
});

describe('ifNoneMatchHits', () => {
  const tag = 'W/"abc"';
  it('compares weakly, in lists, and takes *', () => {
    expect(ifNoneMatchHits('W/"abc"', tag)).toBe(true);
    expect(ifNoneMatchHits('"abc"', tag)).toBe(true);
    expect(ifNoneMatchHits('"x", W/"abc" ,"y"', tag)).toBe(true);
    expect(ifNoneMatchHits('*', tag)).toBe(true);
    expect(ifNoneMatchHits('W/"abd"', tag)).toBe(false);
    expect(ifNoneMatchHits('"abc', tag)).toBe(false);
    expect(ifNoneMatchHits('', tag)).toBe(false);
    expect(ifNoneMatchHits(undefined, tag)).toBe(false);
  });
});
