import { beforeAll, describe, expect, it } from 'vitest';
import { comboStock, insertCombo, insertProduct, productStock } from '../../test/catalog-fixtures.js';
import { testDialects, type TestUser, useTestApp } from '../../test/test-app.js';
import { multipart } from './catalog.test-helpers.js';
import { nowIso } from '../../db/timestamps.js';
import { delivery } from '../../test/order-fixtures.js';

// An admin's stale form must not undo sales (docs/decisions/0021-stock-edits-as-changes.md): with `stockLoaded`
// the form's stock is applied as a change; without it (the spec's own form) the value is set as sent.

describe.each(testDialects)('stock edits as changes (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let admin: TestUser;
  let buyer: TestUser;
  let categoryId: number;
  let comboProductId: number;

  beforeAll(async () => {
    admin = await t.createAdmin();
    buyer = await t.createCustomer();
    ({ id: categoryId } = await t.db
      .insertInto('categories')
      .values({ name: 'Sensoriales', description: 'Texturas y calma', created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow());
    comboProductId = await insertProduct(t.db, { stock: 9 });
  });

  const kinds = [
    {
      kind: 'product',
      method: 'PUT',
      create: () => insertProduct(t.db, { name: 'Pelota sensorial', priceCents: 15000, stock: 5 }),
      stock: (id: number) => productStock(t.db, id),
      url: (id: number) => `/api/Product/${id}`,
      form: (stock: number, stockLoaded?: number) => ({
        name: 'Pelota sensorial',
        description: 'Nueva descripción',
        price: '180',
        stock: String(stock),
        categoryIds: [categoryId],
        stockLoaded: stockLoaded === undefined ? undefined : String(stockLoaded),
      }),
      line: (id: number) => ({ OrderProducts: [{ productId: id, quantity: 3 }], OrderCombos: [] }),
    },
    {
      kind: 'combo',
      method: 'PATCH',
      create: () =>
        insertCombo(t.db, {
          name: 'Combo calma',
          priceCents: 45000,
          stock: 5,
          productIds: [comboProductId],
        }),
      stock: (id: number) => comboStock(t.db, id),
      url: (id: number) => `/api/Combo/${id}`,
      form: (stock: number, stockLoaded?: number) => ({
        Name: 'Combo calma',
        Description: 'Nueva descripción',
        Price: '480',
        Stock: String(stock),
        ProductIds: [comboProductId],
        stockLoaded: stockLoaded === undefined ? undefined : String(stockLoaded),
      }),
      line: (id: number) => ({ OrderProducts: [], OrderCombos: [{ comboId: id, quantity: 3 }] }),
    },
  ] as const;

  /** A family buys 3 of the item. */
  async function sellThree(k: (typeof kinds)[number], id: number) {
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/Order/',
      headers: buyer.auth,
      payload: { ...delivery, ...k.line(id) },
    });
    expect(order.statusCode, order.body).toBe(201);
  }

  it.each(kinds)('a $kind form opened before a sale keeps the sale and applies only its own change', async (k) => {
    const id = await k.create();
    const form = k.form;
    // The form was opened showing 5; meanwhile a family buys 3.
    await sellThree(k, id);
    expect(await k.stock(id)).toBe(2);
    const put = (payload: Record<string, string | number | (string | number)[] | undefined>) =>
      t.app.inject({ method: k.method, url: k.url(id), headers: admin.auth, payload: multipart(payload) });

    // Saved with a new price and the stock untouched: the sale stays (2, not 5).
    const saved = await put(form(5, 5));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ stock: 2 });
    // Raised from 5 to 10 on a stale form: +5 on what is there.
    expect((await put(form(10, 5))).json()).toMatchObject({ stock: 7 });
    // Down by 8 from a form that showed 10: only 7 are left, so it is refused and nothing changes.
    const refused = await put(form(2, 10));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message:
        'Mientras editabas se vendieron unidades: quedan 7 y con tu cambio el inventario quedaría en negativo. ' +
        'Revisa el inventario y vuelve a guardar.',
    });
    expect(await k.stock(id)).toBe(7);
    // The spec's own form (no stockLoaded) sets the value as sent.
    expect((await put(form(4))).json()).toMatchObject({ stock: 4 });
    const bad = await put({ ...form(4), stockLoaded: 'muchos' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'El inventario de referencia del formulario no es válido. Recarga la página.',
    });
  });

  it.each(kinds)('a $kind form saved again after its answer was lost adds its change once', async (k) => {
    const id = await k.create();
    const put = (payload: Record<string, string | number | (string | number)[] | undefined>) =>
      t.app.inject({ method: k.method, url: k.url(id), headers: admin.auth, payload: multipart(payload) });
    const session = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    // Opened showing 5, raised to 10; the answer is lost and the owner saves again: 10, not 15.
    expect((await put({ ...k.form(10, 5), stockEditSession: session })).json()).toMatchObject({ stock: 10 });
    expect((await put({ ...k.form(10, 5), stockEditSession: session })).json()).toMatchObject({ stock: 10 });
    // A sale meanwhile, then the same form saved with 12: the session adds the 2 more units, the sale stays.
    await sellThree(k, id);
    expect((await put({ ...k.form(12, 5), stockEditSession: session })).json()).toMatchObject({ stock: 9 });
    // Two saves of one session at once (a double tap) add the change once between them.
    const other = 'ffeeddccbbaa99887766554433221100';
    const both = await Promise.all([
      put({ ...k.form(9 + 4, 9), stockEditSession: other }),
      put({ ...k.form(9 + 4, 9), stockEditSession: other }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await k.stock(id)).toBe(13);
    // Another form (another session) applies its own change.
    expect((await put({ ...k.form(14, 13), stockEditSession: 'abcdefabcdefabcdef' })).json()).toMatchObject({
      stock: 14,
    });
    const bad = await put({ ...k.form(14, 14), stockEditSession: 'no es una clave' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'La sesión de edición del formulario no es válida. Recarga la página.' });
  });
});
