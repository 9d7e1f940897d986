import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/accounts-fixtures';
import { expectNoAxeViolations, itemFor, logInThroughUi, visible } from './support/admin-helpers';
import { E2E_ADMIN } from './support/shop-server';
import { useShop } from './support/use-shop';

// The shop with 5,000 more toys, on a phone: every page comes from the server (docs/decisions/0026-…), so the
// browser never downloads the catalogue, and the search still finds a single toy among thousands.
const ADDED = 5000;

interface PageAnswer {
  items: Array<{ productId: number; name: string }>;
  total: number;
}

describe('/tienda with thousands of toys', () => {
  const shop = useShop();
  let total: number;

  beforeAll(async () => {
    // Straight into the running shop's database (the search index hears of them through its change log).
    const db = shop.server.app.ctx.db;
    const now = Date.now();
    await db.transaction().execute(async (tx) => {
      for (let start = 0; start < ADDED; start += 500) {
        const rows = Array.from({ length: 500 }, (_, i) => {
          const n = start + i + 1;
          const name = `Bloque numerado ${n}`;
          const description = 'Bloque de madera con un número pintado, para contar y apilar.';
          const createdAt = new Date(now - n * 1000).toISOString();
          return {
            name,
            description,
            price_cents: 5000 + n,
            discount_bp: 0,
            stock: 10,
            image_key: null,
            created_at: createdAt,
            updated_at: createdAt,
          };
        });
        await tx.insertInto('products').values(rows).execute();
      }
    });
    total = (await call<PageAnswer>(shop.server, 'POST', '/api/Product/search', { page: 1 })).total;
  });

  it('pages through the server, 30 cards at a time, and finds one toy among thousands', async () => {
    expect(total).toBeGreaterThan(ADDED);
    const page = await shop.openPage('phone');
    const answers: Array<{ url: string; items: number | null }> = [];
    page.on('response', async (response) => {
      const url = new URL(response.url()).pathname;
      if (!url.startsWith('/api/')) return;
      const body = response.request().method() === 'POST' ? ((await response.json()) as Partial<PageAnswer>) : null;
      answers.push({ url, items: body?.items?.length ?? null });
    });
    await page.goto('/tienda');
    const pages = Math.ceil(total / 30);
    await visible(page.getByText(`${total} productos · página 1 de ${pages}`));
    expect(await page.getByTestId('catalog-card').count()).toBe(30);

    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.waitForURL('**/tienda?pagina=2');
    const second = await call<PageAnswer>(shop.server, 'POST', '/api/Product/search', { page: 2, pageSize: 30 });
    await expect.poll(() => page.getByTestId('card-name').allTextContents()).toEqual(second.items.map((i) => i.name));
    await visible(page.getByText(`${total} productos · página 2 de ${pages}`));

    // A typo and one number: the toy named by it comes first.
    await page.getByLabel('Buscar juguetes').fill('bloqe numerado 4321');
    await page.getByLabel('Buscar juguetes').press('Enter');
    await page.waitForURL('**/tienda?q=bloqe+numerado+4321');
    await expect.poll(() => page.getByTestId('card-name').first().textContent()).toBe('Bloque numerado 4321');
    await expectNoAxeViolations(page);

    // Never the whole catalogue: only pages of at most 30 products. The first page arrives inside the HTML
    // (docs/decisions/0027-server-rendered-storefront.md); page 2 and the search are asked for.
    const searches = answers.filter((answer) => answer.url === '/api/Product/search');
    expect(searches.length).toBeGreaterThanOrEqual(2);
    expect(searches.every((answer) => answer.items !== null && answer.items <= 30)).toBe(true);
    expect(answers.some((answer) => answer.url === '/api/Product')).toBe(false);
  });

  it("keeps the owner's product admin and the combo picker to pages of 30 from the server", async () => {
    const page = await shop.openPage('phone');
    const admin: Array<{ url: string; items: number }> = [];
    const wholeList: string[] = [];
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (url.pathname === '/api/Product') wholeList.push(url.href);
      if (url.pathname !== '/api/Product/admin-list') return;
      admin.push({ url: url.search, items: ((await response.json()) as PageAnswer).items.length });
    });
    await logInThroughUi(page, E2E_ADMIN.email, E2E_ADMIN.password);

    await page.goto('/admin/productos');
    const pages = Math.ceil(total / 30);
    // spec §2: the pages are numbered; the last one is the catalogue's, counted by the server.
    await visible(page.getByRole('button', { name: `Página ${pages}`, exact: true }));
    // A page turned from the pager under the list opens at its first row, and stays in the address for Back.
    await page.getByRole('button', { name: 'Página 2', exact: true }).click();
    await page.waitForURL('**/admin/productos?pagina=2');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(600);
    await page.getByLabel('Buscar productos').fill('numerado 4321');
    await visible(itemFor(page, 'Bloque numerado 4321'));
    await expect.poll(() => page.getByText('1 producto encontrado').count()).toBe(1);
    // A new search starts again at page 1 (spec §4).
    expect(new URL(page.url()).searchParams.get('pagina')).toBeNull();

    await page.goto('/crear-combo');
    await page.getByLabel('Buscar productos para el combo').fill('bloque numerado 1');
    // 1, 10–19, 100–199 and 1000–1999 of the added blocks (spec §9: a substring of the name).
    await visible(
      page.getByText('Se muestran 30 de 1111 productos. Escribe más del nombre para encontrar el que buscas.'),
    );
    await page
      .getByRole('checkbox', { name: /^Bloque numerado 1/ })
      .first()
      .check();
    await visible(page.getByText('1 producto seleccionado:'));
    await expectNoAxeViolations(page);

    expect(wholeList).toEqual([]);
    expect(admin.length).toBeGreaterThanOrEqual(4);
    expect(admin.every((answer) => answer.items <= 30)).toBe(true);
  });
});
