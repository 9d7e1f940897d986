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
});
