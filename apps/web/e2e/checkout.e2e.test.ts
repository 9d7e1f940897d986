import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatLempiras } from '@tienda/shared/pricing';
import { axeViolations } from './support/browser';
import { E2E_ADMIN } from './support/shop-server';
import {
  addComboToCart,
  addProductToCart,
  call,
  cartSubtotalCents,
  createCustomer,
  fillSanPedroSulaDelivery,
  openLoggedIn,
  ordersOf,
  productsInStock,
} from './support/accounts-fixtures';
import { toast, useShop } from './support/use-shop';
import { placeOrder } from './support/admin-helpers';

// Checkout (spec §2 /pagar, §4, §5, §9) and the contact form, in a real Chromium.

interface OrderReply {
  orderId: number;
  createdAt: string;
  orderStatus: number;
  total: number;
  deliveryFee: number;
  city: string;
}

/** "21 de noviembre de 2026" and "9:30" for an ISO instant, in Honduras time (how /profile shows it). */
function hondurasDateParts(iso: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('es-HN', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZone: 'America/Tegucigalpa',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.day} de ${parts.month} de ${parts.year}`, time: `${parts.hour}:${parts.minute}` };
}

/** How far the page reaches past the right edge of the screen, in CSS pixels (0: nothing is off to the side). */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** A family pastes a Google Maps link into Dirección: ~190 characters, most of them without a space. */
const MAP_LINK_ADDRESS =
  "Res. Las Palmas casa 5, ubicación: https://www.google.com/maps/place/15%C2%B018'55.2%22N+88%C2%B001'31.6%22W/@15.3153,-88.0254,17z/data=!3m1!4b1!4m4!3m3!8m2!3d15.3153!4d-88.0254";

describe('checkout and contact in a real Chromium', () => {
  const shop = useShop();

  const confirm = (page: Page) => page.getByRole('button', { name: 'Confirmar pedido' }).click();
  /**
   * Confirms, then reads the order once the page says it was received: the click only sends it, and asked for at
   * once the customer's orders can still be empty (seen in CI).
   */
  const confirmAndReadOrder = async (page: Page, customer: Parameters<typeof ordersOf>[1]) => {
    await confirm(page);
    await page.getByRole('heading', { name: /^Recibimos tu pedido #\d+/ }).waitFor();
    const [order] = await ordersOf<OrderReply>(shop.server, customer);
    return order!;
  };

  it.each(['phone', 'desktop'] as const)(
    'a customer checks out, seeing each rule once and both fees (%s)',
    async (size) => {
      const customer = await createCustomer(shop.server, 'Daniela Paz');
      const [product] = await productsInStock(shop.server, 5);
      const [combo] = await call<Array<{ comboId: number; name: string; price: number; stock: number }>>(
        shop.server,
        'POST',
        '/api/Combo/search',
        {},
      ).then((all) => all.filter((c) => c.stock > 0));
      await addProductToCart(shop.server, customer, product!.productId, 2);
      await addComboToCart(shop.server, customer, combo!.comboId);
      const subtotalCents = await cartSubtotalCents(shop.server, customer);

      const page = await shop.openPage(size);
      await openLoggedIn(page, customer.token, '/pagar');
      await page.getByRole('heading', { name: 'Finalizar compra' }).waitFor();
      await page.getByText(product!.name, { exact: true }).waitFor();
      await page.getByText(combo!.name, { exact: true }).waitFor();
      expect(await page.getByTestId('checkout-subtotal').textContent()).toBe(formatLempiras(subtotalCents / 100));
      expect(await axeViolations(page)).toEqual([]);

      // spec §5: department, city, address and phone are required — said once.
      await confirm(page);
      await page.getByText('Por favor completa toda la información de entrega', { exact: true }).waitFor();
      expect(await page.getByText('Por favor completa toda la información de entrega', { exact: true }).count()).toBe(
        1,
      );
      // On screen with the field that took the focus, not below it.
      await expect
        .poll(() =>
          page
            .getByRole('alert')
            .filter({ hasText: 'Por favor completa toda la información de entrega' })
            .evaluate((alert) => {
              const box = alert.getBoundingClientRect();
              return box.top >= 0 && box.bottom <= window.innerHeight;
            }),
        )
        .toBe(true);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(
        await page.getByLabel('Departamento').getAttribute('id'),
      );
      expect(await axeViolations(page)).toEqual([]);

      // spec §9: L80 in San Pedro Sula, L100 elsewhere; choosing a department resets the city (spec §4).
      await page.getByLabel('Departamento').selectOption('Cortés');
      await page.getByLabel('Ciudad').selectOption('San Pedro Sula');
      expect(await page.getByTestId('checkout-delivery-fee').textContent()).toBe('L 80.00');
      expect(await page.getByTestId('checkout-total').textContent()).toBe(formatLempiras((subtotalCents + 8000) / 100));
      await page.getByLabel('Departamento').selectOption('Francisco Morazán');
      expect(await page.getByLabel('Ciudad').inputValue()).toBe('');
      await page.getByLabel('Ciudad').selectOption('Tegucigalpa');
      expect(await page.getByTestId('checkout-delivery-fee').textContent()).toBe('L 100.00');
      expect(await page.getByTestId('checkout-total').textContent()).toBe(
        formatLempiras((subtotalCents + 10000) / 100),
      );
      await page.getByLabel('Departamento').selectOption('Cortés');
      await page.getByLabel('Ciudad').selectOption('San Pedro Sula');

      await page.getByLabel('Dirección').fill('Barrio Río de Piedras, 8 calle, casa 21, portón verde');
      await page.getByLabel('Teléfono').fill('9988-776');
      await confirm(page);
      await page.getByText('Por favor ingrese un formato de telefono valido XXXXXXXX', { exact: true }).waitFor();
      expect(
        await page.getByText('Por favor ingrese un formato de telefono valido XXXXXXXX', { exact: true }).count(),
      ).toBe(1);
      expect(await page.getByText('Por favor completa toda la información de entrega', { exact: true }).count()).toBe(
        0,
      );
      await page.getByLabel('Teléfono').fill('99887766');
      await confirm(page);

      await toast(page, '¡Orden creada correctamente!').waitFor();
      await page.waitForURL(`${shop.server.baseUrl}/`);

      const [order] = await ordersOf<OrderReply>(shop.server, customer);
      expect(order).toMatchObject({
        orderStatus: 0,
        city: 'San Pedro Sula',
        deliveryFee: 80,
        total: (subtotalCents + 8000) / 100,
      });
      // The server empties the cart with the order; the header badge follows.
      expect(await call(shop.server, 'GET', `/api/Cart/User/${customer.userId}`, undefined, customer.token)).toEqual(
        [],
      );

      await page.goto('/profile');
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: `Pedido #${order!.orderId}` }) });
      await card.waitFor();
      const { date, time } = hondurasDateParts(order!.createdAt);
      const shown = await card.locator('time').textContent();
      expect(shown).toContain(date);
      expect(shown).toContain(time);
      await card.getByText('Pendiente', { exact: true }).waitFor();
      await card.getByText(product!.name, { exact: true }).waitFor();
      await card.getByText(formatLempiras(order!.total), { exact: true }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    },
  );

  it('a pasted map link and a name without spaces wrap instead of widening the order pages (phone)', async () => {
    // spec §5 allows both: a name of up to 100 characters, an address of up to 250.
    const customer = await createCustomer(shop.server, `Mariajosefernandezdelacruz${'x'.repeat(74)}`);
    const [product] = await productsInStock(shop.server, 5);
    await addProductToCart(shop.server, customer, product!.productId, 1);

    const page = await shop.openPage('phone');
    await openLoggedIn(page, customer.token, '/pagar');
    await page.getByRole('heading', { name: 'Finalizar compra' }).waitFor();
    await fillSanPedroSulaDelivery(page, MAP_LINK_ADDRESS, '99887766');
    expect(await horizontalOverflow(page)).toBe(0);
    await confirm(page);
    await toast(page, '¡Orden creada correctamente!').waitFor();
    const [order] = await ordersOf<OrderReply>(shop.server, customer);

    // The customer's page: the whole address, and nothing off to the side.
    await page.goto(`/pedido/${order!.orderId}`);
    await page.getByText(MAP_LINK_ADDRESS, { exact: false }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);

    // The owner's detail: the address and the customer's name whole, the date and Eliminar in view.
    const { token } = await call<{ token: string }>(shop.server, 'POST', '/api/Auth/login', {
      email: E2E_ADMIN.email,
      passwordHash: E2E_ADMIN.password,
    });
    const owner = await shop.openPage('phone');
    await openLoggedIn(owner, token, `/admin/orden/${order!.orderId}`);
    await owner.getByText(MAP_LINK_ADDRESS, { exact: true }).waitFor();
    await owner.getByText(customer.name, { exact: true }).waitFor();
    expect(await horizontalOverflow(owner)).toBe(0);
    const eliminar = await owner.getByRole('button', { name: /Eliminar/ }).boundingBox();
    expect(eliminar!.x + eliminar!.width).toBeLessThanOrEqual(390);
  });

  it("says 'Tu carrito está vacío' at checkout with an empty cart (phone)", async () => {
    const customer = await createCustomer(shop.server, 'Jorge Díaz');
    const page = await shop.openPage('phone');
    await openLoggedIn(page, customer.token, '/pagar');
    await page.getByRole('link', { name: 'Ir a la tienda' }).waitFor();
    await page.getByLabel('Departamento').selectOption('Yoro');
    await page.getByLabel('Ciudad').selectOption('El Progreso');
    await page.getByLabel('Dirección').fill('Colonia Las Palmas');
    await page.getByLabel('Teléfono').fill('33445566');
    await confirm(page);
    await page.getByRole('alert').filter({ hasText: 'Tu carrito está vacío' }).waitFor();
    expect(await ordersOf(shop.server, customer)).toEqual([]);
  });

  it.each([50, 100])(
    'every screen of a purchase reflows on a 360-px phone whose text is set %i % larger',
    async (larger) => {
      const customer = await createCustomer(shop.server, 'Doña Olga Pineda');
      const [product] = await productsInStock(shop.server, 2);
      await addProductToCart(shop.server, customer, product!.productId, 2);
      const page = await shop.openPage('phone', { viewport: { width: 360, height: 640 } });
      await openLoggedIn(page, customer.token, '/');
      const widths: Record<string, number> = {};
      for (const path of ['/', '/tienda', `/producto/${product!.productId}`, '/MiCarrito', '/pagar']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        // As Android's text size setting does: every rem grows, the screen does not.
        await page.addStyleTag({ content: `html { font-size: ${100 + larger}% !important; }` });
        widths[path] = await page.evaluate(() => document.documentElement.scrollWidth);
        if (path === '/MiCarrito') {
          // The toy's name keeps a readable width beside its picture, its subtotal moved under it.
          const name = await page.getByTestId('cart-line-name').boundingBox();
          expect(name!.width).toBeGreaterThan(120);
        }
      }
      // And the order's page, with a transfer's accounts and receipt form.
      const order = await placeOrder(shop.server, customer, 1, 'transferencia');
      const orderPath = `/pedido/${order.orderId}`;
      await page.goto(orderPath);
      await page.getByText('Elegir comprobante').waitFor();
      expect(await page.getByRole('banner').evaluate((header) => getComputedStyle(header).position)).toBe('sticky');
      await page.addStyleTag({ content: `html { font-size: ${100 + larger}% !important; }` });
      widths[orderPath] = await page.evaluate(() => document.documentElement.scrollWidth);
      // Kept on screen the header would hide 138 px (150 %) or 185 px (200 %) of a 640-px screen: it scrolls away
      // with the page instead.
      const headerPosition = () => page.getByRole('banner').evaluate((header) => getComputedStyle(header).position);
      await expect.poll(headerPosition).toBe('static');
      expect(widths).toEqual({
        '/': 360,
        '/tienda': 360,
        [`/producto/${product!.productId}`]: 360,
        '/MiCarrito': 360,
        '/pagar': 360,
        [orderPath]: 360,
      });
    },
  );

  it.each(['phone', 'desktop'] as const)(
    "the toast '¡Orden creada correctamente!' leaves the heading of the placed order in view (%s)",
    async (size) => {
      const customer = await createCustomer(shop.server, 'Karla Zelaya');
      const [product] = await productsInStock(shop.server, 3);
      await addProductToCart(shop.server, customer, product!.productId, 1);
      const page = await shop.openPage(size);
      await openLoggedIn(page, customer.token, '/pagar');
      await page.getByText(product!.name, { exact: true }).waitFor();
      await fillSanPedroSulaDelivery(page, 'Colonia Moderna, 3 calle, casa 7', '99001133');
      const order = await confirmAndReadOrder(page, customer);
      const heading = page.getByRole('heading', { name: `Recibimos tu pedido #${order.orderId}` });
      await heading.waitFor();
      // spec §8: the message is still said, as a toast that has come to rest.
      await toast(page, '¡Orden creada correctamente!').waitFor();
      // Its entrance has ended (the bar that counts down its 3 s runs on).
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || Number(a.effect?.getComputedTiming().duration) > 1500),
      );
      // The heading's words (not its box, as wide as the card), and what is on top of each corner of them.
      const covered = await heading.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const words = range.getBoundingClientRect();
        const inset = 2;
        return [
          [words.left + inset, words.top + inset],
          [words.right - inset, words.top + inset],
          [words.left + inset, words.bottom - inset],
          [words.right - inset, words.bottom - inset],
        ].filter(([x, y]) => !element.contains(document.elementFromPoint(x!, y!)));
      });
      expect(covered).toEqual([]);
    },
  );

  it('asks again for a screen whose code was cut off on the way, as when the shop restarts under a checkout (phone)', async () => {
    const customer = await createCustomer(shop.server, 'Iris Mejía');
    const [product] = await productsInStock(shop.server, 3);
    await addProductToCart(shop.server, customer, product!.productId, 1);
    const page = await shop.openPage('phone');
    // The first request for the note that follows an order fails, as while the shop is down.
    let cutOff = 0;
    await page.route(/\/assets\/placed-order-note-[^/]+\.js$/, (route) =>
      cutOff++ < 1 ? route.abort('connectionreset') : route.continue(),
    );
    await openLoggedIn(page, customer.token, '/pagar');
    await page.getByText(product!.name, { exact: true }).waitFor();
    await fillSanPedroSulaDelivery(page, 'Colonia Trejo, 5 calle, casa 20', '99001122');
    const order = await confirmAndReadOrder(page, customer);
    await page.getByRole('heading', { name: `Recibimos tu pedido #${order.orderId}` }).waitFor();
    expect(cutOff).toBe(2);
    expect(await page.getByText('Algo salió mal').count()).toBe(0);
  });

  it.each(['phone', 'desktop'] as const)(
    'sends the contact form and the shop receives the e-mail (%s)',
    async (size) => {
      const page = await shop.openPage(size);
      await page.goto('/contacto');
      await page.getByRole('heading', { name: 'Contáctanos' }).waitFor();
      await page.getByRole('main').getByRole('link', { name: '+504 9876-5432' }).waitFor();
      await page.getByRole('main').getByText('San Pedro Sula, Cortés, Honduras', { exact: true }).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Enviar mensaje' }).click();
      await page.getByText('Por favor completa todos los campos.', { exact: true }).waitFor();
      expect(await page.getByText('Por favor completa todos los campos.', { exact: true }).count()).toBe(1);

      const asunto = `Pregunta sobre pelotas sensoriales (${size})`;
      await page.getByLabel('Nombre').fill('Rosa Martínez');
      await page.getByLabel('Correo electrónico').fill(`rosa.${size}@correo.hn`);
      await page.getByLabel('Asunto').fill(asunto);
      await page.getByLabel('Mensaje').fill('Hola, ¿tienen pelotas con relieve para un niño de 4 años? Gracias.');
      await page.getByRole('button', { name: 'Enviar mensaje' }).click();
      await toast(page, 'Mensaje enviado exitosamente').waitFor();
      expect(await page.getByLabel('Asunto').inputValue()).toBe('');

      const mail = await shop.server.mail.waitFor(
        'tienda@e2e.hn',
        (m) => m.subject === `Mensaje de contacto: ${asunto}`,
      );
      expect(mail.text).toContain('Rosa Martínez');
      expect(mail.text).toContain(`rosa.${size}@correo.hn`);
      expect(mail.text).toContain('¿tienen pelotas con relieve para un niño de 4 años?');
    },
  );

  it.each(['phone', 'desktop'] as const)('the About and Policies pages read well and pass axe (%s)', async (size) => {
    const page = await shop.openPage(size);
    await page.goto('/quienes-somos');
    await page.getByRole('heading', { name: '¿Quiénes somos?' }).waitFor();
    for (const name of ['Historia', 'Misión', 'Visión'])
      await page.getByRole('heading', { name, exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // spec §2: /politicas scrolls to the top on entry.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('link', { name: 'Políticas', exact: false }).first().click();
    await page.waitForURL('**/politicas');
    await page.getByRole('heading', { name: 'Políticas de la tienda' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByText('No realizamos reembolsos.', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
