import { describe, expect, it } from 'vitest';
import { isoAgo } from '../../db/timestamps.js';
import { insertCombo, insertProduct } from '../../test/catalog-fixtures.js';
import { testDialects, type TestUser, useTestApp } from '../../test/test-app.js';
import { pruneAddKeys } from './cart.repository.js';

// POST /api/Cart/AddProduct and AddCombo with an Idempotency-Key (docs/decisions/0015-…, amendment of 2026-11-27):
// a tap whose answer was lost on the way, tapped again, adds its units once.

let keySequence = 0;
const freshKey = () => `toque-${process.pid}-${(keySequence += 1)}-${Date.now()}`;

describe.each(testDialects)('cart add idempotency (%s)', (dialect) => {
  const t = useTestApp(dialect);

  const add = (user: TestUser, productId: number, quantity: number, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Cart/AddProduct',
      headers: { ...user.auth, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: { UserId: user.id, ProductId: productId, Quantity: quantity },
    });
  const quantityInCart = async (userId: number, productId: number) =>
    (
      await t.db
        .selectFrom('cart_items')
        .select('quantity')
        .where('user_id', '=', userId)
        .where('product_id', '=', productId)
        .executeTakeFirst()
    )?.quantity;
  const keysOf = async (userId: number) =>
    (await t.db.selectFrom('cart_add_keys').select('key').where('user_id', '=', userId).execute()).map((r) => r.key);

  it('a retry with the same key answers the line and adds nothing more', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 10 });
    const key = freshKey();
    const first = await add(buyer, productId, 2, key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(first.json()).toMatchObject({ productId, quantity: 2 });
    const retry = await add(buyer, productId, 2, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await quantityInCart(buyer.id, productId)).toBe(2);
  });

  it('the next tap with a new key adds again, as a second tap should', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 10 });
    expect((await add(buyer, productId, 1, freshKey())).statusCode).toBe(200);
    const second = await add(buyer, productId, 1, freshKey());
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ quantity: 2 });
    expect(await quantityInCart(buyer.id, productId)).toBe(2);
  });

  it('simultaneous duplicates with one key add once and all answer the line', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 20 });
    const key = freshKey();
    const replies = await Promise.all(Array.from({ length: 8 }, () => add(buyer, productId, 3, key)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(replies.map((r) => (r.json() as { quantity: number }).quantity)).toEqual(Array(8).fill(3));
    expect(replies.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(7);
    expect(await quantityInCart(buyer.id, productId)).toBe(3);
  });

  it('without a key every add counts, as spec clients expect', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 10 });
    expect((await add(buyer, productId, 1)).statusCode).toBe(200);
    expect((await add(buyer, productId, 1)).statusCode).toBe(200);
    expect(await quantityInCart(buyer.id, productId)).toBe(2);
    expect(await keysOf(buyer.id)).toEqual([]);
  });

  it('the same key for another quantity or item is refused with a Spanish 409', async () => {
    const buyer = await t.createCustomer();
    const [pelota, tren] = [await insertProduct(t.db, { stock: 10 }), await insertProduct(t.db, { stock: 10 })];
    const key = freshKey();
    expect((await add(buyer, pelota, 1, key)).statusCode).toBe(200);
    for (const reused of [await add(buyer, pelota, 2, key), await add(buyer, tren, 1, key)]) {
      expect({ status: reused.statusCode, body: reused.json() }).toEqual({
        status: 409,
        body: {
          message:
            'Esta clave Idempotency-Key ya se usó para agregar otro artículo u otra cantidad. Usa una clave nueva.',
        },
      });
    }
    expect(await quantityInCart(buyer.id, pelota)).toBe(1);
    expect(await quantityInCart(buyer.id, tren)).toBeUndefined();
  });

  it('keys belong to one account: another customer with the same key adds to their own cart', async () => {
    const [ana, luis] = [await t.createCustomer(), await t.createCustomer()];
    const productId = await insertProduct(t.db, { stock: 10 });
    const key = freshKey();
    expect((await add(ana, productId, 1, key)).statusCode).toBe(200);
    const theirs = await add(luis, productId, 1, key);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect([await quantityInCart(ana.id, productId), await quantityInCart(luis.id, productId)]).toEqual([1, 1]);
  });

  it('a refused add keeps no key: its retry, once possible, adds', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { name: 'Tren de madera', stock: 1 });
    const key = freshKey();
    const refused = await add(buyer, productId, 2, key);
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 409,
      body: { message: 'Solo queda 1 unidad de «Tren de madera».' },
    });
    expect(await keysOf(buyer.id)).toEqual([]);
    await t.db.updateTable('products').set({ stock: 5 }).where('id', '=', productId).execute();
    const retry = await add(buyer, productId, 2, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await quantityInCart(buyer.id, productId)).toBe(2);
  });

  it('a line that left the cart since its keyed add is added again by the retry', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 10 });
    const key = freshKey();
    expect((await add(buyer, productId, 1, key)).statusCode).toBe(200);
    await t.app.inject({
      method: 'DELETE',
      url: '/api/Cart/RemoveProduct',
      headers: buyer.auth,
      payload: { UserId: buyer.id, ProductId: productId },
    });
    const retry = await add(buyer, productId, 1, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await quantityInCart(buyer.id, productId)).toBe(1);
  });

  it('a combo add with a key is made once too', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 10 });
    const comboId = await insertCombo(t.db, { stock: 5, productIds: [productId] });
    const key = freshKey();
    const addCombo = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/Cart/AddCombo',
        headers: { ...buyer.auth, 'idempotency-key': key },
        payload: { UserId: buyer.id, ComboId: comboId, Quantity: 2 },
      });
    expect((await addCombo()).json()).toMatchObject({ comboId, type: 'combo', quantity: 2 });
    const retry = await addCombo();
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toMatchObject({ comboId, quantity: 2 });
  });

  it.each([
    ['with a space', 'mi clave'],
    ['over 200 characters', 'k'.repeat(201)],
    ['empty', ''],
  ])('a key %s is a Spanish 400 and adds nothing', async (_label, key) => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 10 });
    const res = await add(buyer, productId, 1, key);
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: { message: 'La cabecera Idempotency-Key debe tener entre 1 y 200 caracteres visibles, sin espacios.' },
    });
    expect(await quantityInCart(buyer.id, productId)).toBeUndefined();
  });

  it('pruneAddKeys, which the hourly housekeeping runs with a cut-off of a day, drops older keys only', async () => {
    const buyer = await t.createCustomer();
    await t.db
      .insertInto('cart_add_keys')
      .values([
        { user_id: buyer.id, key: 'viejo', request_hash: 'h', created_at: isoAgo(25 * 60 * 60_000) },
        { user_id: buyer.id, key: 'reciente', request_hash: 'h', created_at: isoAgo(60_000) },
      ])
      .execute();
    await pruneAddKeys(t.db, isoAgo(24 * 60 * 60_000));
    expect(await keysOf(buyer.id)).toEqual(['reciente']);
  });
});
