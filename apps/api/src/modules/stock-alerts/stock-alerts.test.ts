import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG } from '@tienda/shared/catalog';
import { STOCK_ALERT_MESSAGES, STOCK_ALERTS_MAX } from '@tienda/shared/stock-alerts';
import type { OrderJson } from '@tienda/shared/orders';
import { insertProduct, productStock } from '../../test/catalog-fixtures.js';
import { delivery } from '../../test/order-fixtures.js';
import { createTestApp, testDialects, type TestApp, type TestUser } from '../../test/test-app.js';
import { mailBackInStock } from './stock-alerts.service.js';

// A family waits for a sold-out toy and is e-mailed when it is back (docs/decisions/0040-back-in-stock-alerts.md).

describe.each(testDialects)('back-in-stock alerts (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.createAdmin();
  });
  afterAll(() => t.close());

  const alert = (method: 'GET' | 'PUT' | 'DELETE', productId: number, user: TestUser | null) =>
    t.app.inject({ method, url: `/api/Product/${productId}/stock-alert`, headers: user ? user.auth : {} });
  const waitingFor = async (productId: number) =>
    (await t.db.selectFrom('stock_alerts').select('user_id').where('product_id', '=', productId).execute()).map(
      (row) => row.user_id,
    );

  it('keeps one alert per family for a sold-out toy, and forgets it when asked', async () => {
    const family = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 0 });
    expect((await alert('GET', productId, family)).json()).toEqual({ waiting: false });
    const first = await alert('PUT', productId, family);
    const again = await alert('PUT', productId, family);
    expect([first.statusCode, first.json(), again.statusCode, again.json()]).toEqual([
      200,
      { waiting: true },
      200,
      { waiting: true },
    ]);
    expect(await waitingFor(productId)).toEqual([family.id]);
    expect((await alert('GET', productId, family)).json()).toEqual({ waiting: true });
    // Another family's alert is its own.
    expect((await alert('GET', productId, await t.createCustomer())).json()).toEqual({ waiting: false });

    const stopped = await alert('DELETE', productId, family);
    expect([stopped.statusCode, stopped.json()]).toEqual([200, { waiting: false }]);
    expect(await waitingFor(productId)).toEqual([]);
  });

  it("lists the toys a family waits for, the latest asked first, and nobody else's", async () => {
    const family = await t.createCustomer();
    const other = await t.createCustomer();
    const first = await insertProduct(t.db, { name: 'Xilófono arcoíris', stock: 0 });
    const second = await insertProduct(t.db, { name: 'Tablero sensorial', stock: 0 });
    await alert('PUT', first, family);
    await alert('PUT', second, family);
    await alert('PUT', first, other);
    // Back on the shelf, not yet e-mailed: the list shows its stock.
    await t.db.updateTable('products').set({ stock: 2 }).where('id', '=', first).execute();
    const list = await t.app.inject({ method: 'GET', url: '/api/Product/stock-alerts', headers: family.auth });
    expect([list.statusCode, list.json()]).toEqual([
      200,
      [
        { productId: second, name: 'Tablero sensorial', stock: 0 },
        { productId: first, name: 'Xilófono arcoíris', stock: 2 },
      ],
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/Product/stock-alerts' })).statusCode).toBe(401);
    // Once e-mailed (both families), it leaves the list.
    expect(await mailBackInStock(t.app.ctx)).toBe(2);
    const after = await t.app.inject({ method: 'GET', url: '/api/Product/stock-alerts', headers: family.auth });
    expect(after.json()).toEqual([{ productId: second, name: 'Tablero sensorial', stock: 0 }]);
  });

  it('refuses a toy in stock, a missing one and a visitor without a session, each saying why', async () => {
    const family = await t.createCustomer();
    const inStock = await insertProduct(t.db, { stock: 2 });
    const refused = await alert('PUT', inStock, family);
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: STOCK_ALERT_MESSAGES.inStock }]);
    const missing = await alert('PUT', 999_999, family);
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: CATALOG.productNotFound }]);
    expect((await alert('PUT', inStock, null)).statusCode).toBe(401);
    expect(await waitingFor(inStock)).toEqual([]);
  });

  it(`waits for at most ${STOCK_ALERTS_MAX} toys per family`, async () => {
    const family = await t.createCustomer();
    const ids: number[] = [];
    for (let i = 0; i <= STOCK_ALERTS_MAX; i++) ids.push(await insertProduct(t.db, { stock: 0 }));
    for (const id of ids.slice(0, STOCK_ALERTS_MAX)) expect((await alert('PUT', id, family)).statusCode).toBe(200);
    const over = await alert('PUT', ids[STOCK_ALERTS_MAX]!, family);
    expect([over.statusCode, over.json()]).toEqual([409, { message: STOCK_ALERT_MESSAGES.tooMany }]);
    // Asking again for one already awaited is not one more.
    expect((await alert('PUT', ids[0]!, family)).statusCode).toBe(200);
  });

  it('e-mails each waiting family once when the toy is back, however it came back', async () => {
    const buyer = await t.createCustomer();
    const waiting = await t.createCustomer({ name: 'Lucía Fernández' });
    const productId = await insertProduct(t.db, { name: 'Túnel de gateo plegable', stock: 1 });
    // The last unit is ordered: sold out.
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/Order/',
      headers: buyer.auth,
      payload: { ...delivery, OrderProducts: [{ productId, quantity: 1 }] },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await productStock(t.db, productId)).toBe(0);
    expect((await alert('PUT', productId, waiting)).statusCode).toBe(200);
    expect(await mailBackInStock(t.app.ctx)).toBe(0);

    // The order is cancelled and its unit goes back on the shelf.
    const order = placed.json() as OrderJson;
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/Order/${order.orderId}/cancel`, headers: buyer.auth }))
        .statusCode,
    ).toBe(200);
    expect(await mailBackInStock(t.app.ctx)).toBe(1);
    expect(await mailBackInStock(t.app.ctx)).toBe(0);
    expect(await waitingFor(productId)).toEqual([]);
    const mail = await t.mail.waitFor(waiting.email, (m) => m.subject === 'Volvió «Túnel de gateo plegable»');
    expect(mail.text).toContain('Hola, Lucía:');
    expect(mail.text).toContain('«Túnel de gateo plegable» está disponible otra vez en la tienda.');
    // The test shop has no PUBLIC_URL: the e-mail names the way to the toy.
    expect(mail.text).toContain('Búscalo en la tienda: «Túnel de gateo plegable».');
    expect((await alert('GET', productId, waiting)).json()).toEqual({ waiting: false });
  });

  // Every API process runs the job: two runs at once (two connections on PostgreSQL) mail each family once.
  it('two runs of the job at once queue each e-mail once', async () => {
    const productId = await insertProduct(t.db, { name: 'Kit de cuentas para pulseras', stock: 0 });
    for (let i = 0; i < 3; i++) await alert('PUT', productId, await t.createCustomer());
    await t.db.updateTable('products').set({ stock: 1 }).where('id', '=', productId).execute();
    const runs = await Promise.all([mailBackInStock(t.app.ctx), mailBackInStock(t.app.ctx)]);
    expect(runs[0] + runs[1]).toBe(3);
    const queued = await t.db
      .selectFrom('outbox')
      .select('recipient')
      .where('subject', '=', 'Volvió «Kit de cuentas para pulseras»')
      .execute();
    expect(queued).toHaveLength(3);
    expect(new Set(queued.map((row) => row.recipient)).size).toBe(3);
  });

  it('forgets the alerts of a deleted toy and of a deleted account', async () => {
    const family = await t.createCustomer();
    const gone = await insertProduct(t.db, { stock: 0 });
    const kept = await insertProduct(t.db, { stock: 0 });
    await alert('PUT', gone, family);
    await alert('PUT', kept, family);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/Product/${gone}`, headers: admin.auth });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await waitingFor(gone)).toEqual([]);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/User/${family.id}`, headers: admin.auth });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await waitingFor(kept)).toEqual([]);
  });
});
