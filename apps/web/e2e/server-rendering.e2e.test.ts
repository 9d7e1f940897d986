import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { discountedPrice, formatLempiras } from '@tienda/shared/pricing';
import { call, createCustomer, openLoggedIn, productsInStock, type CatalogProduct } from './support/accounts-fixtures';
import { toast, useShop } from './support/use-shop';

// Storefront pages arrive rendered (docs/decisions/0027-server-rendered-storefront.md): a product page reads without
// JavaScript, and with it the page hydrates the server's markup (no mismatch, the same nodes) and works fully.

describe('server-rendered storefront in a real Chromium', () => {
  const shop = useShop();
  let product: CatalogProduct;
  const priceText = (p: CatalogProduct) => formatLempiras(discountedPrice(p.price, p.discount));
  /** A customer's cart as the API holds it: [productId, quantity] per line. */
  const cartOf = async (customer: { userId: number; token: string }) =>
    (
      await call<Array<{ productId: number | null; quantity: number }>>(
        shop.server,
        'GET',
        `/api/Cart/User/${customer.userId}`,
        undefined,
        customer.token,
      )
    ).map((line) => [line.productId, line.quantity]);

  beforeAll(async () => {
    const inStock = await productsInStock(shop.server);
    // A discounted one when there is one: its price is the one the page shows as the price to pay.
    product = inStock.find((p) => p.discount > 0) ?? inStock[0]!;
  });

  it('shows a product page with JavaScript turned off', async () => {
    const page = await shop.openPage('phone', { javaScriptEnabled: false });
    await page.goto(`/producto/${product.productId}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(product.name);
    const price = product.discount > 0 ? page.getByTestId('price-now') : page.getByTestId('price');
    expect(await price.first().textContent()).toBe(priceText(product));
  });

  it('hydrates the product page without an error and adds to the cart for a customer', async () => {
    const customer = await createCustomer(shop.server);
    const page = await shop.openPage('phone');
    const problems = watchForErrors(page);
    // The heading the server wrote, remembered before any script runs: hydration keeps that very node. Preact does
    // not report a mismatch, so the page's main content as the server wrote it is kept too, to compare.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const kept = window as unknown as { serverHeading: Element | null; serverMain: string | undefined };
        kept.serverHeading = document.querySelector('h1');
        kept.serverMain = document.querySelector('main')?.outerHTML;
      });
    });
    await openLoggedIn(page, customer.token, `/producto/${product.productId}`);
    await page.getByTestId('cart-count').waitFor();
    expect(
      await page.evaluate(() => {
        const kept = (window as unknown as { serverHeading: Element | null }).serverHeading;
        return kept !== null && kept === document.querySelector('h1');
      }),
    ).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(product.name);
    const main = await page.evaluate(() => ({
      server: (window as unknown as { serverMain: string | undefined }).serverMain,
      hydrated: document.querySelector('main')!.outerHTML,
    }));
    expect(main.hydrated).toBe(main.server);

    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    await toast(page, `✔ ${product.name} agregado`).waitFor();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    expect(problems).toEqual([]);
  });

  it("still says '✔ … agregado' when the toasts' code cannot be fetched any more (the connection dropped)", async () => {
    const [product] = await productsInStock(shop.server);
    const customer = await createCustomer(shop.server);
    const page = await shop.openPage('phone');
    await openLoggedIn(page, customer.token, `/producto/${product!.productId}`);
    await page.getByTestId('cart-count').waitFor();
    // From now on no script or stylesheet arrives; the API still answers.
    await page.route('**/assets/**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    const notice = page.getByRole('status').filter({ hasText: `✔ ${product!.name} agregado` });
    await notice.waitFor();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    // Gone after a toast's 3 s.
    await notice.waitFor({ state: 'detached', timeout: 5_000 });
  });

  it('searches what a visitor typed into the painted page before its scripts started', async () => {
    const page = await shop.openPage('phone');
    const problems = watchForErrors(page);
    // Scripts wait until the test lets them through: the visitor types on the server's page, as on a slow phone.
    let letScriptsThrough = () => {};
    const scriptsMayLoad = new Promise<void>((resolve) => (letScriptsThrough = resolve));
    await page.route('**/*.js', async (route) => {
      await scriptsMayLoad;
      await route.continue();
    });
    // goto waits for the app to be live (support/browser.ts), which needs the scripts: it is awaited after they go.
    const opened = page.goto('/tienda', { waitUntil: 'commit' });
    const box = page.getByLabel('Buscar juguetes');
    await box.fill('pelta');
    letScriptsThrough();
    await opened;
    const expected = (
      await call<Array<{ name: string }>>(shop.server, 'POST', '/api/Product/search', { searchTerm: 'pelta' })
    ).map((p) => p.name);
    expect(expected).toContain('Pelota saltarina con asas');
    await page.waitForURL('**/tienda?q=pelta');
    await expect.poll(() => page.getByTestId('card-name').allTextContents()).toEqual(expected);
    expect(await box.inputValue()).toBe('pelta');
    expect(problems).toEqual([]);
  });

  it("searches what a visitor submitted before the scripts started, keeping the shop's other choices", async () => {
    // Without JavaScript the page stays as the server painted it: the browser submits the form itself.
    const page = await shop.openPage('phone', { javaScriptEnabled: false });
    await page.goto('/tienda?disponibles=1');
    const box = page.getByLabel('Buscar juguetes');
    await box.fill('pelta');
    await box.press('Enter');
    await page.waitForURL('**/tienda?disponibles=1&q=pelta');
    const expected = (
      await call<Array<{ name: string }>>(shop.server, 'POST', '/api/Product/search', {
        searchTerm: 'pelta',
        inStock: true,
      })
    ).map((p) => p.name);
    expect(expected).toContain('Pelota saltarina con asas');
    expect(await page.getByTestId('card-name').allTextContents()).toEqual(expected);
    expect(await box.inputValue()).toBe('pelta');
  });

  // The page's inline script keeps the taps (shared/early-taps.ts): while the app's scripts are on their way, and
  // before even the page's own small module has come, one round trip after the painted page on a slow line.
  it.each([
    ["the app's scripts came", false],
    ["even the page's own module came", true],
  ])(
    'keeps the taps a customer made before %s, and carries them out once the page is live',
    async (_label, holdBoot) => {
      const customer = await createCustomer(shop.server);
      const page = await shop.openPage('phone');
      const problems = watchForErrors(page);
      // The app's scripts wait until the test lets them through; the small module the page starts with does not.
      let holdScripts = false;
      let entryAsked = () => {};
      const scriptsAsked = new Promise<void>((resolve) => (entryAsked = resolve));
      let letScriptsThrough = () => {};
      const scriptsMayLoad = new Promise<void>((resolve) => (letScriptsThrough = resolve));
      await page.route('**/assets/*.js', async (route) => {
        const request = route.request();
        if (
          holdScripts &&
          request.frame().url().includes('/producto/') &&
          (holdBoot || !request.url().includes('/scripts-after-paint-'))
        ) {
          entryAsked();
          await scriptsMayLoad;
        }
        await route.continue();
      });
      await page.goto('/politicas');
      await page.evaluate((value) => localStorage.setItem('token', value), customer.token);
      holdScripts = true;
      const opened = page.goto(`/producto/${product.productId}`, { waitUntil: 'commit' });
      // The module asks for the app's scripts once the page is painted; held, it is itself the first script asked for.
      await scriptsAsked;
      const more = page.getByRole('button', { name: 'Aumentar cantidad' });
      const add = page.getByRole('button', { name: 'Agregar al carrito' });
      await more.click();
      await add.click();
      expect(await more.getAttribute('data-tap-kept')).toBe('');
      expect(await add.getAttribute('data-tap-kept')).toBe('');
      letScriptsThrough();
      await opened;
      await toast(page, `✔ ${product.name} agregado`).waitFor();
      expect(await cartOf(customer)).toEqual([[product.productId, 2]]);
      expect(await add.getAttribute('data-tap-kept')).toBeNull();
      await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('2');
      expect(problems).toEqual([]);
    },
  );

  // A phone whose signal drops while the page's scripts download (docs/decisions/0030-…): the painted page asks
  // for them again once it is back online, or a few seconds later, and the tap made meanwhile is carried out.
  it.each([
    ['offline until the signal returns', true],
    ['cut once while the phone stays online', false],
  ])('asks again for scripts whose download was cut (%s), keeping the tap', async (_label, goesOffline) => {
    const customer = await createCustomer(shop.server);
    const page = await shop.openPage('phone');
    let cut = false;
    let scriptsCut = () => {};
    const cutDone = new Promise<void>((resolve) => (scriptsCut = resolve));
    await page.route('**/assets/*.js', async (route) => {
      const request = route.request();
      if (cut && request.frame().url().includes('/producto/') && !request.url().includes('/scripts-after-paint-')) {
        if (goesOffline) await page.context().setOffline(true);
        await route.abort('internetdisconnected');
        scriptsCut();
        return;
      }
      await route.continue();
    });
    await page.goto('/politicas');
    await page.evaluate((value) => localStorage.setItem('token', value), customer.token);
    cut = true;
    const opened = page.goto(`/producto/${product.productId}`, { waitUntil: 'commit' });
    await cutDone;
    const add = page.getByRole('button', { name: 'Agregar al carrito' });
    await add.click();
    expect(await add.getAttribute('data-tap-kept')).toBe('');
    cut = false;
    if (goesOffline) await page.context().setOffline(false);
    await opened;
    await toast(page, `✔ ${product.name} agregado`).waitFor();
    expect(await cartOf(customer)).toEqual([[product.productId, 1]]);
  });

  // Safari and Firefox remember a module's failed download, so every try fails at once: the page loads again, once.
  it('loads the page again, once, when every try at its scripts failed but the entry can be fetched', async () => {
    const page = await shop.openPage('phone');
    const problems = watchForErrors(page);
    let entryFailures = 0;
    let cut = false;
    await page.route('**/assets/index-*.js', async (route) => {
      if (cut && route.request().method() === 'GET' && entryFailures < 4) {
        entryFailures += 1;
        await route.abort('internetdisconnected');
        return;
      }
      await route.continue();
    });
    await page.goto('/politicas');
    cut = true;
    const reloaded = page.waitForEvent('load', { predicate: () => entryFailures === 4 });
    await page.goto(`/producto/${product.productId}`, { waitUntil: 'commit' });
    await reloaded;
    // The page that loaded again is live: its quantity button works.
    await page.getByRole('button', { name: 'Aumentar cantidad' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('2');
    expect(entryFailures).toBe(4);
    expect(
      await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('recargada:'))),
    ).toHaveLength(1);
    expect(problems.filter((problem) => !problem.includes('dynamically imported module'))).toEqual([]);
  });

  it('a screen whose code could not load offline loads by itself once the signal returns', async () => {
    const page = await shop.openPage('phone');
    await page.goto('/');
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.context().setOffline(true);
    await page.getByRole('link', { name: 'Ver Catálogo' }).click();
    // The screen waits for the signal (lib/load-with-retries.ts), saying so, rather than failing.
    await page.getByRole('status').filter({ hasText: 'Cargando...' }).waitFor();
    await page.context().setOffline(false);
    await page.getByTestId('catalog-card').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/tienda');
    expect(await page.getByText('Algo salió mal').count()).toBe(0);
    expect(loads).toBe(0);
  });

  it('keeps a contact message out of the address before the scripts start', async () => {
    const page = await shop.openPage('phone', { javaScriptEnabled: false });
    await page.goto('/contacto');
    const send = page.getByRole('button', { name: 'Enviar mensaje' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel('Nombre').fill('Lucía Paz');
    await page.getByLabel('Mensaje').fill('¿Tienen pelotas sensoriales?');
    // Enter in a field submits a form whose default button is enabled: here it must not.
    const navigated = page.waitForEvent('framenavigated', { timeout: 1500 }).then(
      (frame) => frame.url(),
      () => null,
    );
    await page.getByLabel('Nombre').press('Enter');
    expect(await navigated).toBeNull();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByLabel('Nombre').inputValue()).toBe('Lucía Paz');
  });
});

/**
 * Console errors and uncaught exceptions. Chromium's own line for an HTTP error status is left out: a customer's
 * admin check answers 403 by design (spec §6).
 */
function watchForErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource:'))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
