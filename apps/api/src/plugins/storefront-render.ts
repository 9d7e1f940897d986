import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { catalogSearchSchema } from '@tienda/shared/catalog';
import { EARLY_TAPS_SCRIPT } from '@tienda/shared/early-taps';
import type { RenderedPage, StorefrontNeed, StorefrontRenderer } from '@tienda/shared/storefront-render';
import type { AppContext } from './context.js';
import { AppError } from '../errors.js';
import { listCategories } from '../modules/catalog/categories.service.js';
import { featuredProducts, getProduct, searchProducts } from '../modules/catalog/products.service.js';
import { getItem, searchItems } from '../modules/catalog/catalogue-item.js';
import { comboKind } from '../modules/combos/combos.service.js';

// Storefront pages rendered on the server (docs/decisions/0027-server-rendered-storefront.md): the web app's server
// build renders the page; its data comes from the same services the API's routes call, in this process.

/** The web app's server build, or null when it was not built (the shell is served as before). */
export async function loadStorefrontRenderer(entryFile: string): Promise<StorefrontRenderer | null> {
  if (!existsSync(entryFile)) return null;
  return (await import(pathToFileURL(entryFile).href)) as StorefrontRenderer;
}

type StorefrontContext = Pick<AppContext, 'db' | 'config' | 'productSearch'>;

/**
 * What GET /api/Product/{id}, /api/Product/featured, … would answer, without the HTTP round trip; null where it would
 * answer 404 (a product or combo that is not there), so the page answers 404 too.
 */
export async function loadNeed(ctx: StorefrontContext, need: StorefrontNeed): Promise<unknown> {
  try {
    return await answerNeed(ctx, need);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}

function answerNeed(ctx: StorefrontContext, need: StorefrontNeed): Promise<unknown> {
  switch (need.kind) {
    case 'product':
      return getProduct(ctx, need.id);
    case 'combo':
      return getItem(comboKind, ctx, need.id);
    case 'featured':
      return featuredProducts(ctx);
    case 'categories':
      return listCategories(ctx);
    case 'product-page':
      return searchProducts(ctx, catalogSearchSchema.parse(need.search));
    case 'combo-search':
      return searchItems(comboKind, ctx, catalogSearchSchema.parse(need.search));
  }
}

/**
 * JSON for a `<script type="application/json">`: `<` is written as \u003c so no value (a product named
 * `</script><script>…`) can close the tag; U+2028/2029 likewise, for any reader that treats it as script.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Vite's manifest of the browser build (build.manifest): each source module's chunk and the chunks it imports. */
export type ViteManifest = Record<string, { file: string; imports?: string[] }>;

export function loadManifest(file: string): ViteManifest | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ViteManifest) : null;
}

/**
 * The chunks of the page's screens and their imports, as paths, that index.html does not load already: they
 * download beside the entry instead of after it, so hydration does not wait one more round trip
 * (docs/decisions/0028-preact-runtime.md).
 */
export function screenChunks(manifest: ViteManifest, modules: string[], indexHtml: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  return [...files].filter((file) => !indexHtml.includes(`"/${file}"`)).map((file) => `/${file}`);
}

/**
 * A page the browser renders (an order, the cart, the admin) asks for its screen's chunks only once the entry has run:
 * on a phone with 300 ms round trips, a second wave of requests after the first. Preloaded in the head, they download
 * beside the entry (docs/decisions/0028-preact-runtime.md, amendment of 2026-11-28).
 */
export function withModulePreloads(indexHtml: string, chunks: string[]): string {
  if (chunks.length === 0) return indexHtml;
  const links = chunks.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
  return indexHtml.replace('</head>', `${links}</head>`);
}

/** The browser build's module that starts a rendered page's scripts after its first paint (its manifest key). */
export const AFTER_PAINT_MODULE = 'src/scripts-after-paint.ts';

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A rendered page is readable before its scripts run, so it loads them after its first paint: the shell's entry
 * script and preloads, and `chunks`, become one small module that loads them then (`afterPaintFile`,
 * apps/web/src/scripts-after-paint.ts; docs/decisions/0030-paint-first-then-scripts.md).
 */
export function scriptsAfterPaint(indexHtml: string, afterPaintFile: string, chunks: string[]): string {
  const entry = ENTRY_SCRIPT.exec(indexHtml);
  if (!entry) return indexHtml;
  const preloads = [...indexHtml.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const scripts = [entry[1]!, ...preloads, ...chunks].join(' ');
  return indexHtml
    .replace(MODULE_PRELOAD, '')
    .replace(
      ENTRY_SCRIPT,
      () =>
        `\n    <script>${EARLY_TAPS_SCRIPT}</script>` +
        `\n    <script type="module" crossorigin src="/${afterPaintFile}" data-scripts="${scripts}"></script>`,
    );
}

const ROOT = /<div id="root"><\/div>/;

/** index.html with the rendered page inside its root element and the page's data beside it. */
export function injectPage(indexHtml: string, page: RenderedPage): string {
  return indexHtml.replace(
    ROOT,
    () =>
      `<div id="root">${page.html}</div>\n    <script type="application/json" id="page-data">${scriptSafeJson(page.queries)}</script>`,
  );
}
