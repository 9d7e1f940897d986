import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PAYMENT_MESSAGES, type OrderJson } from '@tienda/shared/orders';
import { insertProduct } from '../../test/catalog-fixtures.js';
import { untilALockIsAwaited } from '../../test/postgres-locks.js';
import { testDialects, type TestUser, useTestApp } from '../../test/test-app.js';
import { multipart, pngBytes } from '../catalog/catalog.test-helpers.js';
import { delivery } from '../../test/order-fixtures.js';
import { REPLIES } from '../../replies.js';
import { RECEIPTS_PER_ORDER } from './order-payments.service.js';

// Payment methods, transfer receipts, pay links and the status e-mails (docs/decisions/0020-payment-methods.md).

describe.each(testDialects)('order payments (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let admin: TestUser;

  beforeAll(async () => {
    admin = await t.createAdmin({ name: 'Dueña' });
  });

  async function order(buyer: TestUser, extra: object = {}): Promise<OrderJson> {
    const productId = await insertProduct(t.db, { name: 'Pelota sensorial', priceCents: 15000, stock: 20 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Order/',
      headers: buyer.auth,
      payload: {
        userId: buyer.id,
        ...delivery,
        OrderProducts: [{ productId, quantity: 1 }],
        OrderCombos: [],
        ...extra,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const upload = async (user: TestUser | null, orderId: number, bytes?: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: `/api/Order/${orderId}/receipt`,
      headers: user ? user.auth : {},
      payload: multipart({}, bytes ? { receipt: { bytes, filename: 'comprobante.png' } } : {}),
    });
  const receipt = (user: TestUser | null, orderId: number) =>
    t.app.inject({ method: 'GET', url: `/api/Order/${orderId}/receipt`, headers: user ? user.auth : {} });
  const setLink = (user: TestUser, orderId: number, paymentLink: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/Order/${orderId}/payment-link`,
      headers: user.auth,
      payload: { paymentLink },
    });

  it('stores the chosen method and tells a transfer buyer where to pay', async () => {
    const buyer = await t.createCustomer();
    const placed = await order(buyer, { paymentMethod: 'transferencia' });
    expect(placed.paymentMethod).toBe('transferencia');
    const mail = await t.mail.waitFor(buyer.email, (m) => m.subject === `Confirmación de tu orden #${placed.orderId}`);
    expect(mail.text).toContain('Forma de pago: Transferencia bancaria.');
    expect(mail.text).toContain(
      'Te avisaremos por correo cuando confirmemos el pago. Si en 48 horas no recibimos el pago ni su comprobante, la orden vence y sus juguetes vuelven a la tienda.',
    );
    expect(mail.text).toContain(
      'Banco Atlántida, Cuenta de ahorro 2010-1234-5678, a nombre de Jugar y Crecer S. de R. L.',
    );
    const notice = await t.mail.waitFor('tienda@test.hn', (m) => m.subject.includes(`#${placed.orderId}`));
    expect(notice.text).toContain('Forma de pago: Transferencia bancaria');

    const viaLink = await order(buyer, { PaymentMethod: 'enlace' });
    expect(viaLink.paymentMethod).toBe('enlace');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/Order/',
      headers: buyer.auth,
      payload: { ...delivery, OrderProducts: [{ productId: 1, quantity: 1 }], paymentMethod: 'bitcoin' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'Elige una forma de pago: pago contra entrega, transferencia bancaria o enlace de pago.',
    });
  });

  it('keeps a transfer receipt for its customer and the admins only, re-encoded, and tells the shop', async () => {
    const buyer = await t.createCustomer({ name: 'Lucía Pérez' });
    const stranger = await t.createCustomer();
    const placed = await order(buyer, { paymentMethod: 'transferencia' });

    const uploaded = await upload(buyer, placed.orderId, await pngBytes());
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((uploaded.json() as OrderJson).receiptUploadedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const notice = await t.mail.waitFor(
      'tienda@test.hn',
      (m) => m.subject === `Comprobante de transferencia de la orden #${placed.orderId}`,
    );
    expect(notice.text).toContain('Lucía Pérez subió el comprobante');

    for (const reader of [buyer, admin]) {
      const res = await receipt(reader, placed.orderId);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    }
    // To another customer the order reads as missing, as in GET /api/Order/{id}.
    for (const res of [
      await receipt(stranger, placed.orderId),
      await upload(stranger, placed.orderId, await pngBytes()),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'La orden no existe.' });
    }
    expect((await receipt(null, placed.orderId)).statusCode).toBe(401);
    // Not public: nothing under /uploads/ names it.
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${placed.orderId}.webp` })).statusCode).toBe(404);

    // Its file gone as it is opened (replaced by a newer receipt a moment before): a 404 in JSON, not a broken image.
    const { receipt_key: key } = await t.db
      .selectFrom('orders')
      .select('receipt_key')
      .where('id', '=', placed.orderId)
      .executeTakeFirstOrThrow();
    await rm(path.join(t.config.receiptsDir, `${key}.webp`));
    const gone = await receipt(admin, placed.orderId);
    expect([gone.statusCode, gone.headers['content-type'], gone.json()]).toEqual([
      404,
      'application/json; charset=utf-8',
      { message: 'Esta orden todavía no tiene comprobante.' },
    ]);
  });

  it('refuses a fake image, a missing file, a receipt for another method and one for a paid order', async () => {
    const buyer = await t.createCustomer();
    const placed = await order(buyer, { paymentMethod: 'transferencia' });
    const fake = await upload(buyer, placed.orderId, Buffer.from('<svg onload=alert(1)>'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({
      message: 'El archivo debe ser una imagen: se aceptan JPEG, PNG, WebP, GIF o AVIF.',
    });
    expect((await upload(buyer, placed.orderId)).json()).toEqual({
      message: 'Sube la foto o captura del comprobante.',
    });
    expect((await receipt(buyer, placed.orderId)).json()).toEqual({
      message: 'Esta orden todavía no tiene comprobante.',
    });

    const cash = await order(buyer);
    const wrong = await upload(buyer, cash.orderId, await pngBytes());
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toEqual({
      message: 'Solo las órdenes pagadas por transferencia bancaria llevan comprobante.',
    });

    await t.app.inject({ method: 'PUT', url: `/api/Order/${placed.orderId}/pay`, headers: admin.auth });
    const late = await upload(buyer, placed.orderId, await pngBytes());
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'Esta orden ya no está pendiente de pago: no hace falta un comprobante.' });
    expect((await upload(buyer, 999_999, await pngBytes())).statusCode).toBe(404);
  });

  // The order is checked before the photo is read, then the photo is encoded: a cancel (or the owner's 'paid', or the
  // expiry) that commits in between must leave the order without a receipt and the shop without a notice.
  it.runIf(dialect === 'postgres')(
    'a receipt that arrives while the order is being cancelled is refused, and its photo not kept',
    async () => {
      const buyer = await t.createCustomer();
      const placed = await order(buyer, { paymentMethod: 'transferencia' });
      const filesBefore = await readdir(t.config.receiptsDir).catch(() => []);
      let uploading: Promise<{ statusCode: number; json: () => unknown }> | undefined;
      await t.db.transaction().execute(async (tx) => {
        await tx.updateTable('orders').set({ status: 4 }).where('id', '=', placed.orderId).execute();
        uploading = upload(buyer, placed.orderId, await pngBytes());
        await untilALockIsAwaited(t.db);
      });
      const late = await uploading!;
      expect([late.statusCode, late.json()]).toEqual([409, { message: PAYMENT_MESSAGES.receiptNotPending }]);
      const row = await t.db
        .selectFrom('orders')
        .select(['receipt_key', 'status'])
        .where('id', '=', placed.orderId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ receipt_key: null, status: 4 });
      expect(await readdir(t.config.receiptsDir).catch(() => [])).toEqual(filesBefore);
    },
  );

  it('checks the order before it reads the photo, and takes one photo and nothing else', async () => {
    const buyer = await t.createCustomer();
    const stranger = await t.createCustomer();
    const placed = await order(buyer, { paymentMethod: 'transferencia' });
    const cash = await order(buyer);
    // A body that is no form at all: the order's answer comes first, since the body is never read.
    const notAForm = (user: TestUser, orderId: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/Order/${orderId}/receipt`,
        headers: { ...user.auth, 'content-type': 'text/plain' },
        payload: 'x'.repeat(1000),
      });
    const answers = await Promise.all([
      notAForm(buyer, 999_999),
      notAForm(stranger, placed.orderId),
      notAForm(buyer, cash.orderId),
      notAForm(buyer, placed.orderId),
    ]);
    expect(answers.map((res) => ({ status: res.statusCode, body: res.json() }))).toEqual([
      { status: 404, body: { message: 'La orden no existe.' } },
      { status: 404, body: { message: 'La orden no existe.' } },
      {
        status: 409,
        body: { message: 'Solo las órdenes pagadas por transferencia bancaria llevan comprobante.' },
      },
      { status: 415, body: { message: REPLIES.multipartRequired } },
    ]);

    const photo = { bytes: await pngBytes(), filename: 'comprobante.png' };
    const send = (form: FormData) =>
      t.app.inject({ method: 'POST', url: `/api/Order/${placed.orderId}/receipt`, headers: buyer.auth, payload: form });
    const twoPhotos = await send(multipart({}, { receipt: [photo, photo] }));
    expect({ status: twoPhotos.statusCode, body: twoPhotos.json() }).toEqual({
      status: 413,
      body: { message: 'Puedes subir una sola imagen a la vez.' },
    });
    const withField = await send(multipart({ nota: 'hola' }, { receipt: photo }));
    expect({ status: withField.statusCode, body: withField.json() }).toEqual({
      status: 413,
      body: { message: REPLIES.tooManyFormFields },
    });
    const one = await send(multipart({}, { receipt: photo }));
    expect(one.statusCode).toBe(200);
  });

  it('takes five receipts of an order a day, each e-mailed to the shop, then says when to try again', async () => {
    expect(PAYMENT_MESSAGES.receiptTooMany).toContain(`${RECEIPTS_PER_ORDER.points} comprobantes`);
    const buyer = await t.createCustomer();
    const placed = await order(buyer, { paymentMethod: 'transferencia' });
    // A photo the shop could not read does not count.
    expect((await upload(buyer, placed.orderId, Buffer.from('no es una foto'))).statusCode).toBe(400);
    for (let i = 0; i < RECEIPTS_PER_ORDER.points; i += 1) {
      const res = await upload(buyer, placed.orderId, await pngBytes());
      expect(res.statusCode, res.body).toBe(200);
    }
    const sixth = await upload(buyer, placed.orderId, await pngBytes());
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ message: PAYMENT_MESSAGES.receiptTooMany });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);
    const notices = await t.db
      .selectFrom('outbox')
      .select('id')
      .where('subject', '=', `Comprobante de transferencia de la orden #${placed.orderId}`)
      .execute();
    expect(notices).toHaveLength(RECEIPTS_PER_ORDER.points);
    // Another order of the same family has its own five.
    const next = await order(buyer, { paymentMethod: 'transferencia' });
    expect((await upload(buyer, next.orderId, await pngBytes())).statusCode).toBe(200);
  });

  it('lets the owner paste a pay link that the family gets by e-mail', async () => {
    const buyer = await t.createCustomer();
    const placed = await order(buyer, { paymentMethod: 'enlace' });
    const link = 'https://pagos.ejemplo.hn/l/AbC123';
    const saved = await setLink(admin, placed.orderId, link);
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as OrderJson).paymentLink).toBe(link);
    const mail = await t.mail.waitFor(
      buyer.email,
      (m) => m.subject === `Enlace de pago de tu orden #${placed.orderId}`,
    );
    expect(mail.text).toContain(link);
    const mine = await t.app.inject({ method: 'GET', url: `/api/Order/${placed.orderId}`, headers: buyer.auth });
    expect((mine.json() as OrderJson).paymentLink).toBe(link);

    expect((await setLink(buyer, placed.orderId, link)).statusCode).toBe(403);
    for (const bad of ['http://pagos.ejemplo.hn/x', 'javascript:alert(1)', 'https://', 42]) {
      const res = await setLink(admin, placed.orderId, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'El enlace de pago debe ser una dirección que empiece con https://.' });
    }
    await t.app.inject({ method: 'PUT', url: `/api/Order/${placed.orderId}/deliver`, headers: admin.auth });
    const late = await setLink(admin, placed.orderId, link);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'Esta orden ya no está pendiente de pago: no necesita un enlace de pago.' });
  });

  it('e-mails a link once however often it is saved, and a changed link again', async () => {
    const buyer = await t.createCustomer();
    const placed = await order(buyer, { paymentMethod: 'enlace' });
    const subject = `Enlace de pago de tu orden #${placed.orderId}`;
    // What the outbox holds for the family (sent or not): the e-mails the saves queued.
    const queued = async () =>
      (
        await t.db
          .selectFrom('outbox')
          .select('text')
          .where('recipient', '=', buyer.email)
          .where('subject', '=', subject)
          .orderBy('id')
          .execute()
      ).map((row) => row.text);
    const link = 'https://pagos.ejemplo.hn/l/Una-Vez';
    // Saved twice at once (a double tap), then again (a save repeated after its answer was lost): one e-mail.
    const twice = await Promise.all([setLink(admin, placed.orderId, link), setLink(admin, placed.orderId, link)]);
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    const again = await setLink(admin, placed.orderId, link);
    expect(again.statusCode).toBe(200);
    expect((again.json() as OrderJson).paymentLink).toBe(link);
    expect((await queued()).map((text) => text.includes(link))).toEqual([true]);
    const changed = 'https://pagos.ejemplo.hn/l/Otro';
    expect((await setLink(admin, placed.orderId, changed)).statusCode).toBe(200);
    expect((await queued()).map((text) => text.includes(changed))).toEqual([false, true]);
  });

  it('sends no pay link for an order already paid, nor for one paid in cash or by transfer', async () => {
    const buyer = await t.createCustomer();
    const paid = await order(buyer, { paymentMethod: 'enlace' });
    await t.app.inject({ method: 'PUT', url: `/api/Order/${paid.orderId}/pay`, headers: admin.auth });
    const cash = await order(buyer);
    const transfer = await order(buyer, { paymentMethod: 'transferencia' });
    const answers = [];
    for (const orderId of [paid.orderId, cash.orderId, transfer.orderId, 987654]) {
      const res = await setLink(admin, orderId, 'https://pagos.ejemplo.hn/l/otra-vez');
      answers.push([res.statusCode, res.json()]);
    }
    expect(answers).toEqual([
      [409, { message: 'Esta orden ya no está pendiente de pago: no necesita un enlace de pago.' }],
      [409, { message: 'Solo las órdenes que se pagan con enlace de pago llevan un enlace.' }],
      [409, { message: 'Solo las órdenes que se pagan con enlace de pago llevan un enlace.' }],
      [404, { message: 'La orden no existe.' }],
    ]);
    const linked = await t.db
      .selectFrom('orders')
      .select('id')
      .where('payment_link', 'is not', null)
      .where('user_id', '=', buyer.id)
      .execute();
    expect(linked).toEqual([]);
    const queued = await t.db.selectFrom('outbox').select('subject').where('recipient', '=', buyer.email).execute();
    expect(queued.filter((m) => m.subject.startsWith('Enlace de pago'))).toEqual([]);
  });

  it('e-mails the family once when the order is paid and once when it is delivered, with the dates', async () => {
    const buyer = await t.createCustomer();
    const placed = await order(buyer);
    const put = (action: string) =>
      t.app.inject({ method: 'PUT', url: `/api/Order/${placed.orderId}/${action}`, headers: admin.auth });
    const paid = (await put('pay')).json() as OrderJson;
    expect(paid.paidAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(paid.deliveredAt).toBeNull();
    await t.mail.waitFor(buyer.email, (m) => m.subject === `Recibimos el pago de tu orden #${placed.orderId}`);
    // Paid again: no change, no second e-mail (it would be sent before the delivered one below).
    expect((await put('pay')).json()).toMatchObject({ paidAt: paid.paidAt });
    const delivered = (await put('deliver')).json() as OrderJson;
    expect(delivered.paidAt).toBe(paid.paidAt);
    expect(delivered.deliveredAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await t.mail.waitFor(buyer.email, (m) => m.subject === `Tu orden #${placed.orderId} fue entregada`);
    const paidMails = t.mail.messages.filter((m) => m.subject === `Recibimos el pago de tu orden #${placed.orderId}`);
    expect(paidMails).toHaveLength(1);
    expect(paidMails[0]!.text).toContain(`Confirmamos el pago de tu orden #${placed.orderId} por L 230.00.`);
    const pending = (await put('pending')).json() as OrderJson;
    expect(pending).toMatchObject({ orderStatus: 0, paidAt: null, deliveredAt: null });
  });
});
