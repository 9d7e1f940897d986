import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CANCEL_MESSAGES, ORDER_MESSAGES, type AdminOrderPage, type OrderJson } from '@tienda/shared/orders';
import { HOUR_MS, isoAgo, nowIso } from '../../db/timestamps.js';
import { insertCombo, insertProduct, productStock, comboStock } from '../../test/catalog-fixtures.js';
import { delivery } from '../../test/order-fixtures.js';
import { untilALockIsAwaited } from '../../test/postgres-locks.js';
import { createTestApp, testDialects, type TestApp, type TestUser } from '../../test/test-app.js';
import { expirePendingOrders } from './orders.service.js';

// PUT /api/Order/{id}/cancel: a family cancels its own pending order (docs/decisions/0039-a-family-cancels-its-order.md).

/** Places an order as `buyer` through the API (201 expected), paid on delivery unless told otherwise. */
async function placeOrder(t: TestApp, buyer: TestUser, lines: object, paymentMethod = 'contra_entrega') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Order/',
    headers: buyer.auth,
    payload: { ...delivery, ...lines, paymentMethod },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as OrderJson;
}

describe.each(testDialects)('a family cancels its own order (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      orderLimits: { pendingOrderHours: 48, maxPendingOrders: 1, maxPendingUnitsPerItem: 99, ordersPerHour: 50 },
    });
    admin = await t.createAdmin({ name: 'Dueña Tienda' });
  });
  afterAll(() => t.close());

  const place = (buyer: TestUser, lines: object, paymentMethod?: string) => placeOrder(t, buyer, lines, paymentMethod);
  const cancel = (orderId: number, user: TestUser | null) =>
    t.app.inject({ method: 'PUT', url: `/api/Order/${orderId}/cancel`, headers: user ? user.auth : {} });
  /** Every e-mail queued about the order, in order: 'address: subject'. */
  const outboxTo = async (orderId: number) =>
    (await t.db.selectFrom('outbox').select(['recipient', 'subject']).orderBy('id').execute())
      .filter((row) => new RegExp(`#${orderId}(?!\\d)`).test(row.subject))
      .map((row) => `${row.recipient}: ${row.subject}`);

  it('puts its toys back on the shelf, tells the family and the shop, and frees its pending slot', async () => {
    const buyer = await t.createCustomer({ name: 'Rosa Maldonado' });
    const productId = await insertProduct(t.db, { name: 'Pelota sensorial', priceCents: 15_000, stock: 10 });
    const comboId = await insertCombo(t.db, { name: 'Kit de calma', stock: 4 });
    const order = await place(buyer, {
      OrderProducts: [{ productId, quantity: 2 }],
      OrderCombos: [{ comboId, quantity: 1 }],
    });
    expect([await productStock(t.db, productId), await comboStock(t.db, comboId)]).toEqual([8, 3]);

    const res = await cancel(order.orderId, buyer);
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = res.json() as OrderJson;
    expect(order.cancelledBy).toBeNull();
    expect(cancelled).toEqual({ ...order, orderStatus: 4, expiresAt: null, cancelledBy: 'familia' });
    expect([await productStock(t.db, productId), await comboStock(t.db, comboId)]).toEqual([10, 4]);

    const family = await t.mail.waitFor(buyer.email, (m) => m.subject === `Cancelaste tu orden #${order.orderId}`);
    expect(family.text).toContain(
      `Cancelaste tu orden #${order.orderId} (L ${order.total.toFixed(2)}) y los artículos volvieron a la tienda.`,
    );
    expect(family.text).toContain('Pelota sensorial × 2 a L 150.00 = L 300.00');
    const shop = await t.mail.waitFor(
      t.config.shopEmail,
      (m) => m.subject === `Orden #${order.orderId} cancelada por Rosa Maldonado`,
    );
    expect(shop.text).toContain(
      `Rosa Maldonado canceló la orden #${order.orderId} (L ${order.total.toFixed(2)}, Pago contra entrega). Los ` +
        'artículos volvieron a la tienda: no la prepares ni la entregues.',
    );

    // The cap of one pending order no longer counts it.
    await place(buyer, { OrderProducts: [{ productId, quantity: 1 }] });
  });

  it('answers a retry with the cancelled order, restocking and mailing nothing more', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 5 });
    const order = await place(buyer, { OrderProducts: [{ productId, quantity: 3 }] });
    const first = await cancel(order.orderId, buyer);
    const again = await cancel(order.orderId, buyer);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());
    expect(await productStock(t.db, productId)).toBe(5);
    expect(await outboxTo(order.orderId)).toEqual([
      `${buyer.email}: Confirmación de tu orden #${order.orderId}`,
      `${t.config.shopEmail}: Nueva orden #${order.orderId} de ${buyer.name}`,
      `${buyer.email}: Cancelaste tu orden #${order.orderId}`,
      `${t.config.shopEmail}: Orden #${order.orderId} cancelada por ${buyer.name}`,
    ]);
  });

  it("is the family's alone: no token is a 401, another family a 404", async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 5 });
    const order = await place(buyer, { OrderProducts: [{ productId, quantity: 1 }] });
    const stranger = await cancel(order.orderId, await t.createCustomer());
    const missing = await cancel(999_999, buyer);
    expect([(await cancel(order.orderId, null)).statusCode, stranger.statusCode]).toEqual([401, 404]);
    expect(stranger.json()).toEqual({ message: ORDER_MESSAGES.orderNotFound });
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: ORDER_MESSAGES.orderNotFound }]);
    expect(await productStock(t.db, productId)).toBe(4);
  });

  it('refuses an order no longer pending, a transfer whose receipt was sent or one whose pay link was sent, saying why', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 10 });
    const paid = await place(buyer, { OrderProducts: [{ productId, quantity: 1 }] });
    await t.app.inject({ method: 'PUT', url: `/api/Order/${paid.orderId}/pay`, headers: admin.auth });
    const refused = await cancel(paid.orderId, buyer);
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      {
        message:
          'Este pedido ya no está pendiente (ahora: Pagado), así que no se puede cancelar. Si necesitas ayuda, ' +
          'escríbenos por WhatsApp.',
      },
    ]);

    const other = await t.createCustomer();
    const transfer = await place(other, { OrderProducts: [{ productId, quantity: 2 }] }, 'transferencia');
    await t.db
      .updateTable('orders')
      .set({ receipt_key: 'r.webp', receipt_uploaded_at: nowIso() })
      .where('id', '=', transfer.orderId)
      .execute();
    const afterReceipt = await cancel(transfer.orderId, other);
    expect([afterReceipt.statusCode, afterReceipt.json()]).toEqual([409, { message: CANCEL_MESSAGES.receiptSent }]);

    // The family may have paid through a pay link the shop sent.
    const third = await t.createCustomer();
    const payLink = await place(third, { OrderProducts: [{ productId, quantity: 1 }] }, 'enlace');
    const linked = await t.app.inject({
      method: 'PUT',
      url: `/api/Order/${payLink.orderId}/payment-link`,
      headers: admin.auth,
      payload: { paymentLink: 'https://pagos.example.hn/p/1' },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const afterLink = await cancel(payLink.orderId, third);
    expect([afterLink.statusCode, afterLink.json()]).toEqual([
      409,
      {
        message:
          'La tienda ya te envió el enlace de pago de este pedido: si ya pagaste o quieres cancelarlo, escríbenos por ' +
          'WhatsApp.',
      },
    ]);
    expect(await productStock(t.db, productId)).toBe(6);
  });

  it('the owner may set it pending again (its units taken again) or delete it (nothing restocked twice)', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { name: 'Tren de madera', stock: 3 });
    const order = await place(buyer, { OrderProducts: [{ productId, quantity: 2 }] });
    await cancel(order.orderId, buyer);
    const back = await t.app.inject({
      method: 'PUT',
      url: `/api/Order/${order.orderId}/pending`,
      headers: admin.auth,
    });
    expect([back.statusCode, (back.json() as OrderJson).orderStatus, (back.json() as OrderJson).cancelledBy]).toEqual([
      200,
      0,
      null,
    ]);
    expect(await productStock(t.db, productId)).toBe(1);
    await t.mail.waitFor(buyer.email, (m) => m.subject === `Tu orden #${order.orderId} está activa otra vez`);

    await cancel(order.orderId, buyer);
    expect(await productStock(t.db, productId)).toBe(3);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/Order/${order.orderId}`, headers: admin.auth });
    expect(deleted.statusCode).toBe(204);
    expect(await productStock(t.db, productId)).toBe(3);
    expect(await outboxTo(order.orderId)).not.toContain(`${buyer.email}: Tu orden #${order.orderId} fue cancelada`);
  });

  it('is no sale: the admin finds it under status 4, not among the sales', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 5 });
    const kept = await place(buyer, { OrderProducts: [{ productId, quantity: 1 }] });
    await t.app.inject({ method: 'PUT', url: `/api/Order/${kept.orderId}/pay`, headers: admin.auth });
    const dropped = await place(buyer, { OrderProducts: [{ productId, quantity: 1 }] });
    await cancel(dropped.orderId, buyer);
    const ids = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/Order/admin-list?customer=${buyer.id}${query}`,
        headers: admin.auth,
      });
      return (res.json() as AdminOrderPage).items.map((o) => o.orderId);
    };
    expect(await ids('&status=4')).toEqual([dropped.orderId]);
    expect(await ids('&status=ventas')).toEqual([kept.orderId]);
    expect(await ids('&status=2')).toEqual([]);
  });

  // Under READ COMMITTED, the owner's change judged the row as it was before a cancel (or an expiry) still in flight:
  // it found the order neither cancelled nor expired, then waited for the row and marked it paid without taking its
  // units back. The cancel is held open here until the owner's change waits on its row.
  it.runIf(dialect === 'postgres')(
    "the owner's 'paid' arriving while a cancel commits takes the order's units back off the shelf",
    async () => {
      const buyer = await t.createCustomer();
      const productId = await insertProduct(t.db, { stock: 6 });
      const order = await place(buyer, { OrderProducts: [{ productId, quantity: 4 }] });
      let paying: Promise<{ statusCode: number }> | undefined;
      await t.db.transaction().execute(async (tx) => {
        // What the cancel writes: the status, and the units back.
        await tx.updateTable('orders').set({ status: 4 }).where('id', '=', order.orderId).execute();
        await sql`update products set stock = stock + 4 where id = ${productId}`.execute(tx);
        paying = t.app.inject({ method: 'PUT', url: `/api/Order/${order.orderId}/pay`, headers: admin.auth });
        await untilALockIsAwaited(t.db);
      });
      expect((await paying!).statusCode).toBe(200);
      const status = (
        await t.db.selectFrom('orders').select('status').where('id', '=', order.orderId).executeTakeFirstOrThrow()
      ).status;
      expect([status, await productStock(t.db, productId)]).toEqual([1, 2]);
    },
  );

  it('racing the expiry job, exactly one of them closes the order and restocks it once', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 6 });
    const order = await place(buyer, { OrderProducts: [{ productId, quantity: 4 }] }, 'transferencia');
    await t.db
      .updateTable('orders')
      .set({ updated_at: isoAgo(49 * HOUR_MS) })
      .where('id', '=', order.orderId)
      .execute();
    const [res] = await Promise.all([cancel(order.orderId, buyer), expirePendingOrders(t.app.ctx)]);
    const status = (
      await t.db.selectFrom('orders').select('status').where('id', '=', order.orderId).executeTakeFirstOrThrow()
    ).status;
    expect(await productStock(t.db, productId)).toBe(6);
    if (status === 4) expect(res.statusCode).toBe(200);
    else {
      expect(status).toBe(3);
      expect([res.statusCode, res.json()]).toEqual([
        409,
        {
          message:
            'Este pedido ya no está pendiente (ahora: Vencido), así que no se puede cancelar. Si necesitas ayuda, ' +
            'escríbenos por WhatsApp.',
        },
      ]);
    }
  });
});

// PUT /api/Order/{id}/cancel by an administrator: the shop cancels an order and keeps its record (decision 0039,
// amendment "the shop cancels too").
describe.each(testDialects)('the shop cancels an order (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.createAdmin({ name: 'Dueña Tienda' });
  });
  afterAll(() => t.close());

  const place = (buyer: TestUser, lines: object, paymentMethod?: string) => placeOrder(t, buyer, lines, paymentMethod);
  const asAdmin = (method: 'PUT' | 'DELETE', url: string) => t.app.inject({ method, url, headers: admin.auth });
  const cancel = (orderId: number) => asAdmin('PUT', `/api/Order/${orderId}/cancel`);
  const statusOf = async (orderId: number) =>
    (await t.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;

  it('keeps a pending order as Cancelado by the shop, puts its toys back and tells the family with its page', async () => {
    const buyer = await t.createCustomer({ name: 'Marta Díaz' });
    const productId = await insertProduct(t.db, { name: 'Pelota sensorial', priceCents: 15_000, stock: 10 });
    const comboId = await insertCombo(t.db, { name: 'Kit de calma', stock: 4 });
    const order = await place(buyer, {
      OrderProducts: [{ productId, quantity: 2 }],
      OrderCombos: [{ comboId, quantity: 1 }],
    });

    const res = await cancel(order.orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...order, orderStatus: 4, expiresAt: null, cancelledBy: 'tienda' });
    expect([await productStock(t.db, productId), await comboStock(t.db, comboId)]).toEqual([10, 4]);
    // The family still finds it among its purchases.
    const mine = await t.app.inject({ method: 'GET', url: `/api/Order/user/${buyer.id}`, headers: buyer.auth });
    expect((mine.json() as OrderJson[]).map((o) => [o.orderId, o.orderStatus, o.cancelledBy])).toEqual([
      [order.orderId, 4, 'tienda'],
    ]);

    const mail = await t.mail.waitFor(buyer.email, (m) => m.subject === `Tu orden #${order.orderId} fue cancelada`);
    expect(mail.text).toContain(
      `La tienda canceló tu orden #${order.orderId} (L ${order.total.toFixed(2)}) y sus artículos volvieron a la tienda.`,
    );
    expect(mail.text).toContain('Pelota sensorial × 2 a L 150.00 = L 300.00');
    expect(mail.text).toContain(
      'Si fue un error o todavía los quieres, responde a este correo o haz una orden nueva cuando gustes.',
    );
    // Its page stays (the test shop has no PUBLIC_URL, so the e-mail names the way to it).
    expect(mail.text).toContain(`Encuentra tu orden #${order.orderId} en la tienda: Mi perfil → Historial de compras.`);
  });

  it('cancels a paid order, telling the family the money comes back, and answers a retry as it is', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 5 });
    const order = await place(buyer, { OrderProducts: [{ productId, quantity: 3 }] }, 'transferencia');
    expect((await asAdmin('PUT', `/api/Order/${order.orderId}/pay`)).statusCode).toBe(200);

    const first = await cancel(order.orderId);
    const again = await cancel(order.orderId);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());
    expect(await productStock(t.db, productId)).toBe(5);
    const mail = await t.mail.waitFor(buyer.email, (m) => m.subject === `Tu orden #${order.orderId} fue cancelada`);
    expect(mail.text).toContain(
      'Como ya la habías pagado, te escribiremos para devolverte el dinero. Si tienes dudas, responde a este correo.',
    );
    const subjects = (await t.db.selectFrom('outbox').select('subject').where('recipient', '=', buyer.email).execute())
      .map((row) => row.subject)
      .filter((subject) => subject.includes('cancelada'));
    expect(subjects).toEqual([`Tu orden #${order.orderId} fue cancelada`]);
  });

  it('tells a family whose receipt was sent that a payment made comes back', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 5 });
    const order = await place(buyer, { OrderProducts: [{ productId, quantity: 1 }] }, 'transferencia');
    await t.db
      .updateTable('orders')
      .set({ receipt_key: 'r.webp', receipt_uploaded_at: nowIso() })
      .where('id', '=', order.orderId)
      .execute();
    expect((await cancel(order.orderId)).statusCode).toBe(200);
    const mail = await t.mail.waitFor(buyer.email, (m) => m.subject === `Tu orden #${order.orderId} fue cancelada`);
    expect(mail.text).toContain(
      'Si ya la pagaste, te escribiremos para devolverte el dinero. Si tienes dudas, responde a este correo.',
    );
  });

  it('refuses a delivered or an expired order, saying why, and changes nothing', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 10 });
    const delivered = await place(buyer, { OrderProducts: [{ productId, quantity: 2 }] });
    await asAdmin('PUT', `/api/Order/${delivered.orderId}/deliver`);
    const expired = await place(buyer, { OrderProducts: [{ productId, quantity: 1 }] }, 'transferencia');
    await t.db
      .updateTable('orders')
      .set({ updated_at: isoAgo(49 * HOUR_MS) })
      .where('id', '=', expired.orderId)
      .execute();
    expect(await expirePendingOrders(t.app.ctx)).toBe(1);

    const refusedDelivered = await cancel(delivered.orderId);
    const refusedExpired = await cancel(expired.orderId);
    expect([refusedDelivered.statusCode, refusedDelivered.json()]).toEqual([
      409,
      { message: 'Esta orden ya fue entregada, así que no se puede cancelar.' },
    ]);
    expect([refusedExpired.statusCode, refusedExpired.json()]).toEqual([
      409,
      { message: 'Esta orden ya venció y sus unidades ya volvieron al stock, así que no hay nada que cancelar.' },
    ]);
    expect([await statusOf(delivered.orderId), await statusOf(expired.orderId)]).toEqual([2, 3]);
    expect(await productStock(t.db, productId)).toBe(8);
    expect((await cancel(999_999)).json()).toEqual({ message: ORDER_MESSAGES.orderNotFound });
  });

  it("cancels the administrator's own order as the shop, and a customer's call stays the family's rule", async () => {
    const productId = await insertProduct(t.db, { stock: 5 });
    const own = await place(admin, { OrderProducts: [{ productId, quantity: 1 }] });
    const res = await cancel(own.orderId);
    expect([res.statusCode, (res.json() as OrderJson).cancelledBy]).toEqual([200, 'tienda']);

    // A customer cannot cancel a paid order, even though the shop could.
    const buyer = await t.createCustomer();
    const paid = await place(buyer, { OrderProducts: [{ productId, quantity: 1 }] });
    await asAdmin('PUT', `/api/Order/${paid.orderId}/pay`);
    const byFamily = await t.app.inject({
      method: 'PUT',
      url: `/api/Order/${paid.orderId}/cancel`,
      headers: buyer.auth,
    });
    expect(byFamily.statusCode).toBe(409);
    expect(await statusOf(paid.orderId)).toBe(1);
  });

  // The shop's cancel and a 'delivered' from another phone: whichever comes first, the order ends delivered (spec §4:
  // any status, in any order; a delivery after the cancel takes the units again) with its units taken once.
  it('racing a delivery, ends delivered with its units off the shelf once', async () => {
    const buyer = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 6 });
    const order = await place(buyer, { OrderProducts: [{ productId, quantity: 4 }] });
    const [cancelled, delivered] = await Promise.all([
      cancel(order.orderId),
      asAdmin('PUT', `/api/Order/${order.orderId}/deliver`),
    ]);
    expect([200, 409]).toContain(cancelled.statusCode);
    expect([delivered.statusCode, await statusOf(order.orderId), await productStock(t.db, productId)]).toEqual([
      200, 2, 2,
    ]);
  });
});
