import { describe, expect, it } from 'vitest';
import type { OrderJson } from '@tienda/shared/orders';
import { insertProduct, productStock } from '../../test/catalog-fixtures.js';
import { testDialects, type TestUser, useTestApp } from '../../test/test-app.js';
import { delivery } from '../../test/order-fixtures.js';

// POST /api/Order/ with Idempotency-Key (docs/decisions/0015-nothing-lost-nothing-hoarded.md).

let keySequence = 0;
const freshKey = () => `intento-${process.pid}-${(keySequence += 1)}-${Date.now()}`;

describe.each(testDialects)('order idempotency (%s)', (dialect) => {
  const t = useTestApp(dialect);

  const post = (user: TestUser, payload: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Order/',
      headers: { ...user.auth, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload,
    });
  const ordersOf = async (userId: number) =>
    (await t.db.selectFrom('orders').select('id').where('user_id', '=', userId).execute()).map((r) => r.id);
  const order = (productId: number, quantity = 1) => ({ ...delivery, OrderProducts: [{ productId, quantity }] });

  it('a retry with the same key answers the same order and places no second one', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 10 });
    const key = freshKey();
    const first = await post(buyer, order(productId, 2), key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await post(buyer, order(productId, 2), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await ordersOf(buyer.id)).toEqual([(first.json() as OrderJson).orderId]);
    expect(await productStock(t.db, productId)).toBe(8);
    // One confirmation and one shop notice: the retry queued no mail.
    const mails = await t.db.selectFrom('outbox').select('recipient').where('recipient', '=', buyer.email).execute();
    expect(mails).toHaveLength(1);
  });

  it('simultaneous duplicates with one key place exactly one order and all answer it', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 20 });
    const key = freshKey();
    const replies = await Promise.all(Array.from({ length: 8 }, () => post(buyer, order(productId, 3), key)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const ids = new Set(replies.map((r) => (r.json() as OrderJson).orderId));
    expect(ids.size).toBe(1);
    expect(await ordersOf(buyer.id)).toEqual([...ids]);
    expect(replies.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(7);
    expect(await productStock(t.db, productId)).toBe(17);
  });

  it('without a key every request is an order of its own, as spec clients expect', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 10 });
    expect((await post(buyer, order(productId))).statusCode).toBe(201);
    expect((await post(buyer, order(productId))).statusCode).toBe(201);
    expect(await ordersOf(buyer.id)).toHaveLength(2);
    expect(await productStock(t.db, productId)).toBe(8);
  });

  it('the same key with another order is refused with a Spanish 409', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 10 });
    const key = freshKey();
    expect((await post(buyer, order(productId, 1), key)).statusCode).toBe(201);
    const other = await post(buyer, order(productId, 2), key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      message: 'Esta clave Idempotency-Key ya se usó para otra orden distinta. Usa una clave nueva.',
    });
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it('keys belong to one account: another customer with the same key places their own order', async () => {
    const [ana, luis] = [await t.createCustomer(), await t.createCustomer()];
    const productId = await insertProduct(t.db, { stock: 10 });
    const key = freshKey();
    const a = await post(ana, order(productId), key);
    const b = await post(luis, order(productId), key);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect((a.json() as OrderJson).orderId).not.toBe((b.json() as OrderJson).orderId);
    expect((b.json() as OrderJson).userId).toBe(luis.id);
  });

  it('a refused attempt keeps no key: its retry, once possible, places the order', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { name: 'Tren de madera', stock: 1 });
    const key = freshKey();
    const refused = await post(buyer, order(productId, 2), key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'No hay suficiente stock de «Tren de madera». Queda 1.' });
    await t.db.updateTable('products').set({ stock: 5 }).where('id', '=', productId).execute();
    const retry = await post(buyer, order(productId, 2), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await productStock(t.db, productId)).toBe(3);
  });

  it.each([
    ['with a space', 'mi clave'],
    ['over 200 characters', 'k'.repeat(201)],
    ['empty', ''],
  ])('a key %s is a Spanish 400', async (_label, key) => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 10 });
    const res = await post(buyer, order(productId), key);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'La cabecera Idempotency-Key debe tener entre 1 y 200 caracteres visibles, sin espacios.',
    });
    expect(await ordersOf(buyer.id)).toHaveLength(0);
  });
});
