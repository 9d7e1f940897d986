import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './support/shop-server';
import { useShop } from './support/use-shop';
import type { Page } from 'playwright-core';
import { shopDay } from '@tienda/shared/shop-time';
import { formatLempiras } from '@tienda/shared/pricing';
import { countOf } from '@tienda/shared/plural';
import { formatShopDay } from '../src/lib/dates';
import {
  createCustomer,
  expectNoAxeViolations,
  itemFor,
  logInThroughUi,
  placeOrder,
  visible,
} from './support/admin-helpers';

/** The session token the web app keeps after logging in. */
const adminToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

// The owner's dashboard at phone size (docs/decisions/0023-owner-dashboard.md): the 30-day chart, the low-stock list
// with the owner's own threshold, and the orders as a CSV that keeps its accents. DASHBOARD_SHOT=<file.png> also
// saves a screenshot of the dashboard to look at.
describe('the owner dashboard at phone and desktop size', () => {
  const shop = useShop();

  it.each(['phone', 'desktop'] as const)(
    'shows 30 days of sales, keeps the low-stock threshold, and downloads the orders with accents intact (%s)',
    async (size) => {
      const customer = await createCustomer(shop.server, {
        name: `Íñigo Núñez Peña ${size}`,
        username: `inigo-dashboard-${size}`,
        email: `inigo.nunez.${size}@correo.hn`,
        password: 'Inigo-2026!',
      });
      const order = await placeOrder(shop.server, customer, 2);

      const page = await shop.openPage(size);
      await logInThroughUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.goto('/admin/inicio');

      // The chart: one bar per day, and a summary a screen reader reads.
      const chart = await visible(page.getByRole('img', { name: /^Ventas de los últimos 30 días: L / }));
      expect(await page.getByTestId('sales-bar').count()).toBe(30);
      expect(await chart.getAttribute('aria-label')).toContain('El mejor día');
      expect(await page.getByRole('table', { name: 'Ventas por día' }).getByRole('row').count()).toBe(31);
      // Its amount scale: the best day's total and half of it.
      const { salesByDay } = (await (
        await fetch(`${shop.server.baseUrl}/api/admin/stats`, {
          headers: { authorization: `Bearer ${await adminToken(page)}` },
        })
      ).json()) as { salesByDay: Array<{ day: string; total: number; orders: number }> };
      const best = Math.max(...salesByDay.map((day) => day.total));
      expect(await page.getByTestId('sales-scale').allInnerTexts()).toEqual([
        formatLempiras(best),
        formatLempiras(best / 2),
      ]);
      // A tap on today's bar, at the chart's right edge, says its day, amount and orders.
      const box = (await chart.boundingBox())!;
      await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
      const lastDay = salesByDay.at(-1)!;
      expect(await page.getByTestId('sales-picked-day').innerText()).toBe(
        `${formatShopDay(lastDay.day)}: ${formatLempiras(lastDay.total)} en ${countOf(lastDay.orders, 'orden', 'órdenes')}.`,
      );
      // Today has this test's order: the tapped day leads to its orders, the list filtered to that day.
      const dayOrders = page.getByRole('link', { name: 'Ver las órdenes de ese día' });
      expect(await dayOrders.getAttribute('href')).toBe(
        `/ordenes-pendientes?desde=${lastDay.day}&hasta=${lastDay.day}`,
      );
      await dayOrders.click();
      await visible(itemFor(page, `Orden #${order.orderId}`));
      expect(await page.getByLabel('Desde').inputValue()).toBe(lastDay.day);
      await page.goBack();

      // Low stock: the owner raises the threshold to a toy's stock and the toy is listed.
      const { lowStockThreshold } = (await (
        await fetch(`${shop.server.baseUrl}/api/admin/stats`, {
          headers: { authorization: `Bearer ${await adminToken(page)}` },
        })
      ).json()) as { lowStockThreshold: number };
      await visible(page.getByRole('heading', { name: `Poco stock (${lowStockThreshold} o menos)` }));
      const products = (await (await fetch(`${shop.server.baseUrl}/api/Product`)).json()) as Array<{
        name: string;
        stock: number;
      }>;
      const toy = products.filter((p) => p.stock > lowStockThreshold).sort((a, b) => a.stock - b.stock)[0]!;
      const lowStock = page.getByRole('region', { name: /Poco stock/ }).getByRole('listitem');
      expect(await lowStock.filter({ hasText: toy.name }).count()).toBe(0);
      const threshold = page.getByLabel('Límite de poco stock');
      await threshold.fill('-1');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await visible(page.getByText('El límite de poco stock debe ser un número entero entre 0 y 1000.'));
      await threshold.fill(String(toy.stock));
      await page.getByRole('button', { name: 'Guardar' }).click();
      await visible(page.getByRole('heading', { name: `Poco stock (${toy.stock} o menos)` }));
      await visible(lowStock.filter({ hasText: toy.name }));
      await page.reload();
      await visible(page.getByRole('heading', { name: `Poco stock (${toy.stock} o menos)` }));
      // Each best seller opens its row in the products admin, as a low-stock toy does.
      const bestSeller = page.getByRole('region', { name: 'Los más vendidos' }).getByRole('link').first();
      const bestSellerName = (await bestSeller.locator('span.font-semibold').innerText()).trim();
      expect(await bestSeller.getAttribute('href')).toBe(`/admin/productos?q=${encodeURIComponent(bestSellerName)}`);
      await expectNoAxeViolations(page);
      if (process.env.DASHBOARD_SHOT) await page.screenshot({ path: process.env.DASHBOARD_SHOT, fullPage: true });

      // 'Ventas del mes' opens this month's orders but the expired ones, from its first day in Honduras to today:
      // as many as the tile counts.
      const salesTile = page.getByRole('link', { name: /Ventas del mes/ });
      const counted = /(\d+) órdenes? este mes/.exec(await salesTile.innerText())?.[1];
      // Beside what was ordered, what is already paid.
      expect(await salesTile.innerText()).toMatch(/órdenes? este mes · cobrado L [\d,]+\.\d{2}/);
      await salesTile.click();
      await page.waitForURL('**/ordenes-pendientes?**');
      const month = new URL(page.url()).searchParams;
      const today = shopDay(new Date());
      expect([month.get('estado'), month.get('desde'), month.get('hasta')]).toEqual([
        'ventas',
        `${today.slice(0, 8)}01`,
        today,
      ]);
      expect(await page.getByLabel('Estado').inputValue()).toBe('ventas');
      await visible(page.getByRole('link', { name: `Ver orden #${order.orderId}` }));
      await visible(page.getByText(new RegExp(`^${counted} órdenes? encontradas?$`)));

      // The orders, filtered like the list, as a CSV with a BOM and the customer's accents.
      await page.goto('/ordenes-pendientes?estado=pendiente');
      await page.getByLabel('Buscar órdenes').fill(`Íñigo Núñez Peña ${size}`);
      await visible(page.getByText('1 orden encontrada'));
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Descargar CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^pedidos-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync(await download.path(), 'utf8');
      const lines = csv.split('\r\n');
      expect(lines[0]).toBe(
        '\uFEFFOrden,Fecha,Estado,Cliente,Correo,Teléfono,Departamento,Ciudad,Dirección,Pago,Artículos,Subtotal,Envío,Total',
      );
      expect(lines).toHaveLength(3); // the header, the one order, and the final line break
      expect(lines[1]).toMatch(
        new RegExp(
          `^${order.orderId},${today} \\d{2}:\\d{2},Pendiente,Íñigo Núñez Peña ${size},inigo\\.nunez\\.${size}@correo\\.hn,`,
        ),
      );
      expect(lines[1]!.endsWith(`,${order.total.toFixed(2)}`)).toBe(true);

      // The days it was placed on: today keeps it, up to yesterday leaves it out, an inverted range is refused.
      const yesterday = shopDay(new Date(Date.now() - 24 * 60 * 60 * 1000));
      await page.getByLabel('Desde', { exact: true }).fill(today);
      await visible(page.getByText('1 orden encontrada'));
      await page.getByLabel('Hasta', { exact: true }).fill(yesterday);
      await visible(page.getByText('La fecha "desde" no puede ser posterior a la fecha "hasta".'));
      await page.getByLabel('Desde', { exact: true }).fill('');
      await visible(page.getByText('Ninguna orden coincide con el filtro.'));
      expect(new URL(page.url()).searchParams.get('hasta')).toBe(yesterday);
    },
  );

  it('makes a backup from the admin home on a phone and downloads it', async () => {
    const page = await shop.openPage('phone');
    await logInThroughUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin/inicio');
    const card = page.getByRole('region', { name: 'Copias de seguridad' });
    await visible(card.getByText('Todavía no hay copias.'));
    await visible(card.getByText('La tienda no hace copias nocturnas. Se guardan las copias de los últimos 14 días.'));

    await card.getByRole('button', { name: 'Hacer una copia ahora' }).click();
    await visible(card.getByText(/^Copia lista: [\d.,]+ (MB|kB)\.$/));
    // To the second, in shop time: backups may be made seconds apart.
    const downloadButton = card.getByRole('button', { name: /^Descargar la copia del .*\d:\d\d:\d\d/ });
    expect(await downloadButton.count()).toBe(1);
    await expectNoAxeViolations(page);

    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toMatch(/^tienda-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}\.tar\.gz$/);
    const archive = readFileSync(await download.path());
    // gzip's magic number, and the size the list shows.
    expect([archive[0], archive[1]]).toEqual([0x1f, 0x8b]);
    const listed = (await (
      await fetch(`${shop.server.baseUrl}/api/admin/backups`, {
        headers: { authorization: `Bearer ${await adminToken(page)}` },
      })
    ).json()) as { backups: Array<{ name: string; bytes: number }> };
    expect(listed.backups).toEqual([
      { name: download.suggestedFilename(), bytes: archive.length, createdAt: expect.any(String) },
    ]);
    // Still on the dashboard: the download did not navigate away.
    expect(new URL(page.url()).pathname).toBe('/admin/inicio');
  });
});
