import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeViolations, launchBrowser, newContext } from './support/browser';
import { startShopServer, type ShopServer } from './support/shop-server';

describe('the shop loads in a real Chromium', () => {
  let shop: ShopServer;
  let browser: Browser;
  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShopServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.close();
  });

  it.each(['phone', 'desktop'] as const)('shows the home page and the 404 page (%s)', async (size) => {
    const context = await newContext(browser, shop.baseUrl, size);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Juguetes que Inspiran Creatividad' }).isVisible()).resolves.toBe(true);
    await page.goto('/no-existe/nada');
    await expect(page.getByRole('heading', { name: '404 - Página no encontrada' }).isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  // A page wider than the phone makes the whole shop slide sideways under a thumb.
  it('never scrolls sideways on a 390 px phone', async () => {
    const context = await newContext(browser, shop.baseUrl, 'phone');
    const page = await context.newPage();
    const paths = ['/', '/tienda', '/tienda?modo=combos', '/producto/1', '/combo/1', '/quienes-somos', '/politicas', '/contacto', '/registro', '/login', '/olvide-contrasena', '/MiCarrito', '/no-existe'];
    const widths: Record<string, number> = {};
    for (const path of paths) {
      await page.goto(path, { waitUntil: 'networkidle' });
      widths[path] = await page.evaluate(() => document.documentElement.scrollWidth);
    }
    expect(widths).toEqual(Object.fromEntries(paths.map((path) => [path, 390])));
    await context.close();
  });
});
