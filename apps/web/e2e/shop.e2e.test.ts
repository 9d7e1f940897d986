import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { discountedPrice, formatLempiras } from '@tienda/shared/pricing';
import { axeViolations } from './support/browser';
import { call, cartSubtotalCents, createCustomer, openLoggedIn, submitLogin } from './support/accounts-fixtures';
import { toast, useShop } from './support/use-shop';

// The storefront a family meets on a phone and on a desktop — home, /tienda (search without
// accents, categories, the three sort orders, pages, in-stock, combos), product and combo pages, adding as
// a guest and as a customer, the header badge, /MiCarrito and the 404 page — with axe on every page.

interface ApiProduct {
  productId: number;
  name: string;
  price: number;
  discount: number;
  stock: number;
  productImages: string[];
  imageUrl: string | null;
}
interface ApiCombo {
  comboId: number;
  name: string;
  price: number;
  stock: number;
  products: Array<{ productId: number; name: string }>;
}
interface ApiCategory {
  categoryId: number;
  name: string;
}

const SIZES = ['phone', 'desktop'] as const;

describe('the storefront in a real Chromium', () => {
  const shop = useShop();
  let allProducts: ApiProduct[];

  beforeAll(async () => {
    allProducts = await call<ApiProduct[]>(shop.server, 'POST', '/api/Product/search', {});
  });

  const search = (body: object) => call<ApiProduct[]>(shop.server, 'POST', '/api/Product/search', body);
  const cardNames = (page: Page) => page.getByTestId('card-name').allTextContents();
  /** The price each card shows as the one to pay (the discounted one when there is a discount). */
  const cardPrices = (page: Page) =>
    page.$$eval('[data-testid="catalog-card"]', (cards) =>
      cards.map((card) => {
        const text = (card.querySelector('[data-testid="price-now"]') ?? card.querySelector('[data-testid="price"]'))!
          .textContent!;
        return Number(text.replace(/[^\d.]/g, ''));
      }),
    );
  const visible = async (locator: ReturnType<Page['locator']>) => {
    await locator.first().waitFor({ state: 'visible', timeout: 10_000 });
    return locator;
  };
  async function expectNoAxeViolations(page: Page) {
    // Let entrance animations (a toast fading in) end: half-transparent text mid-animation is not the real contrast.
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => {
        const timing = a.effect?.getComputedTiming();
        return a.playState !== 'running' || !timing || timing.iterations === Infinity || Number(timing.duration) > 1500;
      }),
    );
    const violations = await axeViolations(page);
    expect(
      violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`) })),
    ).toEqual([]);
  }
  const badge = (page: Page) => page.getByTestId('cart-count');

  it.each(SIZES)('home: hero, Ver Catálogo and the best sellers (%s)', async (size) => {
    const page = await shop.openPage(size);
    await page.goto('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Juguetes que Inspiran Creatividad');
    expect(await page.title()).toBe('Jugar y Crecer — Juguetes educativos y sensoriales en Honduras');
    const featured = await call<Array<{ productId: number; name: string }>>(
      shop.server,
      'GET',
      '/api/Product/featured',
    );
    const details = await visible(page.getByRole('link', { name: 'Ver Detalles' }));
    expect(await details.count()).toBe(featured.length);
    expect(await details.first().getAttribute('href')).toBe(`/producto/${featured[0]!.productId}`);
    expect(await details.first().isVisible()).toBe(true);
    if (size === 'phone') {
      // A sideways strip: it scrolls horizontally and holds cards of 250 px.
      const strip = page.getByTestId('featured-strip');
      const { scrollWidth, clientWidth, cardWidth } = await strip.evaluate((el) => ({
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        cardWidth: el.firstElementChild!.getBoundingClientRect().width,
      }));
      expect(scrollWidth).toBeGreaterThan(clientWidth);
      expect(cardWidth).toBe(250);
      // The page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    } else {
      // A 4-column grid on a wide screen.
      const tops = await page.$$eval('[data-testid="featured-strip"] > li', (items) =>
        items.slice(0, 5).map((li) => Math.round(li.getBoundingClientRect().top)),
      );
      expect(new Set(tops.slice(0, 4)).size).toBe(1);
      expect(tops[4]).toBeGreaterThan(tops[0]!);
    }
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Ver Catálogo' }).click();
    await page.waitForURL('**/tienda');
    await visible(page.getByTestId('catalog-card'));
    await expectNoAxeViolations(page);
  });

  it.each(SIZES)('the header links and the mobile menu (%s)', async (size) => {
    const page = await shop.openPage(size);
    await page.goto('/');
    if (size === 'phone') {
      expect(await page.getByRole('link', { name: 'Accede a tu cuenta' }).isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      const menu = page.getByRole('navigation', { name: 'Menú móvil' });
      expect(await menu.getByRole('link').allTextContents()).toEqual([
        'Inicio',
        'Tienda',
        '¿Quiénes somos?',
        'Contacto',
      ]);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Inicio');
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      expect(await menu.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await page.getByRole('link', { name: 'Accede a tu cuenta' }).click();
    } else {
      const nav = page.getByRole('navigation', { name: 'Principal' });
      expect(await nav.getByRole('link').allTextContents()).toEqual([
        'Inicio',
        'Tienda',
        '¿Quiénes somos?',
        'Contacto',
      ]);
      expect(await page.getByRole('link', { name: 'Crear cuenta' }).getAttribute('href')).toBe('/registro');
      await page.getByRole('link', { name: 'Accede a tu cuenta' }).click();
    }
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByRole('contentinfo').getAttribute('data-variant')).toBe('alternate');
  });

  it.each(SIZES)('/tienda: accent-free search, a category, each sort order, pages and in-stock (%s)', async (size) => {
    const page = await shop.openPage(size);
    await page.goto('/tienda');
    await visible(page.getByTestId('catalog-card'));
    expect(await page.getByTestId('catalog-card').count()).toBe(30);
    expect(await page.getByText(`${allProducts.length} productos · página 1 de 2`).isVisible()).toBe(true);

    // Page 2 and back (the back button walks the URL).
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.waitForURL('**/tienda?pagina=2');
    await expect.poll(() => cardNames(page)).toEqual(allProducts.slice(30).map((p) => p.name));
    await page.goBack();
    await page.waitForURL((url) => url.search === '');
    await expect.poll(() => cardNames(page)).toEqual(allProducts.slice(0, 30).map((p) => p.name));

    // Each sort order, checked against the prices and names on screen.
    await page.getByRole('button', { name: 'Precio menor a mayor' }).click();
    await page.waitForURL('**/tienda?orden=precio-asc');
    const ascending = await search({ sortBy: 'price', sortAsc: true });
    await expect.poll(() => cardNames(page)).toEqual(ascending.slice(0, 30).map((p) => p.name));
    const upPrices = await cardPrices(page);
    expect(upPrices).toEqual([...upPrices].sort((a, b) => a - b));
    expect(upPrices[0]).toBe(Math.min(...allProducts.map((p) => discountedPrice(p.price, p.discount))));

    await page.getByRole('button', { name: 'Precio mayor a menor' }).click();
    await page.waitForURL('**/tienda?orden=precio-desc');
    const descending = await search({ sortBy: 'price', sortAsc: false });
    await expect.poll(() => cardNames(page)).toEqual(descending.slice(0, 30).map((p) => p.name));
    const downPrices = await cardPrices(page);
    expect(downPrices).toEqual([...downPrices].sort((a, b) => b - a));
    expect(downPrices[0]).toBe(Math.max(...allProducts.map((p) => discountedPrice(p.price, p.discount))));

    await page.getByRole('button', { name: 'Alfabético' }).click();
    await page.waitForURL('**/tienda?orden=alfabetico');
    const collator = new Intl.Collator('es', { sensitivity: 'base' });
    const expectedNames = allProducts
      .map((p) => p.name)
      .sort(collator.compare)
      .slice(0, 30);
    await expect.poll(() => cardNames(page)).toEqual(expectedNames);
    // Clicking the active chip clears the sort: back to the default order.
    await page.getByRole('button', { name: 'Alfabético' }).click();
    await page.waitForURL((url) => url.search === '');
    await expect.poll(() => cardNames(page)).toEqual(allProducts.slice(0, 30).map((p) => p.name));

    // In stock only.
    await page.getByRole('button', { name: 'En stock' }).click();
    await page.waitForURL('**/tienda?disponibles=1');
    const inStock = allProducts.filter((p) => p.stock > 0);
    expect(inStock.length).toBeLessThan(allProducts.length);
    await expect.poll(() => page.getByText(`${inStock.length} productos`, { exact: false }).isVisible()).toBe(true);
    await expect.poll(() => cardNames(page)).toEqual(inStock.slice(0, 30).map((p) => p.name));
    expect(await page.getByTestId('stock-badge').filter({ hasText: 'Agotado' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Todos' }).click();
    await page.waitForURL((url) => url.search === '');

    // A category.
    const categories = await call<ApiCategory[]>(shop.server, 'GET', '/api/Category');
    const plush = categories.find((c) => c.name === 'Peluches')!;
    const plushToys = await search({ categories: [plush.categoryId] });
    expect(plushToys.length).toBeGreaterThan(1);
    // Each box shows its count of results, from the server.
    const plushBox = page.getByRole('checkbox', { name: `Peluches (${plushToys.length})`, exact: true });
    if (size === 'phone') await page.getByRole('button', { name: 'Filtrar por categoría' }).click();
    // click, not check(): the box follows the URL, which React Router updates after the click.
    await plushBox.click();
    await page.waitForURL(`**/tienda?categorias=${plush.categoryId}`);
    await expect.poll(() => cardNames(page)).toEqual(plushToys.map((p) => p.name));
    expect(await plushBox.isChecked()).toBe(true);
    await plushBox.click();
    await page.waitForURL((url) => url.search === '');

    // Search without the accent: 'muneca' finds the dolls ('Muñeca …').
    await page.getByLabel('Buscar juguetes').fill('muneca');
    await page.getByLabel('Buscar juguetes').press('Enter');
    await page.waitForURL('**/tienda?q=muneca');
    await expect.poll(() => cardNames(page)).toEqual((await search({ searchTerm: 'muneca' })).map((p) => p.name));
    const dolls = await cardNames(page);
    // The demo catalogue has exactly two dolls (apps/api/src/demo/demo-catalogue.json).
    expect([...dolls].sort(collator.compare)).toEqual(['Muñeca de trapo Rosita', 'Muñeca Sofía con silla de ruedas']);
    await expectNoAxeViolations(page);

    // A typo, a plural and a word half typed find what they mean (docs/decisions/0026-catalogue-search-index.md).
    for (const [typed, mustFind] of [
      ['munecs', 'Muñeca de trapo Rosita'],
      ['muñecas', 'Muñeca Sofía con silla de ruedas'],
      ['rompeca', 'Rompecabezas de piso Mapa de Honduras'],
    ] as const) {
      await page.getByLabel('Buscar juguetes').fill(typed);
      await page.getByLabel('Buscar juguetes').press('Enter');
      await page.waitForURL(`**/tienda?q=${encodeURIComponent(typed)}`);
      const expected = (await search({ searchTerm: typed })).map((p) => p.name);
      expect(expected).toContain(mustFind);
      await expect.poll(() => cardNames(page)).toEqual(expected.slice(0, 30));
    }

    // The search is in the URL: a shared link opens the same results.
    const shared = await shop.openPage(size);
    await shared.goto('/tienda?q=muneca');
    await expect.poll(() => cardNames(shared)).toEqual(dolls);
    expect(await shared.getByLabel('Buscar juguetes').inputValue()).toBe('muneca');
  });

  // A family looks at one toy after another from a long list: Back returns them to the card they had reached.
  it.each(SIZES)(
    'Back from a product page returns to the place in /tienda; a new page opens at its top (%s)',
    async (size) => {
      const page = await shop.openPage(size);
      await page.goto('/tienda');
      const cards = page.getByTestId('card-name');
      await visible(cards);
      const far = cards.nth(20);
      await far.scrollIntoViewIfNeeded();
      const place = await page.evaluate(() => window.scrollY);
      expect(place).toBeGreaterThan(1000);
      const name = (await far.textContent())!;
      await far.click();
      await page.getByRole('heading', { level: 1, name }).waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      // As far as the page lets it, up to 150 px (a desktop may show the whole product page).
      const productPlace = await page.evaluate(() =>
        Math.min(150, document.documentElement.scrollHeight - window.innerHeight),
      );
      await page.evaluate((top) => window.scrollTo(0, top), productPlace);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(productPlace);
      await page.goBack();
      await page.waitForURL('**/tienda');
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(place);
      await page.goForward();
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(productPlace);
      // Reloaded, the product page keeps its place too, then Back still finds the list's.
      await page.reload();
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(productPlace);
      await page.goBack();
      await page.waitForURL('**/tienda');
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(place);
    },
  );

  // Pages loaded whole into the tab (typed, reloaded) all carry the router's 'default' entry: each keeps its own place.
  it('keeps apart the places of pages loaded whole into the tab, through a reload and Back', async () => {
    const page = await shop.openPage('phone');
    await page.goto('/tienda');
    const far = page.getByTestId('card-name').nth(20);
    await visible(far);
    await far.scrollIntoViewIfNeeded();
    const place = await page.evaluate(() => window.scrollY);
    expect(place).toBeGreaterThan(1000);
    await page.goto('/quienes-somos');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL('**/tienda');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(place);
  });

  it.each(SIZES)('/tienda in combos mode links to the combo pages (%s)', async (size) => {
    const page = await shop.openPage(size);
    const combos = await call<ApiCombo[]>(shop.server, 'POST', '/api/Combo/search', {});
    await page.goto('/tienda');
    await visible(page.getByTestId('catalog-card'));
    await page.getByRole('button', { name: 'Combos' }).click();
    await page.waitForURL('**/tienda?tipo=combos');
    await expect.poll(() => cardNames(page)).toEqual(combos.map((c) => c.name));
    expect(await page.getByTestId('card-name').first().getAttribute('href')).toBe(`/combo/${combos[0]!.comboId}`);
    const soldOut = combos.find((c) => c.stock === 0)!;
    const soldOutCard = page.getByTestId('catalog-card').filter({ hasText: soldOut.name });
    expect(await soldOutCard.getByRole('button', { name: 'Agregar al carrito' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
    // Combos forgive what products forgive: a typo and a plural ('Primeros pasos Montessori').
    await page.getByLabel('Buscar juguetes').fill('montesori pasos');
    await page.getByLabel('Buscar juguetes').press('Enter');
    await expect.poll(() => cardNames(page)).toEqual(['Primeros pasos Montessori']);
    await page.getByLabel('Buscar juguetes').fill('sensoriales');
    await page.getByLabel('Buscar juguetes').press('Enter');
    await expect.poll(() => cardNames(page)).toEqual(['Kit de calma sensorial']);
  });

  it("on a 320-px phone the guest's dialog gives each of its buttons a full row", async () => {
    const page = await shop.openPage('phone', { viewport: { width: 320, height: 568 } });
    await page.goto('/tienda?disponibles=1');
    const card = (await visible(page.getByTestId('catalog-card'))).first();
    await card.getByRole('button', { name: 'Agregar al carrito' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inicia sesión para comprar' });
    await dialog.waitFor();
    const rows = [];
    for (const name of ['Seguir mirando', 'Ir a iniciar sesión/registrarme']) {
      const box = (await dialog.getByRole('button', { name }).boundingBox())!;
      rows.push({ name, left: box.x, width: box.width });
    }
    // The dialog is the screen less 1rem a side, its buttons its width less 1.5rem a side: 40 px in, 240 px wide.
    expect(rows).toEqual([
      { name: 'Seguir mirando', left: 40, width: 240 },
      { name: 'Ir a iniciar sesión/registrarme', left: 40, width: 240 },
    ]);
  });

  it.each(SIZES)("a guest who adds is offered 'Ir a iniciar sesión/registrarme' (%s)", async (size) => {
    const page = await shop.openPage(size);
    await page.goto('/tienda?disponibles=1');
    const card = (await visible(page.getByTestId('catalog-card'))).first();
    await card.getByRole('button', { name: 'Agregar al carrito' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inicia sesión para comprar' });
    await dialog.waitFor();
    expect(await dialog.getByText('Debes iniciar sesión para agregar al carrito').isVisible()).toBe(true);
    // Said once, by the dialog: no toast repeats it behind (the toasts' container is up, since the tap woke it).
    await page.locator('.Toastify').waitFor({ state: 'attached' });
    expect(await page.locator('.Toastify__toast').count()).toBe(0);
    await expectNoAxeViolations(page);
    // A phone's Back closes the dialog; the guest stays on the shop (docs/decisions/0038-back-closes-dialogs.md).
    await page.goBack();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).search).toBe('?disponibles=1');
    await card.getByRole('button', { name: 'Agregar al carrito' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Ir a iniciar sesión/registrarme' }).click();
    await page.waitForURL('**/login');
    // Back from /login returns to the shop, not to the dialog; Forward to /login again.
    await page.goBack();
    await page.waitForURL('**/tienda?disponibles=1');
    await visible(page.getByTestId('catalog-card'));
    expect(await page.getByRole('dialog', { name: 'Inicia sesión para comprar' }).isVisible()).toBe(false);
    await page.goForward();
    await page.waitForURL('**/login');
    // Logged in, the guest is back where the toy was tapped.
    const customer = await createCustomer(shop.server);
    await submitLogin(page, customer.email, customer.password);
    await page.waitForURL('**/tienda?disponibles=1');
  });

  it.each(SIZES)('a guest who adds on a detail page is told to log in and taken to /login (%s)', async (size) => {
    const page = await shop.openPage(size);
    const product = allProducts.find((p) => p.stock > 0)!;
    await page.goto(`/producto/${product.productId}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    // spec §5: the message, and a redirect to /login (no modal on detail pages).
    await page.waitForURL('**/login');
    await toast(page, 'Debes iniciar sesión para agregar al carrito').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    // Logged in, the guest is back on the toy's page.
    const customer = await createCustomer(shop.server);
    await submitLogin(page, customer.email, customer.password);
    await page.waitForURL(`**/producto/${product.productId}`);
  });

  it.each(SIZES)('a search still waiting for the typing pause does not pull the visitor back (%s)', async (size) => {
    const page = await shop.openPage(size);
    await page.goto('/tienda');
    await page.getByTestId('catalog-card').first().waitFor();
    // The next screen's code arrives slowly (a phone on 3G), so /tienda stays mounted while the 400 ms typing
    // timer runs out.
    await page.route(/\/assets\/policies-page-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      await route.continue();
    });
    await page.getByRole('searchbox').first().fill('pelota');
    await page.getByRole('link', { name: 'Políticas y privacidad' }).click();
    await page.getByRole('heading', { level: 1, name: 'Políticas de la tienda' }).waitFor();
    await page.waitForTimeout(600);
    expect(new URL(page.url()).pathname).toBe('/politicas');
  });

  it.each(SIZES)(
    'product and combo pages: gallery, price, quantity rules, share link and errors (%s)',
    async (size) => {
      const page = await shop.openPage(size);
      const product = allProducts.find((p) => p.discount > 0 && p.productImages.length > 0 && p.stock >= 3)!;
      await page.goto(`/producto/${product.productId}`);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      expect(await page.title()).toBe(`${product.name} · Jugar y Crecer`);
      expect(await page.getByTestId('price-now').textContent()).toBe(
        formatLempiras(discountedPrice(product.price, product.discount)),
      );
      expect(await page.getByTestId('price-was').textContent()).toBe(formatLempiras(product.price));
      expect(await page.getByTestId('discount-badge').textContent()).toBe(`−${product.discount}%`);
      // The gallery cycles: main image plus extras, with arrows, thumbnails and the keyboard.
      const count = 1 + product.productImages.length;
      const mainAlt = () => page.locator('section[aria-label^="Imágenes de"] .card img').getAttribute('alt');
      expect(await mainAlt()).toBe(`${product.name}, imagen 1 de ${count}`);
      await page.getByRole('button', { name: 'Imagen siguiente' }).click();
      expect(await mainAlt()).toBe(`${product.name}, imagen 2 de ${count}`);
      await page.getByRole('button', { name: 'Imagen anterior' }).click();
      await page.getByRole('button', { name: 'Imagen anterior' }).click();
      expect(await mainAlt()).toBe(`${product.name}, imagen ${count} de ${count}`);
      await page.getByRole('button', { name: 'Ver imagen 1 de' }).click();
      expect(await mainAlt()).toBe(`${product.name}, imagen 1 de ${count}`);
      await page.keyboard.press('ArrowRight');
      expect(await mainAlt()).toBe(`${product.name}, imagen 2 de ${count}`);
      // Quantity: − disabled at 1, + up to the stock.
      const minus = page.getByRole('button', { name: 'Disminuir cantidad' });
      expect(await minus.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Aumentar cantidad' }).click();
      expect(
        await page
          .getByRole('group', { name: `Cantidad de ${product.name}` })
          .getByRole('status')
          .textContent(),
      ).toBe('2');
      expect(await minus.isDisabled()).toBe(false);
      const share = page.getByRole('link', { name: 'Compartir por WhatsApp' });
      expect(await share.getAttribute('href')).toBe(
        `https://wa.me/?text=${encodeURIComponent(`${product.name} ${shop.server.baseUrl}/producto/${product.productId}`)}`,
      );
      // The shop's own number, with a question that names the toy and its page.
      const ask = page.getByRole('link', { name: 'Preguntar por WhatsApp' });
      expect(await ask.getAttribute('href')).toBe(
        `https://wa.me/50498765432?text=${encodeURIComponent(
          `¡Hola! Tengo una pregunta sobre el juguete «${product.name}»: ${shop.server.baseUrl}/producto/${product.productId}`,
        )}`,
      );
      await expectNoAxeViolations(page);

      const combos = await call<ApiCombo[]>(shop.server, 'POST', '/api/Combo/search', {});
      const combo = combos.find((c) => c.stock > 0)!;
      await page.goto(`/combo/${combo.comboId}`);
      await page.getByRole('heading', { level: 1, name: combo.name }).waitFor();
      expect(await page.getByText('Cantidad: 1 combo').isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Preguntar por WhatsApp' }).getAttribute('href')).toBe(
        `https://wa.me/50498765432?text=${encodeURIComponent(
          `¡Hola! Tengo una pregunta sobre el combo «${combo.name}»: ${shop.server.baseUrl}/combo/${combo.comboId}`,
        )}`,
      );
      const included = page.getByRole('region', { name: 'Este combo incluye' }).getByRole('link');
      expect(await included.count()).toBe(combo.products.length);
      expect(await included.first().getAttribute('href')).toBe(`/producto/${combo.products[0]!.productId}`);
      await expectNoAxeViolations(page);
      await included.first().click();
      await page.getByRole('heading', { level: 1, name: combo.products[0]!.name }).waitFor();
      // Back returns to the combo.
      await page.getByRole('button', { name: 'Volver' }).click();
      await page.getByRole('heading', { level: 1, name: combo.name }).waitFor();

      // Answered 404 (no "soft 404" for search engines), the page the same.
      expect((await page.goto('/producto/999999'))?.status()).toBe(404);
      const error = page.getByText('Error al cargar el producto');
      await error.waitFor();
      expect(await error.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(180, 35, 24)');
      await expectNoAxeViolations(page);
      expect((await page.goto('/combo/999999'))?.status()).toBe(404);
      await page.getByText('Error al cargar el combo').waitFor();
    },
  );

  it.each(SIZES)(
    'a customer adds from the shop and from detail pages, sees the badge and manages /MiCarrito (%s)',
    async (size) => {
      const customer = await createCustomer(shop.server, 'Familia Rivera');
      const page = await shop.openPage(size);
      await openLoggedIn(page, customer.token, '/tienda?disponibles=1');
      await visible(page.getByTestId('catalog-card'));
      await expect.poll(() => badge(page).textContent()).toBe('0');

      // From a shop card, with quantity 2.
      const first = page.getByTestId('catalog-card').first();
      const firstName = (await first.getByTestId('card-name').textContent())!;
      await first.getByRole('button', { name: 'Aumentar cantidad' }).click();
      await first.getByRole('button', { name: 'Agregar al carrito' }).click();
      await toast(page, `✔ ${firstName} agregado`).waitFor();
      await expect.poll(() => badge(page).textContent()).toBe('2');

      // From a product page.
      const second = page.getByTestId('catalog-card').nth(1);
      const secondName = (await second.getByTestId('card-name').textContent())!;
      await second.getByTestId('card-name').click();
      await page.getByRole('heading', { level: 1, name: secondName }).waitFor();
      await page.getByRole('button', { name: 'Agregar al carrito' }).click();
      await toast(page, `✔ ${secondName} agregado`).waitFor();
      await expect.poll(() => badge(page).textContent()).toBe('3');
      await expectNoAxeViolations(page);

      // From a combo page.
      const combo = (await call<ApiCombo[]>(shop.server, 'POST', '/api/Combo/search', { inStock: true }))[0]!;
      await page.goto(`/combo/${combo.comboId}`);
      await page.getByRole('button', { name: 'Agregar al carrito' }).click();
      await toast(page, `✔ ${combo.name} agregado`).waitFor();
      await expect.poll(() => badge(page).textContent()).toBe('4');

      // The cart: three lines, quantities up and down, remove, then empty.
      await page.getByRole('link', { name: 'Carrito: 4 artículos' }).click();
      await page.waitForURL('**/MiCarrito');
      const lines = page.getByTestId('cart-line');
      await visible(lines);
      expect(await page.getByTestId('cart-line-name').allTextContents()).toEqual([firstName, secondName, combo.name]);
      await expectNoAxeViolations(page);
      const firstLine = lines.filter({ hasText: firstName });
      await firstLine.getByRole('button', { name: 'Aumentar cantidad' }).click();
      await expect.poll(() => firstLine.getByRole('status').textContent()).toBe('3');
      await expect.poll(() => badge(page).textContent()).toBe('5');
      await firstLine.getByRole('button', { name: 'Disminuir cantidad' }).click();
      await expect.poll(() => firstLine.getByRole('status').textContent()).toBe('2');
      await expect.poll(() => badge(page).textContent()).toBe('4');
      const subtotal = (await cartSubtotalCents(shop.server, customer)) / 100;
      expect(await page.getByTestId('cart-subtotal').textContent()).toBe(formatLempiras(subtotal));

      for (const name of [secondName, combo.name, firstName]) {
        await page.getByRole('button', { name: `Eliminar ${name}` }).click();
        await toast(page, 'Producto eliminado del carrito').first().waitFor();
        await lines.filter({ hasText: name }).waitFor({ state: 'detached' });
      }
      await page.getByRole('heading', { name: 'Tu carrito está vacío' }).waitFor();
      await expect.poll(() => badge(page).textContent()).toBe('0');
      expect(await page.getByRole('link', { name: 'Ir a la tienda' }).getAttribute('href')).toBe('/tienda');
      await expectNoAxeViolations(page);
    },
  );

  it.each(SIZES)(
    'a keyboard add on a product page leaves the focus on its button once the add is done (%s)',
    async (size) => {
      const customer = await createCustomer(shop.server, 'Familia Bonilla');
      const product = allProducts.find((p) => p.stock >= 5)!;
      const page = await shop.openPage(size);
      // The add is held until the button has shown its busy state, as on a slow connection.
      let releaseAdd!: () => void;
      const addHeld = new Promise<void>((resolve) => (releaseAdd = resolve));
      await page.route('**/api/Cart/AddProduct', async (route) => {
        await addHeld;
        await route.continue();
      });
      await openLoggedIn(page, customer.token, `/producto/${product.productId}`);
      const add = page.getByRole('button', { name: 'Agregar al carrito' });
      await add.focus();
      await page.keyboard.press('Enter');
      // spec §4: 'Agregando…' and disabled while busy; the browser has moved the focus to <body> meanwhile.
      const busy = page.getByRole('button', { name: 'Agregando…' });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
      await expect.poll(() => page.evaluate(() => document.activeElement === document.body)).toBe(true);
      releaseAdd();
      await toast(page, `✔ ${product.name} agregado`).waitFor();
      await add.waitFor();
      expect(await add.evaluate((button) => button === document.activeElement)).toBe(true);
    },
  );

  it.each(SIZES)(
    "/MiCarrito without a session says 'Debes iniciar sesión para ver tu carrito' and opens /login (%s)",
    async (size) => {
      const page = await shop.openPage(size);
      await page.goto('/MiCarrito');
      await page.waitForURL('**/login');
      await toast(page, 'Debes iniciar sesión para ver tu carrito').waitFor();
    },
  );

  it.each(SIZES)('an unknown address shows the 404 page (%s)', async (size) => {
    const page = await shop.openPage(size);
    expect((await page.goto('/juguetes/que/no/existen'))?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 - Página no encontrada' }).waitFor();
    await expectNoAxeViolations(page);
  });
});
