import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeImage } from '../lib/images.js';
import { insertCombo, insertProduct } from '../test/catalog-fixtures.js';
import { createTestApp, testDialects, type TestApp } from '../test/test-app.js';
import { escapeHtml } from '../lib/html.js';
import { metaDescription, siteOrigin } from './share-meta.js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

// Share tags in the HTML of /producto/{id} and /combo/{id}, defaults elsewhere,
// /robots.txt and /sitemap.xml. The web build is replaced by a tiny index.html with the same marker block, without the
// server build: the route table is not known, so unknown pages answer 200 here (their 404s: web-app-rendering.test.ts).
const INDEX_HTML = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <!-- seo:start -->
    <title>Por defecto</title>
    <meta property="og:title" content="Por defecto" />
    <!-- seo:end -->
    <script type="module" src="/assets/index.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const HOST = { host: 'tienda.test' };

/** The content of <meta property|name="key"> in an HTML page. */
function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return match?.[1];
}
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe.each(testDialects)('web app share tags, robots.txt and sitemap.xml (%s)', (dialect) => {
  let t: TestApp;
  let webDir: string;
  let productId: number;
  let plainProductId: number;
  let comboId: number;

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'tienda-web-'));
    writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'assets', 'index-Ab12Cd.js'), 'console.log("tienda");'.repeat(100));
    writeFileSync(
      path.join(webDir, 'assets', 'index-Ab12Cd.js.br'),
      brotliCompressSync('console.log("tienda");'.repeat(100)),
    );
    writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // Behind a proxy (TRUST_PROXY) the forwarded scheme decides the links' scheme.
    t = await createTestApp(dialect, { webDistDir: webDir, trustProxy: ['127.0.0.1'] });
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#1f6f78' } })
      .png()
      .toBuffer();
    const imageKey = await storeImage(t.config.uploadsDir, png);
    productId = await insertProduct(t.db, {
      name: 'Muñeca <Sofía> & "amigos"',
      description: 'Una muñeca de trapo con silla de ruedas.\n\nPara jugar a cuidar y a incluir.',
      priceCents: 59900,
      discountBp: 1500,
      imageKey,
    });
    plainProductId = await insertProduct(t.db, { name: 'Sonajero de madera', priceCents: 18900, imageKey: null });
    comboId = await insertCombo(t.db, {
      name: 'Kit de calma sensorial',
      description: 'Tres aliados para la calma.',
      priceCents: 54900,
      imageKey,
      productIds: [productId],
    });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("puts the product's title, description, price and picture into /producto/{id}, escaped", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/producto/${productId}`, headers: HOST });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    const name = 'Muñeca &lt;Sofía&gt; &amp; &quot;amigos&quot;';
    expect(title(html)).toBe(`${name} · Jugar y Crecer`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('Por defecto');
    expect(html).not.toContain('<Sofía>');
    // 599 − 15 % = 509.15
    expect(meta(html, 'description')).toBe(
      'L 509.15 · Una muñeca de trapo con silla de ruedas. Para jugar a cuidar y a incluir.',
    );
    expect(meta(html, 'og:title')).toBe(`${name} · Jugar y Crecer`);
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:url')).toBe(`http://tienda.test/producto/${productId}`);
    expect(meta(html, 'og:image')).toBe(`http://tienda.test/og-image/producto/${productId}.jpg`);
    expect(meta(html, 'og:image:alt')).toBe(name);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(`http://tienda.test/og-image/producto/${productId}.jpg`);
    expect(meta(html, 'product:price:amount')).toBe('509.15');
    expect(meta(html, 'product:price:currency')).toBe('HNL');
    expect(html).toContain(`<link rel="canonical" href="http://tienda.test/producto/${productId}" />`);
    // The app itself is still there.
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
  });

  it('uses the forwarded scheme behind a proxy, and the shop picture for a product without one', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/producto/${plainProductId}`,
      headers: { ...HOST, 'x-forwarded-proto': 'https' },
    });
    expect(meta(res.body, 'og:url')).toBe(`https://tienda.test/producto/${plainProductId}`);
    expect(meta(res.body, 'og:image')).toBe('https://tienda.test/images/og-jugar-y-crecer.png');
    expect(title(res.body)).toBe('Sonajero de madera · Jugar y Crecer');
  });

  it("puts the combo's tags into /combo/{id}", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/combo/${comboId}`, headers: HOST });
    expect(res.statusCode).toBe(200);
    expect(title(res.body)).toBe('Kit de calma sensorial · Jugar y Crecer');
    expect(meta(res.body, 'description')).toBe('L 549.00 · Tres aliados para la calma.');
    expect(meta(res.body, 'og:image')).toBe(`http://tienda.test/og-image/combo/${comboId}.jpg`);
    expect(meta(res.body, 'og:url')).toBe(`http://tienda.test/combo/${comboId}`);
  });

  it('preloads the largest picture with high priority: the main one in its widths, the hero on the home page', async () => {
    const key = (
      await t.db.selectFrom('products').select('image_key').where('id', '=', productId).executeTakeFirstOrThrow()
    ).image_key!;
    const widths = [`${key}-320.webp 320w`, `${key}-640.webp 640w`, `${key}-960.webp 960w`, `${key}.webp 1600w`]
      .map((entry) => `/uploads/${entry}`)
      .join(', ');
    const sizes = '(min-width: 1024px) 560px, (min-width: 768px) 50vw, 100vw';
    const preload =
      `<link rel="preload" as="image" href="/uploads/${key}.webp" imagesrcset="${widths}" ` +
      `imagesizes="${sizes}" fetchpriority="high" />`;
    for (const url of [`/producto/${productId}`, `/combo/${comboId}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: HOST });
      expect(res.body.match(/rel="preload" as="image"[^>]*>/g), url).toEqual([preload.slice('<link '.length)]);
    }
    const home = await t.app.inject({ method: 'GET', url: '/', headers: HOST });
    expect(home.body.match(/<link rel="preload" as="image"[^>]*>/g)).toEqual([
      '<link rel="preload" as="image" href="/images/hero-juguetes.svg" fetchpriority="high" />',
    ]);
    for (const url of [`/producto/${plainProductId}`, '/tienda', '/contacto']) {
      const res = await t.app.inject({ method: 'GET', url, headers: HOST });
      expect(res.body, url).not.toContain('rel="preload" as="image"');
    }
  });

  it('falls back to the shop tags for an unknown or malformed id (the page itself shows the error)', async () => {
    for (const url of ['/producto/999999', '/producto/abc', '/combo/0', '/producto/99999999999']) {
      const res = await t.app.inject({ method: 'GET', url, headers: HOST });
      expect(res.statusCode).toBe(200);
      expect(title(res.body)).toBe('Jugar y Crecer — Juguetes educativos y sensoriales en Honduras');
      expect(meta(res.body, 'og:type')).toBe('website');
      expect(meta(res.body, 'og:image')).toBe('http://tienda.test/images/og-jugar-y-crecer.png');
    }
  });

  it('gives every other page the shop tags, with its own title where it has one', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/', headers: HOST });
    expect(home.statusCode).toBe(200);
    expect(title(home.body)).toBe('Jugar y Crecer — Juguetes educativos y sensoriales en Honduras');
    expect(meta(home.body, 'og:url')).toBe('http://tienda.test/');
    const shop = await t.app.inject({ method: 'GET', url: '/tienda?q=oso', headers: HOST });
    expect(title(shop.body)).toBe('Tienda · Jugar y Crecer');
    expect(meta(shop.body, 'og:url')).toBe('http://tienda.test/tienda');
    const about = await t.app.inject({ method: 'GET', url: '/quienes-somos', headers: HOST });
    expect(title(about.body)).toBe('¿Quiénes somos? · Jugar y Crecer');
    const unknown = await t.app.inject({ method: 'GET', url: '/no-existe/<script>', headers: HOST });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).not.toContain('<script>"');
    expect(meta(unknown.body, 'og:url')).toBe('http://tienda.test/no-existe/%3Cscript%3E');
  });

  it('serves the share picture as a 1200×630 JPEG, and redirects to the shop picture when there is none', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/og-image/producto/${productId}.jpg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const info = await sharp(res.rawPayload).metadata();
    expect([info.format, info.width, info.height]).toEqual(['jpeg', 1200, 630]);
    // Second time from the cache: the same bytes.
    const again = await t.app.inject({ method: 'GET', url: `/og-image/producto/${productId}.jpg` });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    const combo = await t.app.inject({ method: 'GET', url: `/og-image/combo/${comboId}.jpg` });
    expect(combo.headers['content-type']).toBe('image/jpeg');
    for (const url of [
      `/og-image/producto/${plainProductId}.jpg`,
      '/og-image/producto/424242.jpg',
      '/og-image/combo/x.jpg',
    ]) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode).toBe(302);
      expect(missing.headers.location).toBe('/images/og-jugar-y-crecer.png');
    }
  });

  it('serves robots.txt pointing at the sitemap and keeping private screens out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: HOST });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin/',
        'Disallow: /MiCarrito',
        'Disallow: /pagar',
        'Disallow: /profile',
        'Disallow: /api/',
        '',
        'Sitemap: http://tienda.test/sitemap.xml',
        '',
      ].join('\n'),
    );
  });

  it('lists the static pages, every product and every combo in sitemap.xml', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: HOST });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'http://tienda.test/',
      'http://tienda.test/tienda',
      'http://tienda.test/quienes-somos',
      'http://tienda.test/contacto',
      'http://tienda.test/politicas',
      `http://tienda.test/producto/${productId}`,
      `http://tienda.test/producto/${plainProductId}`,
      `http://tienda.test/combo/${comboId}`,
    ]);
    expect(
      res.body.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body).toContain(
      `<url><loc>http://tienda.test/producto/${productId}</loc><lastmod>${today}</lastmod></url>`,
    );
  });

  it('still answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'La ruta solicitada no existe.' });
  });
  it('answers a missing script, style or picture with a 404, not with the app page', async () => {
    for (const url of ['/assets/index-Gone1234.js', '/assets/index-Gone1234.css', '/no-existe.png', '/logo.svg']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.json()).toEqual({ message: 'La ruta solicitada no existe.' });
    }
    const clientRoute = await t.app.inject({ method: 'GET', url: '/ruta-que-no-existe' });
    expect(clientRoute.statusCode).toBe(200);
    expect(clientRoute.headers['content-type']).toBe('text/html; charset=utf-8');
  });
  it('compresses every page, client routes included (brotli, else gzip, else plain)', async () => {
    for (const url of ['/tienda', '/quienes-somos', `/producto/${productId}`]) {
      const plain = await t.app.inject({ method: 'GET', url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
      const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });
  it('caches hashed assets for a year, re-validates the rest, and serves the precompressed file', async () => {
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('br');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    const page = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect([page.statusCode, page.headers['cache-control']]).toEqual([200, 'no-cache']);
    const stored = await t.db
      .selectFrom('products')
      .select('image_key')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    const upload = await t.app.inject({ method: 'GET', url: `/uploads/${stored.image_key}.webp` });
    expect(upload.statusCode).toBe(200);
    expect(upload.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('share-meta helpers', () => {
  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('cuts a long description at a word, under 160 characters', () => {
    const text = 'palabra '.repeat(40);
    const cut = metaDescription(text);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('palabra…')).toBe(true);
    expect(metaDescription('  corta\n\n y clara ')).toBe('corta y clara');
  });

  it('prefers PUBLIC_URL and only trusts a well-formed host', () => {
    expect(siteOrigin('https://jugarycrecer.hn/', 'http', 'otro.test')).toBe('https://jugarycrecer.hn');
    expect(siteOrigin(undefined, 'https', 'tienda.test:8443')).toBe('https://tienda.test:8443');
    expect(siteOrigin(undefined, 'http', 'evil.test"><script>')).toBe('http://localhost');
  });
});
