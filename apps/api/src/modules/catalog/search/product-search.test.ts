import { beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductCard, ProductPage } from '@tienda/shared/catalog';
import { testDialects, useTestApp } from '../../../test/test-app.js';
import { orderThroughShop, pngBytes } from '../catalog.test-helpers.js';
import { createCategory, deleteCategory, updateCategory } from '../categories.service.js';
import { deleteItem, updateItem } from '../catalogue-item.js';
import { createProduct, productKind } from '../products.service.js';
import { ProductSearch } from './product-search.js';

// The search promises of docs/decisions/0026-catalogue-search-index.md, on both databases.
describe.each(testDialects)('indexed product search (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let cat: Record<'balls' | 'puzzles' | 'music', number>;
  const ids: Record<string, number> = {};
  let image: Buffer;

  beforeAll(async () => {
    const ctx = t.app.ctx;
    image = await pngBytes();
    cat = {
      balls: (await createCategory(ctx, { name: 'Pelotas', description: 'x' })).categoryId,
      puzzles: (await createCategory(ctx, { name: 'Rompecabezas', description: 'x' })).categoryId,
      music: (await createCategory(ctx, { name: 'Música', description: 'x' })).categoryId,
    };
    // Created oldest → newest.
    const items = [
      ['sensorial', 'Pelota sensorial', 'Con texturas suaves', 5, [cat.balls]],
      ['saltarina', 'Pelotas saltarinas', 'Tres colores', 0, [cat.balls]],
      ['granja', 'Rompecabezas de la granja', 'Animales de madera', 4, [cat.puzzles]],
      ['tambor', 'Tambor infantil', 'Viene con una pelota de regalo', 2, [cat.music]],
      ['xilofono', 'Xilófono de colores', 'Ocho notas', 7, [cat.music, cat.puzzles]],
    ] as const;
    for (const [key, name, description, stock, categoryIds] of items) {
      const product = await createProduct(
        ctx,
        { name, description, price: 100, discount: 0, stock, categoryIds: [...categoryIds] },
        image,
      );
      ids[key] = product.productId;
    }
  });

  const post = async (body: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Product/search', payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const keysOf = (products: Array<Product | ProductCard>) =>
    products.map((p) => Object.entries(ids).find(([, id]) => id === p.productId)?.[0] ?? p.name);
  const find = async (searchTerm: string, extra: object = {}) => keysOf(await post({ searchTerm, ...extra }));

  it('forgives a typo: pelta finds the pelotas, a name match before the description-only one', async () => {
    expect(await find('pelta')).toEqual(['saltarina', 'sensorial', 'tambor']);
  });

  it('takes singular for plural and the reverse', async () => {
    expect(await find('pelotas')).toEqual(['saltarina', 'sensorial', 'tambor']);
    expect(await find('tambores')).toEqual(['tambor']);
    expect(await find('animal')).toEqual(['granja']);
  });

  it('finds a word being typed by its beginning', async () => {
    // The xilófono is in the 'Rompecabezas' category: after the toy whose name says it.
    expect(await find('rompeca')).toEqual(['granja', 'xilofono']);
    expect(await find('xilo')).toEqual(['xilofono']);
  });

  it('finds words typed by ear: the same sounds spelled another way', async () => {
    // Beyond the typos forgiven anyway (one in a word of 4-7 letters, two from 8).
    expect(await find('rompekavesas')).toEqual(['granja', 'xilofono']);
    // A sound and a letter apart in a short word is another word.
    expect(await find('tanvor')).toEqual([]);
    // Still ranked: the name match before the description-only one.
    expect(await find('kolorez')).toEqual(['xilofono', 'saltarina']);
    // Silent letters alone find nothing.
    expect(await find('hhhhh')).toEqual([]);
  });

  it('reads two words as one when the words as typed find nothing', async () => {
    expect(await find('rompe cabezas')).toEqual(['granja', 'xilofono']);
    expect(await find('xilo fono colores')).toEqual(['xilofono']);
    // Joined only when the words as typed find nothing, and only where the join finds something.
    expect(await find('pelota madera')).toEqual([]);
    expect(await find('tambor infantil')).toEqual(['tambor']);
  });

  it('ignores case and accents, and needs every word', async () => {
    expect(await find('XILÓFONO')).toEqual(['xilofono']);
    expect(await find('pelota texturas')).toEqual(['sensorial']);
    expect(await find('pelota madera')).toEqual([]);
  });

  it("finds the toys of the categories whose name a term's word names, as a description would", async () => {
    // No toy's own text says 'música': the tambor and the xilófono are in that category (ties newest first).
    expect(await find('musica')).toEqual(['xilofono', 'tambor']);
    expect(await find('MUSCIA')).toEqual(['xilofono', 'tambor']);
    // Every word must still match somewhere: the name, the description or a category.
    expect(await find('tambor musica')).toEqual(['tambor']);
    // 'pelota' in the names of two toys of 'Pelotas' and in the tambor's description: names first.
    expect(await find('pelotas')).toEqual(['saltarina', 'sensorial', 'tambor']);
    const music = { name: 'Música', description: 'x' };
    await updateCategory(t.app.ctx, cat.music, { name: 'Instrumentos', description: 'x' });
    try {
      expect(await find('instrumento')).toEqual(['xilofono', 'tambor']);
      expect(await find('musica')).toEqual([]);
      const page = await post({ searchTerm: 'instrumentos', page: 1, pageSize: 30 });
      expect(page.total).toBe(2);
      expect(page.categoryCounts).toEqual([
        { categoryId: cat.puzzles, count: 1 },
        { categoryId: cat.music, count: 2 },
      ]);
    } finally {
      await updateCategory(t.app.ctx, cat.music, music);
    }
    expect(await find('musica')).toEqual(['xilofono', 'tambor']);
  });

  it("ranks a category's exact word between a name's exact word and a name a letter away", async () => {
    const ctx = t.app.ctx;
    const boardGames = (await createCategory(ctx, { name: 'Juegos de mesa', description: 'x' })).categoryId;
    const add = async (name: string, description: string, categoryIds: number[]) =>
      (await createProduct(ctx, { name, description, price: 100, discount: 0, stock: 1, categoryIds }, image))
        .productId;
    const domino = await add('Dominó de animales', 'Fichas grandes', [boardGames]);
    const dough = await add('Masas de colores', 'Para modelar', []);
    const table = await add('Mesa de arena', 'Para jugar afuera', []);
    try {
      // 'mesa': in the tabletop's name (3), the dominó's category (2), a letter from 'masas' in a name (0.6 × 3).
      expect(await find('mesa')).toEqual(['Mesa de arena', 'Dominó de animales', 'Masas de colores']);
    } finally {
      for (const id of [domino, dough, table]) await deleteItem(productKind, ctx, id);
      await deleteCategory(ctx, boardGames);
    }
  });

  it('ranks by relevance without a sort, and by the sort when one is chosen', async () => {
    expect(await find('colores')).toEqual(['xilofono', 'saltarina']);
    expect(await find('colores', { sortBy: 'name', sortAsc: true })).toEqual(['saltarina', 'xilofono']);
  });

  it('answers one page with the total and per-category counts when a page is asked for', async () => {
    const page = (await post({ searchTerm: 'pelota', page: 1, pageSize: 2 })) as ProductPage;
    expect({ ...page, items: keysOf(page.items) }).toEqual({
      items: ['saltarina', 'sensorial'],
      total: 3,
      page: 1,
      pageSize: 2,
      categoryCounts: [
        { categoryId: cat.balls, count: 2 },
        { categoryId: cat.music, count: 1 },
      ],
    });
    const second = (await post({ searchTerm: 'pelota', page: 2, pageSize: 2 })) as ProductPage;
    expect([keysOf(second.items), second.total]).toEqual([['tambor'], 3]);
    // Counts leave the category filter out (the checkboxes show what each would add) but keep the stock filter.
    const filtered = (await post({ categories: [cat.music], inStock: true, page: 1 })) as ProductPage;
    expect({ items: keysOf(filtered.items), total: filtered.total, pageSize: filtered.pageSize }).toEqual({
      items: ['xilofono', 'tambor'],
      total: 2,
      pageSize: 30,
    });
    expect(filtered.categoryCounts).toEqual([
      { categoryId: cat.balls, count: 1 },
      { categoryId: cat.puzzles, count: 2 },
      { categoryId: cat.music, count: 2 },
    ]);
    const beyond = (await post({ page: 9, pageSize: 30 })) as ProductPage;
    expect([beyond.items, beyond.total]).toEqual([[], 5]);
  });

  it('refuses a page or page size out of range with a Spanish message', async () => {
    for (const [body, message] of [
      [{ page: 0 }, 'La página debe ser un número entero entre 1 y 10000.'],
      [{ page: 1.5 }, 'La página debe ser un número entero entre 1 y 10000.'],
      [{ page: '2' }, 'La página debe ser un número entero entre 1 y 10000.'],
      [{ pageSize: 61 }, 'El tamaño de página debe ser un número entero entre 1 y 60.'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/Product/search', payload: body });
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { message } });
    }
  });

  it('keeps the spec answer, the whole list, without paging', async () => {
    const all = (await post({})) as Product[];
    expect(keysOf(all)).toEqual(['xilofono', 'tambor', 'granja', 'saltarina', 'sensorial']);
  });

  it('sees every write at once, in this process and in another one on the same database', async () => {
    const otherProcess = new ProductSearch(t.db);
    const query = (term: string) => ({ term, categoryIds: [], inStock: false, sortBy: null, ascending: true });
    expect((await otherProcess.fresh()).query(query('trompo')).ids).toEqual([]);

    const trompo = await createProduct(
      t.app.ctx,
      { name: 'Trompo de madera', description: 'Gira', price: 40, discount: 0, stock: 3, categoryIds: [cat.music] },
      image,
    );
    expect(await find('trompo')).toEqual(['Trompo de madera']);
    expect((await otherProcess.fresh()).query(query('trompo')).ids).toEqual([trompo.productId]);

    const renameToYoyo = (categoryIds: number[]) =>
      updateItem(
        productKind,
        t.app.ctx,
        trompo.productId,
        {
          name: 'Yoyo de madera',
          description: 'Gira',
          price: 40,
          discount: 0,
          stock: 3,
          categoryIds,
        },
        { main: null },
      );
    await renameToYoyo([cat.music]);
    expect(await find('trompo')).toEqual([]);
    expect((await otherProcess.fresh()).query(query('yoyo')).ids).toEqual([trompo.productId]);

    // A category deleted in the database unlinks its products (a cascade the index hears of through the log).
    const extra = await createCategory(t.app.ctx, { name: 'Temporada', description: 'x' });
    await renameToYoyo([extra.categoryId]);
    expect((await otherProcess.fresh()).query({ ...query(''), categoryIds: [extra.categoryId] }).ids).toEqual([
      trompo.productId,
    ]);
    await deleteCategory(t.app.ctx, extra.categoryId);
    expect((await otherProcess.fresh()).query({ ...query(''), categoryIds: [extra.categoryId] }).ids).toEqual([]);

    await deleteItem(productKind, t.app.ctx, trompo.productId);
    expect(await find('yoyo')).toEqual([]);
    expect((await otherProcess.fresh()).query(query('yoyo')).ids).toEqual([]);
  });

  it('never leaves a waiting call behind when a refresh starts between two others (a cold start under load)', async () => {
    const search = new ProductSearch(t.db);
    await search.fresh();
    const first = search.fresh();
    // Registered on the running refresh before the queued call below: when that refresh ends, this runs first and
    // starts the next one (as a request's best sellers, computed after its first wait, ask again).
    const startedMeanwhile = first.then(() => search.fresh());
    const waiting = search.fresh();
    const within = (ms: number) =>
      new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms).unref());
    const settled = Promise.all([first, startedMeanwhile, waiting]).then(() => 'answered' as const);
    expect(await Promise.race([settled, within(5_000)])).toBe('answered');
    // And the calls after it are answered too.
    expect(
      await Promise.race([Promise.all([search.fresh(), search.fresh()]).then(() => 'answered'), within(5_000)]),
    ).toBe('answered');
  });

  it('hears of stock sold by an order: in-stock searches drop a product that sold out', async () => {
    const buyer = await t.createCustomer();
    const before = (await post({ searchTerm: 'granja', inStock: true })) as Product[];
    expect(keysOf(before)).toEqual(['granja']);
    const res = await orderThroughShop(t.app, buyer, [{ productId: ids.granja!, quantity: 4 }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(await post({ searchTerm: 'granja', inStock: true })).toEqual([]);
    // A page's cards come from the index, and show the stock the order left.
    const page = (await post({ searchTerm: 'granja', page: 1 })) as ProductPage;
    expect(page.items).toEqual([
      {
        productId: ids.granja,
        name: 'Rompecabezas de la granja',
        description: 'Animales de madera',
        price: 100,
        discount: 0,
        stock: 0,
        imageUrl: expect.stringMatching(/^\/uploads\/.+\.webp$/),
        thumbnailUrl: expect.stringMatching(/^\/uploads\/.+-thumb\.webp$/),
      },
    ]);
  });

  it('sees thousands of products written at once (more changes than one read of the log takes)', async () => {
    const before = ((await post({ page: 1 })) as ProductPage).total;
    await t.db.transaction().execute(async (tx) => {
      for (let start = 0; start < 5200; start += 400) {
        const rows = Array.from({ length: 400 }, (_, i) => ({
          name: `Ficha de conteo ${start + i}`,
          description: 'Para contar',
          price_cents: 1000,
          discount_bp: 0,
          stock: 1,
          image_key: null,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        }));
        await tx.insertInto('products').values(rows).execute();
      }
    });
    const after = (await post({ searchTerm: 'ficha conteo', page: 1 })) as ProductPage;
    expect([after.total, ((await post({ page: 1 })) as ProductPage).total]).toEqual([5200, before + 5200]);
  });
});
