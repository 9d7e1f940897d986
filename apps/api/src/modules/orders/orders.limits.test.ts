import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderJson } from '@tienda/shared/orders';
import { formatLempiras } from '@tienda/shared/pricing';
import { buildApp } from '../../app.js';
import { HOUR_MS, isoAgo } from '../../db/timestamps.js';
import { insertCombo, insertProduct, productStock } from '../../test/catalog-fixtures.js';
import { createTestApp, testDialects, type TestApp, type TestUser } from '../../test/test-app.js';
import { expirePendingOrders } from './orders.service.js';
import { delivery } from '../../test/order-fixtures.js';

// Caps on unpaid pending orders, the per-account order rate and the expiry job
// (docs/decisions/0015-nothing-lost-nothing-hoarded.md).

describe.each(testDialects)('pending order caps and expiry (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      orderLimits: { pendingOrderHours: 48, maxPendingOrders: 2, maxPendingUnitsPerItem: 5, ordersPerHour: 6 },
    });
    admin = await t.createAdmin();
  });
  afterAll(() => t.close());

  const post = (user: TestUser, lines: object) =>
    t.app.inject({ method: 'POST', url: '/api/Order/', headers: user.auth, payload: { ...delivery, ...lines } });
  // Only orders paid before delivery expire unpaid.
  const postTransfer = (user: TestUser, lines: object) => post(user, { ...lines, paymentMethod: 'transferencia' });
  const products = (productId: number, quantity: number) => ({ OrderProducts: [{ productId, quantity }] });
  const statusOf = async (orderId: number) =>
    (await t.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
  const ageOrder = (orderId: number, hours: number) =>
    t.db
      .updateTable('orders')
      .set({ updated_at: isoAgo(hours * HOUR_MS) })
      .where('id', '=', orderId)
      .execute();

  it('refuses a third pending order until one is paid', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 50 });
    const first = await post(buyer, products(productId, 1));
    expect((await post(buyer, products(productId, 1))).statusCode).toBe(201);
    const third = await post(buyer, products(productId, 1));
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({
      message:
        'Ya tienes 2 órdenes pendientes de pago. Podrás hacer otra cuando alguna se pague o venza, o si cancelas en ' +
        '«Mis compras» una que ya no quieras.',
    });
    const orderId = (first.json() as OrderJson).orderId;
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/Order/${orderId}/pay`, headers: admin.auth })).statusCode,
    ).toBe(200);
    expect((await post(buyer, products(productId, 1))).statusCode).toBe(201);
    expect(await productStock(t.db, productId)).toBe(47);
  });

  it('caps the units of one item across pending orders, products and combos', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { name: 'Pelota sensorial', stock: 50 });
    const comboId = await insertCombo(t.db, { name: 'Kit de calma', stock: 50 });
    const alone = await post(buyer, products(productId, 6));
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toEqual({
      message: 'El máximo por cliente es 5 unidades de «Pelota sensorial» en órdenes pendientes.',
    });
    expect((await post(buyer, { ...products(productId, 3), OrderCombos: [{ comboId, quantity: 4 }] })).statusCode).toBe(
      201,
    );
    const more = await post(buyer, products(productId, 3));
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({
      message: 'Ya tienes 3 unidades de «Pelota sensorial» en órdenes pendientes de pago; el máximo por cliente es 5.',
    });
    const combo = await post(buyer, { OrderCombos: [{ comboId, quantity: 2 }] });
    expect(combo.json()).toEqual({
      message: 'Ya tienes 4 unidades de «Kit de calma» en órdenes pendientes de pago; el máximo por cliente es 5.',
    });
    expect((await post(buyer, products(productId, 2))).statusCode).toBe(201);
    expect(await productStock(t.db, productId)).toBe(45);
  });

  it('an old order set back to pending holds its units again, whatever was sold after it', async () => {
    // The held units are read from the buyer's oldest pending order on (orders.repository.ts pendingUnitsOf).
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { name: 'Tren de madera', stock: 50 });
    const old = (await post(buyer, products(productId, 4))).json() as OrderJson;
    const pay = (action: string) =>
      t.app.inject({ method: 'PUT', url: `/api/Order/${old.orderId}/${action}`, headers: admin.auth });
    expect((await pay('pay')).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      expect((await post(await t.createCustomer(), products(productId, 1))).statusCode).toBe(201);
    }
    expect((await pay('pending')).statusCode).toBe(200);
    const more = await post(buyer, products(productId, 2));
    expect(more.json()).toEqual({
      message: 'Ya tienes 4 unidades de «Tren de madera» en órdenes pendientes de pago; el máximo por cliente es 5.',
    });
    expect((await post(buyer, products(productId, 1))).statusCode).toBe(201);
    expect(await productStock(t.db, productId)).toBe(42);
  });

  it('simultaneous orders of one account cannot slip past the pending cap', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 50 });
    const replies = await Promise.all(Array.from({ length: 5 }, () => post(buyer, products(productId, 1))));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    expect(await productStock(t.db, productId)).toBe(48);
  });

  it('limits order attempts per account and hour with a Spanish 429', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 50 });
    const codes = [];
    for (let i = 0; i < 7; i += 1) codes.push((await post(buyer, products(productId, 1))).statusCode);
    expect(codes).toEqual([201, 201, 409, 409, 409, 409, 429]);
    const last = await post(buyer, products(productId, 1));
    // The hour's first attempt frees its slot in just under 60 minutes: the answer says so, in whole minutes.
    expect([last.headers['retry-after'], last.json()]).toEqual([
      expect.stringMatching(/^(3[5-9]\d\d|3600)$/),
      { message: 'Has hecho demasiadas órdenes en poco tiempo. Podrás hacer otra en 60 minutos.' },
    ]);
  });

  it('simultaneous retries with one Idempotency-Key take one order slot, not one each', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 50 });
    // On PostgreSQL half of them through a second app on the same database, as a second process would get them.
    const other = dialect === 'postgres' ? await buildApp(t.config, { logger: false }) : t.app;
    try {
      const retries = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 === 0 ? t.app : other).inject({
            method: 'POST',
            url: '/api/Order/',
            headers: { ...buyer.auth, 'idempotency-key': `reintento-${buyer.id}` },
            payload: { ...delivery, ...products(productId, 1) },
          }),
        ),
      );
      expect(retries.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
      expect(new Set(retries.map((r) => (r.json() as OrderJson).orderId)).size).toBe(1);
    } finally {
      if (other !== t.app) await other.close();
    }
    // One attempt of six spent: five more are counted (a second pending order, then the cap's 409s), then the 429.
    const codes = [];
    for (let i = 0; i < 6; i += 1) codes.push((await post(buyer, products(productId, 1))).statusCode);
    expect(codes).toEqual([201, 409, 409, 409, 409, 429]);
  });

  it('expires an unpaid order past its time exactly once, restocks it and e-mails the customer', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 10 });
    const old = (await postTransfer(buyer, products(productId, 2))).json() as OrderJson;
    const recent = (await postTransfer(buyer, products(productId, 1))).json() as OrderJson;
    expect(await productStock(t.db, productId)).toBe(7);
    // Several runs at once; on PostgreSQL in two apps on one database, as two processes would. (SQLite is one
    // process per file, decision 0009: two handles in one process would only wait on each other.) The second app
    // is ready, its start-up run having found nothing due, before the orders age.
    const other = dialect === 'postgres' ? await buildApp(t.config, { logger: false }) : t.app;
    try {
      await other.ready();
      await ageOrder(old.orderId, 49);
      await ageOrder(recent.orderId, 47);
      const counts = await Promise.all([
        expirePendingOrders(t.app.ctx),
        expirePendingOrders(other.ctx),
        expirePendingOrders(t.app.ctx),
        expirePendingOrders(other.ctx),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      if (other !== t.app) await other.close();
    }
    expect(await productStock(t.db, productId)).toBe(9);
    expect([await statusOf(old.orderId), await statusOf(recent.orderId)]).toEqual([3, 0]);
    const mail = await t.mail.waitFor(buyer.email, (m) => m.subject === `Tu orden #${old.orderId} venció`);
    expect(mail.text).toContain('no se pagó en 48 horas y venció');
    const listed = await t.app.inject({ method: 'GET', url: '/api/Order', headers: admin.auth });
    expect((listed.json() as OrderJson[]).find((o) => o.orderId === old.orderId)?.orderStatus).toBe(3);
    // The expired order no longer counts against the caps.
    expect((await post(buyer, products(productId, 1))).statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.mail.messages.filter((m) => m.subject === `Tu orden #${old.orderId} venció`)).toHaveLength(1);
  });

  it('expires only what waits on the family (a transfer without its receipt, a pay link sent), never what waits on the shop', async () => {
    // A buyer each: the caps above hold few pending orders per buyer.
    const buyer = () => t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 10 });
    const cash = (await post(await buyer(), products(productId, 1))).json() as OrderJson;
    expect(cash.paymentMethod).toBe('contra_entrega');
    const payLink = { ...products(productId, 1), paymentMethod: 'enlace' };
    const linkToCome = (await post(await buyer(), payLink)).json() as OrderJson;
    const linkSent = (await post(await buyer(), payLink)).json() as OrderJson;
    const noReceipt = (await postTransfer(await buyer(), products(productId, 1))).json() as OrderJson;
    const withReceipt = (await postTransfer(await buyer(), products(productId, 1))).json() as OrderJson;
    expect(await productStock(t.db, productId)).toBe(5);
    await t.db
      .updateTable('orders')
      .set({ payment_link: 'https://pagos.example.hn/p/1' })
      .where('id', '=', linkSent.orderId)
      .execute();
    await t.db.updateTable('orders').set({ receipt_key: 'recibo' }).where('id', '=', withReceipt.orderId).execute();
    await ageOrder(cash.orderId, 24 * 30);
    for (const order of [linkToCome, linkSent, noReceipt, withReceipt]) await ageOrder(order.orderId, 24 * 7);
    const read = async (order: OrderJson) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/Order/${order.orderId}`, headers: admin.auth })
      ).json() as OrderJson;
    // The time the order page names is the job's own rule: none for what waits on the shop.
    expect((await read(linkToCome)).expiresAt).toBeNull();
    expect((await read(withReceipt)).expiresAt).toBeNull();
    expect((await read(linkSent)).expiresAt).not.toBeNull();

    expect(await expirePendingOrders(t.app.ctx)).toBe(2);
    const statuses = [cash, linkToCome, linkSent, noReceipt, withReceipt].map((order) => statusOf(order.orderId));
    expect(await Promise.all(statuses)).toEqual([0, 0, 3, 3, 0]);
    expect(await productStock(t.db, productId)).toBe(7);
  });

  it('names when an unpaid transfer or pay-link order expires: 48 hours after its last change', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 10 });
    const transfer = (await postTransfer(buyer, products(productId, 1))).json() as OrderJson;
    // Placed, the order waits 48 hours from the moment it was placed.
    expect(transfer.expiresAt).toBe(new Date(Date.parse(transfer.createdAt) + 48 * HOUR_MS).toISOString());
    const changedAt = '2026-11-20T15:00:00.000Z';
    await t.db.updateTable('orders').set({ updated_at: changedAt }).where('id', '=', transfer.orderId).execute();
    const read = async (orderId: number, user: TestUser = buyer) =>
      (await t.app.inject({ method: 'GET', url: `/api/Order/${orderId}`, headers: user.auth })).json() as OrderJson;
    expect((await read(transfer.orderId)).expiresAt).toBe('2026-11-22T15:00:00.000Z');
    const mine = (
      await t.app.inject({ method: 'GET', url: `/api/Order/user/${buyer.id}`, headers: buyer.auth })
    ).json() as OrderJson[];
    expect(mine.find((o) => o.orderId === transfer.orderId)?.expiresAt).toBe('2026-11-22T15:00:00.000Z');
    // Paid: nothing expires any more.
    await t.app.inject({ method: 'PUT', url: `/api/Order/${transfer.orderId}/pay`, headers: admin.auth });
    expect((await read(transfer.orderId)).expiresAt).toBeNull();
    // Paid on delivery: it waits for the owner, however long.
    const cash = (await post(buyer, products(productId, 1))).json() as OrderJson;
    expect(cash.expiresAt).toBeNull();
    expect((await read(cash.orderId)).expiresAt).toBeNull();
  });

  it('setting an expired order to a status takes its units again, or says which item is short', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { name: 'Tren de madera', stock: 10 });
    const order = (await postTransfer(buyer, products(productId, 4))).json() as OrderJson;
    await ageOrder(order.orderId, 49);
    expect(await expirePendingOrders(t.app.ctx)).toBe(1);
    expect(await productStock(t.db, productId)).toBe(10);

    await t.db.updateTable('products').set({ stock: 3 }).where('id', '=', productId).execute();
    const short = await t.app.inject({ method: 'PUT', url: `/api/Order/${order.orderId}/pay`, headers: admin.auth });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual({
      message: 'No se puede reactivar la orden vencida: No hay suficiente stock de «Tren de madera». Quedan 3.',
    });
    expect(await statusOf(order.orderId)).toBe(3);

    await t.db.updateTable('products').set({ stock: 10 }).where('id', '=', productId).execute();
    const paid = await t.app.inject({ method: 'PUT', url: `/api/Order/${order.orderId}/pay`, headers: admin.auth });
    expect(paid.statusCode).toBe(200);
    expect((paid.json() as OrderJson).orderStatus).toBe(1);
    expect(await productStock(t.db, productId)).toBe(6);
  });

  /** Lets `order` expire, has the shop set it back to pending, and answers the e-mail that tells its family. */
  async function expireThenReopen(buyer: TestUser, order: OrderJson) {
    await ageOrder(order.orderId, 49);
    expect(await expirePendingOrders(t.app.ctx)).toBe(1);
    const res = await t.app.inject({ method: 'PUT', url: `/api/Order/${order.orderId}/pending`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const subject = `Tu orden #${order.orderId} está activa otra vez`;
    return { subject, mail: await t.mail.waitFor(buyer.email, (m) => m.subject === subject) };
  }

  it('tells the family when the shop sets an expired order back to pending, with its time to pay', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { name: 'Tren de madera', stock: 10 });
    const order = (await postTransfer(buyer, products(productId, 2))).json() as OrderJson;
    const { subject, mail } = await expireThenReopen(buyer, order);
    expect(mail.text).toContain(
      `La tienda reactivó tu orden #${order.orderId} (${formatLempiras(order.total)}): sus artículos te esperan otra vez.`,
    );
    expect(mail.text).toContain(
      'Si en 48 horas no recibimos el pago ni su comprobante, la orden vence y sus juguetes vuelven a la tienda.',
    );
    // Pending to pending again says nothing more.
    await t.app.inject({ method: 'PUT', url: `/api/Order/${order.orderId}/pending`, headers: admin.auth });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.mail.messages.filter((m) => m.subject === subject)).toHaveLength(1);
  });

  it('gives the family of a pay-link order set back to pending the link it was sent, and its time to pay', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 10 });
    const order = (await post(buyer, { ...products(productId, 1), paymentMethod: 'enlace' })).json() as OrderJson;
    const link = 'https://pagos.example.hn/p/reactivada';
    await t.db.updateTable('orders').set({ payment_link: link }).where('id', '=', order.orderId).execute();
    const { mail } = await expireThenReopen(buyer, order);
    expect(mail.text).toContain(
      'Forma de pago: Enlace de pago. Paga con el enlace que te enviamos. Tienes 48 horas para pagar; ' +
        'si no recibimos el pago, la orden vence y sus juguetes vuelven a la tienda.',
    );
    expect(mail.text).toContain(link);
    expect(mail.text).not.toContain('Te enviaremos');
  });

  it('deleting an expired order puts nothing back a second time', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 10 });
    const order = (await postTransfer(buyer, products(productId, 4))).json() as OrderJson;
    await ageOrder(order.orderId, 49);
    expect(await expirePendingOrders(t.app.ctx)).toBe(1);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/Order/${order.orderId}`, headers: admin.auth });
    expect(res.statusCode).toBe(204);
    expect(await productStock(t.db, productId)).toBe(10);
  });
});
