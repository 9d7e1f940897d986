import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EARLY_TAPS_SCRIPT } from '@tienda/shared/early-taps';
import { insertProduct } from '../test/catalog-fixtures.js';
import { createTestApp, testDialects, type TestApp } from '../test/test-app.js';
import { DEFAULT_WEB_DIST } from './web-app.js';

// Storefront pages arrive rendered, with their data (docs/decisions/0027-server-rendered-storefront.md). These run
// against the real web build (npm test builds it first), as the shop serves it.
const serverBuild = path.join(DEFAULT_WEB_DIST, '..', 'dist-ssr', 'entry-server.js');

/** What the server wrote inside <div id="root">, and the JSON of the page's data beside it. */
function rendered(html: string): { root: string; data: string } {
  const match =
    /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html);
  if (!match) throw new Error('no rendered page in the HTML');
  return { root: match[1]!, data: match[2]! };
}

describe.each(testDialects)('storefront pages rendered on the server (%s)', (dialect) => {
  let t: TestApp;
  let productId: number;
  const names: string[] = [];

  beforeAll(async () => {
    expect(existsSync(serverBuild), `${serverBuild}: build the web app first (npm run build)`).toBe(true);
    t = await createTestApp(dialect, { webDistDir: DEFAULT_WEB_DIST });
    for (let n = 1; n <= 34; n += 1) {
      names.push(`Carrito de arrastre ${n}`);
      await insertProduct(t.db, { name: `Carrito de arrastre ${n}`, stock: 3 });
    }
    productId = await insertProduct(t.db, {
      name: 'Tambor </script><script>alert(1)</script>',
      description: 'Un tambor de madera & cuero para marcar el ritmo.',
      priceCents: 59900,
      discountBp: 1500,
      stock: 4,
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it("writes the product's name, price and description into /producto/{id}, escaped, with its data", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/producto/${productId}` });
    expect(res.statusCode).toBe(200);
    const { root, data } = rendered(res.body);
    // Every '<' of the name is written &lt; (Preact leaves '>', harmless in text: docs/decisions/0028-…): it cannot
    // open a tag.
    expect(root).toContain(
      '<h1 class="font-display text-3xl leading-tight font-bold text-ink sm:text-4xl">' +
        'Tambor &lt;/script>&lt;script>alert(1)&lt;/script></h1>',
    );
    expect(root).not.toContain('<script>');
    // 599 − 15 % = 509.15, and the price before the discount.
    expect(root).toContain('<span data-testid="price-now">L 509.15</span>');
    expect(root).toContain('<span data-testid="price-was">L 599.00</span>');
    expect(root).toContain('Un tambor de madera &amp; cuero para marcar el ritmo.');
    // The JSON cannot close its script tag: every '<' is \u003c.
    expect(data).toContain('"name":"Tambor \\u003c/script>\\u003cscript>alert(1)\\u003c/script>"');
    const queries = JSON.parse(data) as Array<{ queryKey: unknown[]; data: { productId: number; price: number } }>;
    expect(queries.map((q) => q.queryKey)).toEqual([['products', 'detail', productId]]);
    expect(queries[0]!.data).toMatchObject({ productId, price: 599, discount: 15, stock: 4 });
    // The share tags stay.
    expect(res.body).toContain('<meta property="product:price:amount" content="509.15" />');
  });

  it('writes the first page of /tienda: 30 cards, the categories and the total', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/tienda' });
    expect(res.statusCode).toBe(200);
    const { root, data } = rendered(res.body);
    const cards = [...root.matchAll(/data-testid="card-name"[^>]*>([^<]*)</g)].map((m) => m[1]!);
    expect(cards).toHaveLength(30);
    expect(new Set(cards).size).toBe(30);
    for (const card of cards) expect([...names, 'Tambor &lt;/script>&lt;script>alert(1)&lt;/script>']).toContain(card);
    expect(root).toContain('35 productos · página 1 de 2');
    const keys = (JSON.parse(data) as Array<{ queryKey: unknown[] }>).map((q) => q.queryKey[0]);
    expect(keys.sort()).toEqual(['catalog-search', 'categories']);
  });

  it('renders the content pages, and leaves the account and admin screens to the browser', async () => {
    for (const [url, heading] of [
      ['/quienes-somos', '¿Quiénes somos?'],
      ['/contacto', 'Contacto'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(rendered(res.body).root, url).toContain(heading);
    }
    for (const url of ['/login', '/MiCarrito', '/admin/inicio', '/no-existe']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('id="page-data"');
    }
  });

  it("starts the page's scripts after its first paint: the entry, its imports and the screen's chunks, once (docs/decisions/0030-…)", async () => {
    const shell = readFileSync(path.join(DEFAULT_WEB_DIST, 'index.html'), 'utf8');
    const shellScripts = [
      ...shell.matchAll(
        /<script type="module" crossorigin src="([^"]+)">|<link rel="modulepreload" crossorigin href="([^"]+)">/g,
      ),
    ].map((m) => m[1] ?? m[2]!);
    const scriptsOf = (html: string) => {
      const boot =
        /<script type="module" crossorigin src="\/assets\/scripts-after-paint-[\w-]+\.js" data-scripts="([^"]+)"><\/script>/.exec(
          html,
        );
      expect(html).not.toContain('rel="modulepreload"');
      expect(html.match(/<script type="module"/g)).toHaveLength(1);
      // Before it, in the head, the one inline script, which keeps the taps made before the scripts arrive.
      expect(html.match(/<script>[^<]*<\/script>/g)).toEqual([`<script>${EARLY_TAPS_SCRIPT}</script>`]);
      expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('<script type="module"'));
      expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('</head>'));
      return boot![1]!.split(' ');
    };
    const res = await t.app.inject({ method: 'GET', url: `/producto/${productId}` });
    const scripts = scriptsOf(res.body);
    expect(scripts.slice(0, shellScripts.length)).toEqual(shellScripts);
    const added = scripts.slice(shellScripts.length);
    expect(added.filter((href) => /^\/assets\/product-page-[\w-]+\.js$/.test(href))).toHaveLength(1);
    expect(new Set(scripts).size).toBe(scripts.length);
    for (const href of scripts) expect((await t.app.inject({ method: 'GET', url: href })).statusCode, href).toBe(200);
    // The home page is in the entry: nothing to add. The manifest itself is not served (a file that is not there).
    expect(scriptsOf((await t.app.inject({ method: 'GET', url: '/' })).body)).toEqual(shellScripts);
    const manifest = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect([manifest.statusCode, manifest.json()]).toEqual([404, { message: 'La ruta solicitada no existe.' }]);
  });

  it("preloads the screen's chunks of a page the browser renders, beside the entry (docs/decisions/0028-…)", async () => {
    const shell = readFileSync(path.join(DEFAULT_WEB_DIST, 'index.html'), 'utf8');
    const preloadsOf = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
    const shellPreloads = preloadsOf(shell);
    const res = await t.app.inject({ method: 'GET', url: '/pedido/9' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    const preloads = preloadsOf(res.body);
    const added = preloads.filter((href) => !shellPreloads.includes(href));
    // In the head, before the entry runs: the order page's own chunk among them, each once, each served.
    expect(added.filter((href) => /^\/assets\/order-page-[\w-]+\.js$/.test(href))).toHaveLength(1);
    expect(new Set(preloads).size).toBe(preloads.length);
    expect(res.body.indexOf(added[0]!)).toBeLessThan(res.body.indexOf('</head>'));
    for (const href of added) expect((await t.app.inject({ method: 'GET', url: href })).statusCode, href).toBe(200);
  });

  it('carries the rules its markup uses inline, and the whole sheet after them at low priority (docs/decisions/0030-…)', async () => {
    const shell = readFileSync(path.join(DEFAULT_WEB_DIST, 'index.html'), 'utf8');
    const sheetHref = /<link rel="stylesheet" crossorigin href="([^"]+)">/.exec(shell)![1]!;
    const sheet = (await t.app.inject({ method: 'GET', url: sheetHref })).body;
    const res = await t.app.inject({ method: 'GET', url: '/tienda' });
    const inline = /<style>([\s\S]*?)<\/style>/.exec(res.body)![1]!;
    expect(res.body).toContain(
      `<link rel="stylesheet" crossorigin href="${sheetHref}" media="print" data-full-style disabled>`,
    );
    expect(res.body).not.toContain(`href="${sheetHref}">`);
    // The cards' own rules are there, their grid's container query included; the admin's delete button's is not,
    // though the sheet has it.
    for (const rule of [
      '.card{',
      '@container (width>=18rem){.\\@\\[18rem\\]\\:grid-cols-2{',
      '.sm\\:p-4{',
      '.line-clamp-2{',
    ]) {
      expect(sheet, rule).toContain(rule);
      expect(inline, rule).toContain(rule);
    }
    expect(sheet).toContain('.btn-danger{');
    expect(inline).not.toContain('.btn-danger{');
    expect(inline.length).toBeLessThan(sheet.length * 0.75);
    // Pages the browser renders keep the stylesheet as it was.
    expect((await t.app.inject({ method: 'GET', url: '/login' })).body).toContain(`href="${sheetHref}">`);
  });

  it('renders an unknown product or combo without data, answered 404; the browser then reports it', async () => {
    for (const url of ['/producto/999999', '/combo/999999', '/producto/99999999', '/combo/99999999']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.headers['cache-control']]).toEqual([url, 404, 'no-cache']);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      // The page as before: its skeleton while the browser asks, which then shows 'Error al cargar …'.
      const { root, data } = rendered(res.body);
      expect(data, url).toBe('[]');
      expect(root, url).toContain('aria-busy="true"');
    }
    // Compressed as every page is.
    const br = await t.app.inject({ method: 'GET', url: '/combo/999999', headers: { 'accept-encoding': 'br' } });
    expect([br.statusCode, br.headers['content-encoding']]).toEqual([404, 'br']);
  });

  it('answers 404 for an id that cannot be one, with the page that shows the error', async () => {
    for (const [url, message] of [
      ['/producto/abc', 'Error al cargar el producto'],
      ['/producto/0', 'Error al cargar el producto'],
      ['/producto/99999999999', 'Error al cargar el producto'],
      ['/combo/-3', 'Error al cargar el combo'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(rendered(res.body).root, url).toContain(
        `<p role="alert" class="font-display text-2xl font-semibold text-danger">${message}</p>`,
      );
    }
  });

  it("answers 404 where the app's route table has no screen, with the shell the browser renders its 404 page in", async () => {
    // The shell of a page the browser renders, without the page's own share tags and screen preloads.
    const shell = (html: string) =>
      html.replace(/<!-- seo:start -->[\s\S]*<!-- seo:end -->/, '').replace(/<link rel="modulepreload"[^>]*>/g, '');
    const login = await t.app.inject({ method: 'GET', url: '/login' });
    expect(login.statusCode).toBe(200);
    for (const url of [
      '/no-existe',
      '/juguetes/que/no/existen',
      '/admin/no-existe',
      `/producto/${productId}/fotos`,
      '/tiendas',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url });
        expect([method, url, res.statusCode, res.headers['cache-control']]).toEqual([method, url, 404, 'no-cache']);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      }
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(shell(res.body), url).toBe(shell(login.body));
    }
    const br = await t.app.inject({ method: 'GET', url: '/no-existe', headers: { 'accept-encoding': 'br' } });
    expect([br.statusCode, br.headers['content-encoding']]).toEqual([404, 'br']);
  });

  it('keeps 200 for every address the route table has a screen for, whether or not the server renders it', async () => {
    for (const url of [
      '/',
      '/tienda?q=carrito&pagina=2',
      '/tienda/',
      '/TIENDA',
      `/producto/${productId}`,
      '/politicas',
      '/login',
      '/registro',
      '/reset-code-confirmation',
      '/MiCarrito',
      '/pagar',
      '/profile',
      '/pedido/12',
      '/admin',
      '/admin/inicio',
      '/editar-combo/3',
      '/admin/orden/7',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 200]);
    }
    // The API, files and uploads keep their own JSON 404.
    for (const url of ['/api/no-existe', '/assets/index-Gone1234.js', '/uploads/no-existe.webp']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.json()]).toEqual([url, 404, { message: 'La ruta solicitada no existe.' }]);
    }
  });

  it('answers 304 to a phone that holds the page as it is, and the whole page once its toy changes', async () => {
    const get = (url: string, etag?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br', ...(etag ? { 'if-none-match': etag } : {}) },
      });
    for (const url of ['/tienda', `/producto/${productId}`]) {
      const first = await get(url);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
      // The page is rendered again, its data read again: the same tag, though the read's time is in the page.
      const again = await get(url, etag);
      expect([url, again.statusCode, again.body, again.headers.etag]).toEqual([url, 304, '', etag]);
    }
    const before = (await get(`/producto/${productId}`)).headers.etag as string;
    await t.db.updateTable('products').set({ stock: 2 }).where('id', '=', productId).execute();
    try {
      const changed = await get(`/producto/${productId}`, before);
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(before);
    } finally {
      await t.db.updateTable('products').set({ stock: 4 }).where('id', '=', productId).execute();
    }
    // A 404 page is sent whole, whatever the phone holds.
    const missing = await get('/no-existe');
    const stillMissing = await get('/no-existe', missing.headers.etag as string);
    expect([stillMissing.statusCode, stillMissing.headers['content-encoding']]).toEqual([404, 'br']);
  });
});
