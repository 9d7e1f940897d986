import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatLempiras } from '@tienda/shared/pricing';
import { axeViolations } from './support/browser';
import { E2E_ADMIN } from './support/shop-server';
import { useShop } from './support/use-shop';
import {
  createCustomer,
  expectNoAxeViolations,
  gone,
  itemFor,
  logInThroughUi,
  placeOrder,
  visible,
  type Customer,
  type PlacedOrder,
} from './support/admin-helpers';

// ADMIN_SHOTS_DIR=<folder>: also save full-page screenshots of every admin page at both sizes, to look at
// (phone-usable, also good at 1440 px). Off by default: they cost seconds and nothing reads them.
const SHOTS_DIR = process.env.ADMIN_SHOTS_DIR || undefined;

const ADMIN_ROUTES = [
  '/admin/inicio',
  '/admin/usuarios',
  '/crear-usuario',
  '/admin/productos',
  '/admin/categorias',
  '/crear-categoria',
  '/editar-categoria/1',
  '/combos-admin',
  '/crear-combo',
  '/editar-combo/1',
  '/ordenes-pendientes',
  '/admin/orden/1',
];

describe('admin orders, users and access in Chromium', () => {
  const shop = useShop();

  async function adminPage(size: 'phone' | 'desktop'): Promise<Page> {
    const page = await shop.openPage(size);
    await logInThroughUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    return page;
  }

  // Each journey runs at phone size (cards) and at desktop size (tables) on the same shop, each with its own customer,
  // order and new administrator (named after the size, so the two runs never meet).
  describe.each(['phone', 'desktop'] as const)('at %s size', (size) => {
    let customer: Customer;
    let order: PlacedOrder;

    beforeAll(async () => {
      // A customer places an order through the API (the admin side is what is under test).
      customer = await createCustomer(shop.server, {
        name: `Lucía Fernández ${size}`,
        username: `luciaf-${size}`,
        email: `lucia.fernandez.${size}@correo.hn`,
        password: 'Lucia-2026!',
      });
      order = await placeOrder(shop.server, customer, 2);
    });

    it('takes a customer order through paid, delivered, pending and cancelled, checks its detail, then deletes it', async () => {
      const page = await adminPage(size);
      await page.goto('/admin/inicio');
      await visible(page.getByRole('heading', { level: 1, name: 'Panel de administración' }));
      await expectNoAxeViolations(page);
      // The figure links to the orders list with the Pendiente filter preset.
      await page.getByRole('link', { name: /Órdenes pendientes/ }).click();
      await page.waitForURL(
        (url) => url.pathname === '/ordenes-pendientes' && url.searchParams.get('estado') === 'pendiente',
      );
      expect(await page.getByLabel('Estado').inputValue()).toBe('pendiente');

      await page.getByLabel('Buscar órdenes').fill(customer.email);
      // The order's card on phones, its table row on desktops.
      const card = itemFor(page, `Orden #${order.orderId}`);
      await visible(card.getByText('Pendiente'));
      await visible(card.getByText(formatLempiras(order.total)));
      await visible(card.getByText('San Pedro Sula'));
      await expectNoAxeViolations(page);

      // Paid.
      await card.getByRole('button', { name: /Marcar pagada/ }).click();
      const confirmPay = page.getByRole('dialog', { name: 'Marcar como pagada' });
      await visible(confirmPay.getByText(`¿Marcar la orden #${order.orderId} como pagada?`));
      await expectNoAxeViolations(page);
      await confirmPay.getByRole('button', { name: 'Ok' }).click();
      await visible(page.getByText('Orden marcada como pagada'));
      // The list reloads: under the Pendiente filter the order is gone; under Pagado it is there.
      await visible(page.getByText('Ninguna orden coincide con el filtro.'));
      await page.getByLabel('Estado').selectOption('pagado');
      await visible(card.getByText('Pagado'));

      // The detail page.
      await card.getByRole('link', { name: /Ver/ }).click();
      await visible(page.getByRole('heading', { level: 1, name: `Detalles de la Orden #${order.orderId}` }));
      for (const text of [
        customer.name,
        customer.email,
        '98765432',
        'Colonia Los Álamos, casa 12, frente al parque',
        'San Pedro Sula',
        'Cortés',
        'Pagado',
        order.productName,
        'Cantidad: 2',
        'No hay combos en esta orden.',
        'Envío',
        formatLempiras(order.deliveryFee),
        formatLempiras(order.total),
      ]) {
        await visible(page.locator('main').getByText(text, { exact: false }));
      }
      expect(order.deliveryFee).toBe(80);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Volver atrás' }).click();
      await page.waitForURL((url) => url.pathname === '/ordenes-pendientes');

      // Delivered.
      await card.getByRole('button', { name: /Marcar entregada/ }).click();
      await page.getByRole('dialog', { name: 'Marcar como entregada' }).getByRole('button', { name: 'Ok' }).click();
      await visible(page.getByText('Orden marcada como entregada'));
      await page.getByLabel('Estado').selectOption('entregado');
      await visible(card.getByText('Entregado'));

      // Back to pending, from the detail page this time.
      await page.goto(`/admin/orden/${order.orderId}`);
      await visible(page.getByText('Entregado'));
      await page.getByRole('button', { name: /Marcar pendiente/ }).click();
      await page.getByRole('dialog', { name: 'Marcar como pendiente' }).getByRole('button', { name: 'Ok' }).click();
      await visible(page.getByText('Orden marcada como pendiente'));
      await visible(page.getByRole('button', { name: /Marcar pagada/ }));

      // Cancelled by the shop: it stays, and says who cancelled it (docs/decisions/0039-…).
      await page.getByRole('button', { name: /Cancelar orden/ }).click();
      const confirmCancel = page.getByRole('dialog', { name: 'Cancelar orden' });
      await visible(confirmCancel.getByText(`¿Cancelar la orden #${order.orderId}?`));
      await confirmCancel.getByRole('button', { name: 'Sí, cancelarla' }).click();
      await visible(page.getByText('Orden cancelada'));
      await visible(page.getByText('La tienda canceló esta orden y sus unidades volvieron al stock.'));

      // Delete from the list.
      await page.goto(`/ordenes-pendientes?q=${customer.email}`);
      await visible(card.getByText('Cancelado'));
      await card.getByRole('button', { name: /Eliminar/ }).click();
      const confirmDelete = page.getByRole('dialog', { name: 'Eliminar orden' });
      await visible(confirmDelete.getByText(`¿Estás seguro que deseas eliminar la orden #${order.orderId}?`));
      await confirmDelete.getByRole('button', { name: 'Ok' }).click();
      await visible(page.getByText('Orden eliminada'));
      await visible(page.getByText('Ninguna orden coincide con el filtro.'));
      await page.goto(`/admin/orden/${order.orderId}`);
      await visible(page.getByText('Error al cargar los detalles de la orden.'));
      await page.context().close();
    });

    it('edits a user, creates another administrator who then sees Vista Admin, and deletes a user', async () => {
      const page = await adminPage(size);
      await page.goto('/admin/usuarios');
      await visible(page.getByRole('heading', { level: 1, name: 'Administración de Usuarios' }));
      await page.getByLabel('Buscar usuarios').fill(customer.email.toUpperCase());
      const row = itemFor(page, customer.name);
      await visible(row.getByText(String(customer.userId).padStart(5, '0')));
      await expectNoAxeViolations(page);

      await row.getByRole('button', { name: /Editar/ }).click();
      const edit = page.getByRole('dialog', { name: 'Editar usuario' });
      expect(await edit.getByLabel('Correo electrónico').inputValue()).toBe(customer.email);
      // Another account's e-mail: refused, and the toast shows above the dialog, where it can be read and closed.
      await edit.getByLabel('Correo electrónico').fill(E2E_ADMIN.email);
      await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
      await visible(edit.locator('.Toastify__toast', { hasText: 'Error al editar el usuario' }));
      await edit.getByRole('button', { name: 'Cerrar aviso' }).click();
      await gone(edit.getByRole('button', { name: 'Cerrar aviso' }));
      await edit.getByLabel('Correo electrónico').fill(customer.email);
      await edit.getByLabel('Nombre').fill(`Lucía Fernández Paz ${size}`);
      await expectNoAxeViolations(page);
      await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
      await visible(page.getByText('Usuario editado exitosamente'));
      await gone(edit);
      await visible(itemFor(page, `Lucía Fernández Paz ${size}`));

      // The account's orders: the orders admin, filtered to it and naming it.
      await itemFor(page, `Lucía Fernández Paz ${size}`)
        .getByRole('link', { name: /Órdenes/ })
        .click();
      await page.waitForURL(
        (url) => url.pathname === '/ordenes-pendientes' && url.searchParams.get('cliente') === String(customer.userId),
      );
      await visible(page.getByText(`Órdenes de Lucía Fernández Paz ${size} (${customer.email})`));
      await page.goBack();
      await visible(page.getByRole('heading', { level: 1, name: 'Administración de Usuarios' }));

      await page.getByRole('link', { name: /Nuevo usuario/ }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Crear usuario administrador' }));
      expect(await page.getByLabel('Rol').isDisabled()).toBe(true);
      await page.getByLabel('Nombre').fill(`Marta Reyes ${size}`);
      await page.getByLabel('Correo electrónico').fill(`marta.reyes.${size}@jugarycrecer.hn`);
      await page.getByLabel('Usuario').fill(`martareyes-${size}`);
      await page.getByLabel('Contraseña').fill('Marta-Admin-2026');
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Crear usuario' }).click();
      await visible(page.getByText(`Usuario administrador martareyes-${size} creado exitosamente`));
      await page.waitForURL((url) => url.pathname === '/admin/usuarios');
      await page.getByLabel('Buscar usuarios').fill(`martareyes-${size}`);
      await visible(itemFor(page, `Marta Reyes ${size}`).getByText('Administrador'));

      // The customer's account is deleted through its dialog.
      await page.getByLabel('Buscar usuarios').fill(customer.email);
      // The server's answer for that term is on screen (the last search's row gone) before the row is deleted from it.
      await itemFor(page, `Marta Reyes ${size}`).first().waitFor({ state: 'detached' });
      await visible(page.getByText('1 usuario encontrado'));
      await itemFor(page, `Lucía Fernández Paz ${size}`)
        .getByRole('button', { name: /Eliminar/ })
        .click();
      const confirm = page.getByRole('dialog', { name: 'Eliminar usuario' });
      await visible(confirm.getByText('¿Estás seguro que deseas eliminar este usuario?'));
      await confirm.getByRole('button', { name: 'Ok' }).click();
      await visible(page.getByText('Usuario eliminado exitosamente'));
      await visible(page.getByText('Ningún usuario coincide con la búsqueda.'));
      await page.context().close();

      // The new administrator logs in and gets 'Vista Admin', which leads to the admin home.
      const marta = await shop.openPage(size);
      await logInThroughUi(marta, `martareyes-${size}`, 'Marta-Admin-2026');
      // On phones the header's links live in the menu.
      if (size === 'phone') await marta.getByRole('button', { name: 'Abrir menú' }).click();
      await marta.getByRole('link', { name: 'Vista Admin' }).click();
      await visible(marta.getByRole('heading', { level: 1, name: 'Panel de administración' }));
      await marta.context().close();
    });
  });

  it('shows the restricted notice on every admin route to a customer and to a guest', async () => {
    const other = await createCustomer(shop.server, {
      name: 'Pedro Castro',
      username: 'pedroc',
      email: 'pedro.castro@correo.hn',
      password: 'Pedro-2026!',
    });
    const page = await shop.openPage('phone');
    await logInThroughUi(page, other.username, other.password);
    for (const route of ADMIN_ROUTES) {
      await page.goto(route);
      await visible(page.getByRole('heading', { name: 'Vista exclusiva para administradores' }));
      await visible(page.getByText('Lo sentimos, no tienes acceso a esta sección.'));
      expect(await page.getByRole('link', { name: 'Vista Admin' }).count()).toBe(0);
    }
    await expectNoAxeViolations(page);
    await page.context().close();

    const guest = await shop.openPage('desktop');
    for (const route of ['/admin/inicio', '/crear-categoria', '/ordenes-pendientes']) {
      await guest.goto(route);
      await visible(guest.getByRole('heading', { name: 'Vista exclusiva para administradores' }));
      await expect.poll(() => guest.title()).toBe('Vista exclusiva para administradores · Jugar y Crecer');
    }
    await guest.context().close();
  });

  it('every admin page reflows on a 360-px phone whose text is set twice as large', async () => {
    const page = await shop.openPage('phone', { viewport: { width: 360, height: 640 } });
    await logInThroughUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const widths: Record<string, number> = {};
    for (const route of ADMIN_ROUTES) {
      await page.goto(route);
      await visible(page.getByRole('heading', { level: 1 }));
      await gone(page.getByRole('status').filter({ hasText: /Cargando/ }));
      // As Android's text size setting does: every rem grows, the screen does not.
      await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
      widths[route] = await page.evaluate(() => document.documentElement.scrollWidth);
    }
    expect(widths).toEqual(Object.fromEntries(ADMIN_ROUTES.map((route) => [route, 360])));
    await page.context().close();
  });

  it.each(['phone', 'desktop'] as const)('has no axe violations on any admin page (%s)', async (size) => {
    const page = await adminPage(size);
    for (const route of ADMIN_ROUTES) {
      await page.goto(route);
      await visible(page.getByRole('heading', { level: 1 })).catch(async (error: unknown) => {
        const shot = path.join(SHOTS_DIR ?? tmpdir(), `admin-failed-${size}${route.replace(/\//g, '_')}.png`);
        await page.screenshot({ path: shot });
        throw new Error(`${route}: ${String(error)}`);
      });
      // Wait for the screen's data (skeletons gone) before judging it.
      await gone(page.getByRole('status').filter({ hasText: /Cargando/ }));
      const violations = await axeViolations(page);
      // Phone-usable: nothing wider than the screen (tables turn into cards).
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ route, violations, overflow }).toEqual({ route, violations: [], overflow: 0 });
      if (SHOTS_DIR) {
        await page.screenshot({
          path: path.join(SHOTS_DIR, `admin-${size}${route.replace(/\//g, '_')}.png`),
          fullPage: true,
        });
      }
    }
    await page.context().close();
  });
});
