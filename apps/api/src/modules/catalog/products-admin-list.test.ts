import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG, type AdminProductPage } from '@tienda/shared/catalog';
import { REPLIES } from '../../replies.js';
import { createTestApp, testDialects, type TestApp, type TestUser } from '../../test/test-app.js';
import { pngBytes } from './catalog.test-helpers.js';
import { createProduct } from './products.service.js';

// GET /api/Product/admin-list: the product admin's list searched and paged by the server (docs/decisions/0026-…,
// amendment of 2026-11-26 late). spec §9: the admin search is a case-insensitive substring of name or description.
describe.each(testDialects)('product admin list (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  const ids: Record<string, number> = {};
  const image = pngBytes();
  const addProduct = async (key: string, name: string, description: string) => {
    const input = { name, description, price: 100, discount: 0, stock: 1, categoryIds: [] };
    ids[key] = (await createProduct(t.app.ctx, input, await image)).productId;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.createAdmin();
    // Created oldest → newest.
    await addProduct('pelota', 'Pelota sensorial', 'Con relieve, para las manos');
    await addProduct('muneca', 'Muñeca de trapo', 'Hecha a mano');
    await addProduct('tren', 'Tren mi_primer_tren', 'Vías de madera');
    await addProduct('cubos', 'Cubos apilables', 'Diez cubos de colores, 100% madera');
    await addProduct('rompe', 'Rompecabezas del mar', 'Peces y ballenas');
  });
  afterAll(() => t.close());

  const list = async (query: string, user: TestUser = admin) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Product/admin-list${query}`, headers: user.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminProductPage;
  };
  const keysOf = (page: AdminProductPage) =>
    page.items.map((p) => Object.entries(ids).find(([, id]) => id === p.productId)![0]);
  const newestFirst = ['rompe', 'cubos', 'tren', 'muneca', 'pelota'];

  it('answers whole products, newest first, 30 to a page unless told, with the total for the pager', async () => {
    const all = await list('');
    expect(keysOf(all)).toEqual(newestFirst);
    expect(all).toMatchObject({ total: 5, page: 1, pageSize: 30 });
    // The same product as GET /api/Product/{id} answers it.
    const one = await t.app.inject({ method: 'GET', url: `/api/Product/${ids.cubos}` });
    expect(all.items[1]).toEqual(one.json());
    const second = await list('?page=2&pageSize=2');
    expect(keysOf(second)).toEqual(['tren', 'muneca']);
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    const past = await list('?page=4&pageSize=2');
    expect(past).toEqual({ items: [], total: 5, page: 4, pageSize: 2 });
  });

  it('finds the term anywhere in the name or the description, without regard to case or accents', async () => {
    expect(keysOf(await list('?q=MUNECA'))).toEqual(['muneca']);
    expect(keysOf(await list('?q=muñeca'))).toEqual(['muneca']);
    // Inside a word, as spec §9's substring match does (the shop's search matches whole words and prefixes).
    expect(keysOf(await list('?q=elot'))).toEqual(['pelota']);
    expect(keysOf(await list('?q=cabe'))).toEqual(['rompe']);
    // In the description only.
    expect(keysOf(await list('?q=ballenas'))).toEqual(['rompe']);
    expect(keysOf(await list('?q=madera'))).toEqual(['cubos', 'tren']);
    // Across words, spaces and symbols included, as typed.
    expect(keysOf(await list(`?q=${encodeURIComponent('  de trapo ')}`))).toEqual(['muneca']);
    expect(keysOf(await list(`?q=${encodeURIComponent('100% mad')}`))).toEqual(['cubos']);
    expect(keysOf(await list('?q=mi_primer'))).toEqual(['tren']);
    expect(keysOf(await list(`?q=${encodeURIComponent(', para')}`))).toEqual(['pelota']);
    expect(keysOf(await list(`?q=${encodeURIComponent('%')}`))).toEqual(['cubos']);
    // Not a typo-tolerant search: the letters must be there.
    expect(await list('?q=pelta')).toEqual({ items: [], total: 0, page: 1, pageSize: 30 });
    expect(await list(`?q=${encodeURIComponent('madera de')}`)).toMatchObject({ total: 0 });
    const paged = await list('?q=de&pageSize=1&page=2');
    // rompe (del mar), cubos (de colores), tren (de madera), muneca (de trapo), newest first.
    expect(keysOf(paged)).toEqual(['cubos']);
    expect(paged.total).toBe(4);
  });

  it('sees a product added or deleted at once', async () => {
    expect((await list('?q=tambor')).total).toBe(0);
    await addProduct('tambor', 'Tambor de juguete', 'Para hacer ritmo');
    expect(keysOf(await list('?q=tambor'))).toEqual(['tambor']);
    expect(keysOf(await list('?pageSize=1'))).toEqual(['tambor']);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/Product/${ids.tambor}`, headers: admin.auth });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await list('?q=tambor')).total).toBe(0);
    expect(keysOf(await list(''))).toEqual(newestFirst);
  });

  it('is for administrators only', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/Product/admin-list' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ message: REPLIES.unauthorized });
    const customer = await t.createCustomer();
    const refused = await t.app.inject({ method: 'GET', url: '/api/Product/admin-list', headers: customer.auth });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: REPLIES.forbidden });
  });

  it('refuses a bad page, page size or term with a Spanish message', async () => {
    const cases: [string, string][] = [
      ['?page=0', CATALOG.searchPageInvalid],
      ['?page=abc', CATALOG.searchPageInvalid],
      ['?page=1.5', CATALOG.searchPageInvalid],
      ['?pageSize=61', CATALOG.searchPageSizeInvalid],
      ['?pageSize=0', CATALOG.searchPageSizeInvalid],
      [`?q=${'x'.repeat(101)}`, CATALOG.searchTermTooLong],
      ['?q=%00', CATALOG.invalidText],
    ];
    for (const [query, message] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/api/Product/admin-list${query}`, headers: admin.auth });
      expect([query, res.statusCode, res.json()]).toEqual([query, 400, { message }]);
    }
  });
});
