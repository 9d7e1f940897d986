// `npm run lighthouse`: the storefront at Lighthouse's mobile defaults (emulated mid-range phone, 4× CPU
// slowdown, slow 4G), 3 runs per page, medians against the budgets of docs/decisions/0003-web-first-load-budget.md.
// Not part of `npm test`. Needs the built shop (`npm run build`) and Debian's Chromium.
//   npm run lighthouse                 every public page on the demo shop
//   npm run lighthouse -- --runs=1 /tienda
//   npm run lighthouse -- --save=/tmp/lh /tienda     also writes each run's full report, to read its trace audits
//   npm run lighthouse -- --products=50000 /tienda  a shop of generated products (the bench's seed) instead of the demo
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { shopStartArgs } from '../shop-start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 3);
const only = args.filter((a) => a.startsWith('/'));
const productCount = Number(args.find((a) => a.startsWith('--products='))?.slice('--products='.length) ?? 0);
const saveDir = args.find((a) => a.startsWith('--save='))?.slice('--save='.length);
const port = 4700 + Math.floor(Math.random() * 200);
const base = `http://127.0.0.1:${port}`;

const BUDGET = {
  performance: 95,
  lcpMs: 2000,
  tbtMs: 150,
  cls: 0.05,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
};
const FIRST_LOAD_JS_BUDGET = 60 * 1024; // brotli bytes of JavaScript on / before the first interaction

async function waitForHealth(deadline) {
  while (Date.now() < deadline) {
    const healthy = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false, // not listening yet
    );
    if (healthy) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('la tienda no arrancó a tiempo');
}

async function firstIds() {
  const products = await (await fetch(`${base}/api/Product/featured`)).json();
  const combos = await (
    await fetch(`${base}/api/Combo/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
  ).json();
  return { productId: products[0]?.productId ?? 1, comboId: combos[0]?.comboId ?? 1 };
}

// Chromium sometimes loses a trace (NO_NAVSTART, NO_FCP) on a busy machine: such a run is repeated, up to 3 times.
async function audit(page) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(`${base}${page}`, { port: chrome.port, output: 'json', logLevel: 'error' });
    const { runtimeError } = result.lhr;
    if (!runtimeError) {
      if (saveDir) {
        mkdirSync(saveDir, { recursive: true });
        const name = `${page.replace(/[^a-z0-9]+/gi, '_')}-${Date.now()}.json`;
        writeFileSync(path.join(saveDir, name), result.report);
      }
      return result.lhr;
    }
    if (attempt === 3) throw new Error(`${page}: ${runtimeError.code} ${runtimeError.message}`);
    console.error(`${page}: ${runtimeError.code}, otra vez`);
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The bench's generated catalogue (`npm run build -w bench`), instead of the demo shop. */
async function seedGeneratedShop(dataDir, databaseUrl) {
  execFileSync(process.execPath, [path.join(root, 'apps/api/dist/db/migrate-cli.js')], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, JWT_SECRET: 'x'.repeat(32) },
    stdio: 'ignore',
  });
  const { seedSqlite } = await import(pathToFileURL(path.join(root, 'bench/dist/seed.js')).href);
  await seedSqlite(path.join(dataDir, 'tienda.db'), productCount);
}

/** The generated products name pictures that do not exist: the ones `page` shows are made, in every width. */
async function drawPicturesOf(page, uploadsDir) {
  const html = await (await fetch(`${base}${page}`)).text();
  const keys = new Set(
    [...html.matchAll(/\/uploads\/(bench-[\w-]+?)(?:-(?:320|640|960|thumb))?\.webp/g)].map((m) => m[1]),
  );
  const { loadSharp, writeImageWidths } = await import(
    pathToFileURL(path.join(root, 'apps/api/dist/lib/images.js')).href
  );
  const sharp = await loadSharp();
  mkdirSync(uploadsDir, { recursive: true });
  let hue = 0;
  for (const key of keys) {
    hue = (hue + 47) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1600"><rect width="1600" height="1600" fill="hsl(${hue},60%,92%)"/><circle cx="800" cy="800" r="480" fill="hsl(${hue},65%,60%)"/></svg>`;
    await sharp(Buffer.from(svg))
      .webp({ quality: 80 })
      .toFile(path.join(uploadsDir, `${key}.webp`));
    await writeImageWidths(uploadsDir, key);
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'tienda-lighthouse-'));
const databaseUrl = `file:${path.join(dataDir, 'tienda.db')}`;
if (productCount > 0) await seedGeneratedShop(dataDir, databaseUrl);
const server = spawn(process.execPath, shopStartArgs(root), {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    ...(productCount > 0 ? { SEED_DEMO: 'false' } : {}),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let chrome;
try {
  await waitForHealth(Date.now() + 60_000);
  if (productCount > 0)
    for (const page of only.length > 0 ? only : ['/tienda']) await drawPicturesOf(page, path.join(dataDir, 'uploads'));
  const { productId, comboId } = await firstIds();
  const pages = [
    '/',
    '/tienda',
    `/producto/${productId}`,
    `/combo/${comboId}`,
    '/quienes-somos',
    '/politicas',
    '/contacto',
  ];
  const chosen = only.length > 0 ? only : pages;
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const rows = [];
  let firstLoadJs;
  for (const page of chosen) {
    const samples = [];
    for (let i = 0; i < runs; i += 1) {
      const { categories, audits } = await audit(page);
      const broken = ['largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].find(
        (id) => audits[id].numericValue === undefined,
      );
      if (broken) throw new Error(`${page}: ${broken}: ${audits[broken].errorMessage}`);
      const scripts = audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
      samples.push({
        performance: Math.round(categories.performance.score * 100),
        lcpMs: audits['largest-contentful-paint'].numericValue,
        tbtMs: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
        accessibility: Math.round(categories.accessibility.score * 100),
        bestPractices: Math.round(categories['best-practices'].score * 100),
        seo: Math.round(categories.seo.score * 100),
        scriptBytes: scripts?.transferSize ?? 0,
        failing: Object.values(audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 0.9 &&
              a.scoreDisplayMode !== 'informative' &&
              a.scoreDisplayMode !== 'manual',
          )
          .map((a) => a.id),
      });
    }
    const m = (key) => median(samples.map((s) => s[key]));
    const row = {
      page,
      performance: m('performance'),
      lcpMs: Math.round(m('lcpMs')),
      tbtMs: Math.round(m('tbtMs')),
      cls: Number(m('cls').toFixed(3)),
      accessibility: m('accessibility'),
      bestPractices: m('bestPractices'),
      seo: m('seo'),
      failing: [...new Set(samples.flatMap((s) => s.failing))].join(' '),
    };
    if (page === '/') firstLoadJs = m('scriptBytes');
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  const shop = productCount > 0 ? `, tienda de ${productCount} productos generados` : '';
  console.log(`\nLighthouse ${runs}× por página, medianas (móvil: 4× CPU, 4G lento${shop})\n`);
  console.log('página                 perf   LCP ms  TBT ms   CLS    a11y  BP   SEO');
  const misses = [];
  for (const r of rows) {
    console.log(
      `${r.page.padEnd(22)} ${String(r.performance).padStart(4)} ${String(r.lcpMs).padStart(8)} ${String(r.tbtMs).padStart(7)} ${r.cls.toFixed(3).padStart(6)} ${String(r.accessibility).padStart(6)} ${String(r.bestPractices).padStart(4)} ${String(r.seo).padStart(5)}`,
    );
    if (r.performance < BUDGET.performance)
      misses.push(`${r.page}: performance ${r.performance} < ${BUDGET.performance}`);
    if (r.lcpMs > BUDGET.lcpMs) misses.push(`${r.page}: LCP ${r.lcpMs} ms > ${BUDGET.lcpMs}`);
    if (r.tbtMs > BUDGET.tbtMs) misses.push(`${r.page}: TBT ${r.tbtMs} ms > ${BUDGET.tbtMs}`);
    if (r.cls > BUDGET.cls) misses.push(`${r.page}: CLS ${r.cls} > ${BUDGET.cls}`);
    for (const key of ['accessibility', 'bestPractices', 'seo']) {
      if (r[key] < BUDGET[key]) misses.push(`${r.page}: ${key} ${r[key]} < ${BUDGET[key]}`);
    }
  }
  if (firstLoadJs !== undefined) {
    const kb = (firstLoadJs / 1024).toFixed(1);
    console.log(`\nJavaScript transferido en / antes de la primera interacción: ${kb} KB (presupuesto 60 KB)`);
    if (firstLoadJs > FIRST_LOAD_JS_BUDGET) misses.push(`/: JavaScript ${kb} KB > 60 KB`);
  }
  for (const r of rows) if (r.failing) console.log(`  ${r.page} auditorías por debajo de 0.9: ${r.failing}`);
  console.log(
    misses.length === 0
      ? '\nTodos los presupuestos se cumplen.'
      : `\nPresupuestos no cumplidos:\n  ${misses.join('\n  ')}`,
  );
  process.exitCode = misses.length === 0 ? 0 : 1;
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
