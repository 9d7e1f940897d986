import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderJson } from '@tienda/shared/orders';
import { insertProduct } from '../../test/catalog-fixtures.js';
import { testDialects, type TestUser, useTestApp } from '../../test/test-app.js';
import { delivery } from '../../test/order-fixtures.js';
import { multipart, pngBytes } from '../catalog/catalog.test-helpers.js';
import {
  confirmationMail,
  deliveredMail,
  expiryMail,
  paidMail,
  paymentLinkMail,
  receiptNoticeMail,
  shopNoticeMail,
} from './orders.mail.js';

// With the shop's public address known (PUBLIC_URL), the order e-mails link to the order's page: the family's, where
// it sends a transfer receipt, and the owner's detail.

describe.each(testDialects)('order e-mails link to the order (%s)', (dialect) => {
  // A trailing slash, as an owner may write it: the links carry one slash.
  const t = useTestApp(dialect, { publicUrl: 'https://jugarycrecer.hn/' });
  let admin: TestUser;

  beforeAll(async () => {
    admin = await t.createAdmin({ name: 'Dueña' });
  });

  async function order(buyer: TestUser, paymentMethod: string): Promise<OrderJson> {
    const productId = await insertProduct(t.db, { name: 'Tren de madera', priceCents: 45000, stock: 5 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Order/',
      headers: buyer.auth,
      payload: { ...delivery, OrderProducts: [{ productId, quantity: 1 }], paymentMethod },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it("links the family's e-mails to its order's page and the shop's to the order's detail", async () => {
    const buyer = await t.createCustomer({ name: 'Ana López' });
    const placed = await order(buyer, 'transferencia');
    const familyPage = `https://jugarycrecer.hn/pedido/${placed.orderId}`;
    const ownerPage = `https://jugarycrecer.hn/admin/orden/${placed.orderId}`;

    const confirmation = await t.mail.waitFor(buyer.email, (m) => m.subject.includes(`#${placed.orderId}`));
    expect(confirmation.text).toContain(`Ver tu pedido: ${familyPage}`);
    expect(confirmation.text).toContain(`<a href="${familyPage}"`);
    const notice = await t.mail.waitFor('tienda@test.hn', (m) =>
      m.subject.startsWith(`Nueva orden #${placed.orderId}`),
    );
    expect(notice.text).toContain(`Abrir la orden: ${ownerPage}`);
    expect(notice.text).not.toContain('/pedido/');

    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/Order/${placed.orderId}/receipt`,
      headers: buyer.auth,
      payload: multipart({}, { receipt: { bytes: await pngBytes(), filename: 'comprobante.png' } }),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const receipt = await t.mail.waitFor('tienda@test.hn', (m) => m.subject.startsWith('Comprobante de transferencia'));
    expect(receipt.text).toContain(`Abrir la orden: ${ownerPage}`);

    await t.app.inject({ method: 'PUT', url: `/api/Order/${placed.orderId}/pay`, headers: admin.auth });
    const paid = await t.mail.waitFor(buyer.email, (m) => m.subject.startsWith('Recibimos el pago'));
    expect(paid.text).toContain(`Ver tu pedido: ${familyPage}`);
  });

  it('sends the pay link with a link to the page that shows it too', async () => {
    const buyer = await t.createCustomer();
    const placed = await order(buyer, 'enlace');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/Order/${placed.orderId}/payment-link`,
      headers: admin.auth,
      payload: { paymentLink: 'https://pagos.example.hn/p/123' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await t.mail.waitFor(buyer.email, (m) => m.subject.startsWith('Enlace de pago'));
    expect(mail.text).toContain(
      `También lo encuentras en la página de tu pedido:\r\n\r\nVer tu pedido: https://jugarycrecer.hn/pedido/${placed.orderId}`,
    );
    expect(mail.text).not.toContain('Mi perfil → Historial de compras');
    expect(mail.text).toContain('<a href="https://pagos.example.hn/p/123"');
    expect(mail.text).toContain('>Pagar ahora</a>');
  });
});

describe('order e-mails without the public address', () => {
  const order = {
    orderId: 7,
    customerName: 'Ana',
    customerEmail: 'ana@example.hn',
    paymentMethod: 'enlace',
    // Its link not sent yet: the e-mails below name none (a link sent is in paymentLinkMail, checked apart).
    paymentLink: null,
    orderProducts: [],
    orderCombos: [],
    subtotal: 100,
    deliveryFee: 80,
    total: 180,
    address: 'Col. Trejo',
    city: 'San Pedro Sula',
    department: 'Cortés',
    phone: '99887766',
    orderStatus: 0,
  } as unknown as OrderJson;

  it('say where to find the order instead of linking to it', () => {
    const familyWay = 'Encuentra tu orden #7 en la tienda: Mi perfil → Historial de compras.';
    const cashOnDelivery = { ...order, paymentMethod: 'contra_entrega' } as OrderJson;
    for (const mail of [
      confirmationMail(order, undefined, 48),
      confirmationMail(cashOnDelivery, undefined, 48),
      paidMail(order, undefined),
      deliveredMail(order, undefined),
      expiryMail(order, 48, undefined),
    ]) {
      expect(mail.text).not.toContain('Ver tu pedido');
      expect(mail.html).not.toContain('href=');
      expect(mail.text).toContain(familyWay);
      expect(mail.html).toContain(`<p>${familyWay}</p>`);
    }
    for (const mail of [shopNoticeMail(order, undefined), receiptNoticeMail(order, undefined)]) {
      expect(mail.text).not.toContain('Abrir la orden');
      expect(mail.text).toContain('Ábrela en la tienda: Vista Admin → Órdenes → orden #7.');
    }
    expect(paymentLinkMail({ ...order, paymentLink: 'https://pagos.example.hn/p/7' }, undefined, 48).text).toContain(
      `También lo encuentras en la página de tu pedido.\n\n${familyWay}`,
    );
    // How long it waits for the payment: a transfer from now until its receipt, a pay link from the link.
    expect(confirmationMail({ ...order, paymentMethod: 'transferencia' }, undefined, 72).text).toContain(
      'Si en 72 horas no recibimos el pago ni su comprobante, la orden vence y sus juguetes vuelven a la tienda.',
    );
    expect(confirmationMail(order, undefined, 72).text).not.toContain('vence');
    expect(paymentLinkMail(order, undefined, 72).text).toContain(
      'Este es el enlace para pagar tu orden #7 (L 180.00). Tienes 72 horas para pagar; si no recibimos el pago, la ' +
        'orden vence y sus juguetes vuelven a la tienda:',
    );
    expect(confirmationMail({ ...order, paymentMethod: 'contra_entrega' }, undefined, 72).text).not.toContain('vence');
    expect(expiryMail(order, 48, 'https://jugarycrecer.hn').text).toContain(
      'Ver tu pedido: https://jugarycrecer.hn/pedido/7',
    );
  });
});
