import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/browser';
import {
  addProductToCart,
  createCustomer,
  fillSanPedroSulaDelivery,
  openLoggedIn,
  ordersOf,
  productsInStock,
  submitLogin,
} from './support/accounts-fixtures';
import { makeCameraPhoto, placeOrder, visible } from './support/admin-helpers';
import { E2E_ADMIN } from './support/shop-server';
import { toast, useShop } from './support/use-shop';

// Paying by bank transfer, at phone and desktop size: the family chooses it at checkout, uploads the receipt from its order
// page; the owner sees it, marks the order paid; the family gets the e-mail and sees the date
// (docs/decisions/0020-payment-methods.md).

describe('payment by bank transfer in a real Chromium', () => {
  const shop = useShop();

  it.each(['phone', 'desktop'] as const)(
    'from checkout to a confirmed payment, with the receipt and the WhatsApp question (%s)',
    async (size) => {
      const customer = await createCustomer(shop.server, 'Carmen Zelaya');
      const [product] = await productsInStock(shop.server, 5);
      await addProductToCart(shop.server, customer, product!.productId, 1);

      const page = await shop.openPage(size);
      await openLoggedIn(page, customer.token, '/pagar');
      await page.getByText(product!.name, { exact: true }).waitFor();
      const methods = page.getByRole('group', { name: '¿Cómo quieres pagar?' });
      expect(await methods.getByRole('radio', { name: /Pago contra entrega/ }).isChecked()).toBe(true);
      await methods.getByText('Transferencia bancaria', { exact: true }).click();
      await visible(page.getByText('2010-1234-5678', { exact: true }));
      expect(await axeViolations(page)).toEqual([]);
      await fillSanPedroSulaDelivery(page, 'Colonia Jardines del Valle, 3 calle, casa 7', '99887766');
      await page.getByRole('button', { name: 'Confirmar pedido' }).click();
      await toast(page, '¡Orden creada correctamente!').waitFor();
      await page.waitForURL(`${shop.server.baseUrl}/`);
      const [order] = await ordersOf<{ orderId: number; paymentMethod: string; total: number }>(shop.server, customer);
      expect(order!.paymentMethod).toBe('transferencia');
      // / says what comes next for a transfer, with the amount and the accounts, and links to the order.
      await visible(page.getByRole('heading', { name: `Recibimos tu pedido #${order!.orderId}` }));
      const placed = page.getByRole('region', { name: `Recibimos tu pedido #${order!.orderId}` });
      const total = `L ${order!.total.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
      await visible(placed.getByText(`Total: ${total}`));
      await visible(placed.getByText(`Transfiere ${total}, el total de tu orden,`, { exact: false }));
      await visible(placed.getByText('2010-1234-5678', { exact: true }));
      expect(await page.getByRole('link', { name: 'Ver mi pedido' }).getAttribute('href')).toBe(
        `/pedido/${order!.orderId}`,
      );

      // From the purchase history to the order page.
      await page.goto('/profile');
      await page.getByRole('link', { name: 'Ver pedido', description: `Pedido #${order!.orderId}` }).click();
      await page.waitForURL(`${shop.server.baseUrl}/pedido/${order!.orderId}`);
      await visible(page.getByRole('heading', { level: 1, name: `Pedido #${order!.orderId}` }));
      await visible(page.getByText('Transferencia bancaria', { exact: true }));
      expect(await page.getByRole('link', { name: 'Preguntar por WhatsApp' }).getAttribute('href')).toBe(
        `https://wa.me/50498765432?text=${encodeURIComponent(
          `¡Hola! Tengo una pregunta sobre mi pedido #${order!.orderId}: ${shop.server.baseUrl}/pedido/${order!.orderId}`,
        )}`,
      );
      expect(await axeViolations(page)).toEqual([]);
      // A camera photo of several megabytes leaves the phone as a JPEG of the size the shop keeps.
      const receipt = await makeCameraPhoto('comprobante.jpg');
      const photoBytes = statSync(receipt).size;
      expect(photoBytes).toBeGreaterThan(3_000_000);
      await page.getByLabel('Foto o captura del comprobante').setInputFiles(receipt);
      const [sent] = await Promise.all([
        page.waitForRequest((request) => request.url().endsWith(`/api/Order/${order!.orderId}/receipt`)),
        page.getByRole('button', { name: 'Enviar comprobante' }).click(),
      ]);
      expect(Number(await sent.headerValue('content-length'))).toBeLessThan(photoBytes / 2);
      await toast(page, 'Comprobante enviado. Te avisaremos por correo cuando confirmemos el pago.').waitFor();
      const image = page.getByRole('img', { name: `Comprobante de la orden #${order!.orderId}` });
      await visible(image);
      expect(await image.getAttribute('src')).toMatch(/^data:image\/webp;base64,/);
      // The field no longer names the file sent.
      expect(await page.getByLabel('Cambiar el comprobante').inputValue()).toBe('');
      expect(await axeViolations(page)).toEqual([]);

      // The owner opens the order from the notice e-mail's link, logged out: the notice offers the login, which
      // brings her back to the order. She sees the receipt and marks the order paid.
      const admin = await shop.openPage(size);
      await admin.goto(`/admin/orden/${order!.orderId}`);
      await visible(admin.getByRole('heading', { name: 'Vista exclusiva para administradores' }));
      await admin.getByRole('link', { name: 'Iniciar sesión' }).click();
      await admin.waitForURL('**/login');
      await submitLogin(admin, E2E_ADMIN.email, E2E_ADMIN.password);
      await admin.waitForURL(`${shop.server.baseUrl}/admin/orden/${order!.orderId}`);
      await visible(admin.getByRole('img', { name: `Comprobante de la orden #${order!.orderId}` }));
      await visible(admin.getByText('Transferencia bancaria', { exact: true }));
      // A tap shows it at full size in the page; a transfer order takes no pay link.
      const zoom = admin.getByRole('button', { name: /Comprobante de la orden/ });
      await zoom.click();
      expect(await zoom.getAttribute('aria-expanded')).toBe('true');
      expect(await admin.getByLabel('Enlace de pago').count()).toBe(0);
      expect(await axeViolations(admin)).toEqual([]);
      await admin.getByRole('button', { name: /Marcar pagada/ }).click();
      await admin.getByRole('dialog', { name: 'Marcar como pagada' }).getByRole('button', { name: 'Ok' }).click();
      await visible(admin.getByText('Orden marcada como pagada'));

      // The family hears of it by e-mail and sees the date on its order page.
      const mail = await shop.server.mail.waitFor(
        customer.email,
        (m) => m.subject === `Recibimos el pago de tu orden #${order!.orderId}`,
      );
      expect(mail.text).toContain(`Confirmamos el pago de tu orden #${order!.orderId}`);
      await page.reload();
      await visible(page.getByText('Pago confirmado.', { exact: true }));
      const paidStep = page.getByRole('listitem').filter({ hasText: 'Pagado' });
      expect(await paidStep.locator('time').count()).toBe(1);

      // The e-mail's 'Ver tu pedido' opened where the family is not logged in: the login, then the order again.
      const fromMail = await shop.openPage(size);
      await fromMail.goto(`/pedido/${order!.orderId}`);
      await fromMail.waitForURL('**/login');
      await submitLogin(fromMail, customer.email, customer.password);
      await fromMail.waitForURL(`${shop.server.baseUrl}/pedido/${order!.orderId}`);
      await visible(fromMail.getByRole('heading', { level: 1, name: `Pedido #${order!.orderId}` }));
    },
  );

  it('a family cancels its cash order from its page on a phone: asked first, its toys back on the shelf', async () => {
    // docs/decisions/0039-a-family-cancels-its-order.md
    const customer = await createCustomer(shop.server, 'Lucía Fajardo');
    const order = await placeOrder(shop.server, customer, 2);
    const stockNow = async () =>
      (await productsInStock(shop.server, 0)).find((p) => p.productId === order.productId)!.stock;
    const held = await stockNow();

    const page = await shop.openPage('phone');
    await openLoggedIn(page, customer.token, `/pedido/${order.orderId}`);
    await page.getByRole('button', { name: 'Cancelar pedido' }).click();
    const dialog = page.getByRole('dialog', { name: `¿Cancelar el pedido #${order.orderId}?` });
    await visible(
      dialog.getByText('Los juguetes vuelven a la tienda y el pedido queda cancelado. No se puede deshacer.'),
    );
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Sí, cancelarlo' }).click();
    await toast(page, 'Cancelaste tu pedido. Los juguetes volvieron a la tienda.').waitFor();
    await visible(page.getByText('Cancelaste este pedido y los juguetes volvieron a la tienda.', { exact: false }));
    // The button it was on is gone: the focus is on the status line, not lost to the page's top.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Ahora: Cancelado');
    expect(await page.getByRole('button', { name: 'Cancelar pedido' }).count()).toBe(0);
    expect(await stockNow()).toBe(held + 2);
    expect(await axeViolations(page)).toEqual([]);

    // The shop hears of it, so the owner does not prepare it.
    const notice = await shop.server.mail.waitFor(
      'tienda@e2e.hn',
      (m) => m.subject === `Orden #${order.orderId} cancelada por Lucía Fajardo`,
    );
    expect(notice.text).toContain('no la prepares ni la entregues');
    // 'Mis compras' shows it cancelled.
    await page.goto('/profile');
    const card = page.getByRole('listitem').filter({ hasText: `Pedido #${order.orderId}` });
    await visible(card.getByText('Cancelado', { exact: true }));
  });

  it('at twice the text on a 360-px phone the confirmation scrolls as one, its buttons inside it', async () => {
    const customer = await createCustomer(shop.server, 'Marta Zúniga');
    const order = await placeOrder(shop.server, customer, 1);
    const page = await shop.openPage('phone', { viewport: { width: 360, height: 640 } });
    await openLoggedIn(page, customer.token, `/pedido/${order.orderId}`);
    await page.getByRole('button', { name: 'Cancelar pedido' }).waitFor();
    await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
    await page.getByRole('button', { name: 'Cancelar pedido' }).click();
    const dialog = page.getByRole('dialog', { name: `¿Cancelar el pedido #${order.orderId}?` });
    const warning = dialog.getByText('Los juguetes vuelven a la tienda y el pedido queda cancelado.', { exact: false });
    await warning.waitFor();
    // The box that scrolls is the dialog's whole panel, title to buttons, not the warning's slit between them.
    const scroller = () =>
      warning.evaluate((element) => {
        for (let box = element.parentElement; box && box.tagName !== 'DIALOG'; box = box.parentElement)
          if (getComputedStyle(box).overflowY === 'auto') return box.parentElement?.tagName ?? null;
        return null;
      });
    await expect.poll(scroller).toBe('DIALOG');
    const inside = await dialog.evaluate((element) => {
      const edges = element.getBoundingClientRect();
      return Array.from(element.querySelectorAll('button')).every(
        (button) =>
          button.getBoundingClientRect().left >= edges.left && button.getBoundingClientRect().right <= edges.right,
      );
    });
    expect(inside).toBe(true);
  });
});
