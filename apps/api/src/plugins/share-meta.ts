import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DETAIL_IMAGE_SIZES, imageSrcSet } from '@tienda/shared/images';
import { formatLempiras, paidPriceCents } from '@tienda/shared/pricing';
import type { DbOrTx } from '../db/database.js';
import { escapeHtml } from '../lib/html.js';
import { imageUrl, loadSharp } from '../lib/images.js';
import { pathId } from '../lib/path-ids.js';
import { toIsoString } from '../db/timestamps.js';
import { findShareRow, sitemapRows } from './share-meta.repository.js';

// Links shared on WhatsApp or Facebook show the toy. Crawlers do not run
// JavaScript, so the server writes the title, description and Open Graph image into index.html for
// /producto/{id} and /combo/{id}, and sensible defaults for every other page.

export const BRAND = 'Jugar y Crecer';
const DEFAULT_TITLE = 'Jugar y Crecer — Juguetes educativos y sensoriales en Honduras';
const DEFAULT_DESCRIPTION =
  'Juguetería de San Pedro Sula con juguetes educativos, sensoriales y Montessori elegidos por una psicóloga. Envíos a todo Honduras.';
/** Built from apps/web/public; 1200×630. */
export const DEFAULT_IMAGE_PATH = '/images/og-jugar-y-crecer.png';
const META_DESCRIPTION_MAX = 160;

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of a 1200×630 (or square) JPEG/PNG. */
  image: string;
  imageAlt: string;
  /** Canonical absolute URL of the page. */
  url: string;
  type: 'website' | 'product';
  /** Lempiras paid, for product pages. */
  price?: number;
  /** The page's largest picture, fetched with high priority before the script that shows it. */
  preloadImage?: PreloadImage;
}

export interface PreloadImage {
  href: string;
  /** Same srcset and sizes as the page's <img>, so the browser reuses the preloaded file. */
  srcset?: string;
  sizes?: string;
}

/** The home page's hero picture (apps/web/src/features/catalog/routes/home-page.tsx). */
export const HOME_HERO_IMAGE = '/images/hero-juguetes.svg';

const STATIC_PAGES: Record<string, { title: string; description: string }> = {
  '/': { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION },
  '/tienda': {
    title: `Tienda · ${BRAND}`,
    description:
      'Busca juguetes didácticos, sensoriales, Montessori, peluches y combos. Precios en lempiras y envío a todo Honduras.',
  },
  '/quienes-somos': {
    title: `¿Quiénes somos? · ${BRAND}`,
    description:
      'Nuestra historia, misión y visión: una juguetería nacida del amor de una mamá psicóloga y de su hijo con autismo.',
  },
  '/contacto': {
    title: `Contacto · ${BRAND}`,
    description: 'Escríbenos o visítanos en San Pedro Sula. Te ayudamos a elegir el juguete ideal.',
  },
  '/politicas': {
    title: `Políticas · ${BRAND}`,
    description: 'Términos, privacidad, formas de pago y envíos de Jugar y Crecer.',
  },
};

/** The public pages every sitemap lists (spec §2 route table, storefront part). */
export const SITEMAP_STATIC_PATHS = ['/', '/tienda', '/quienes-somos', '/contacto', '/politicas'];

/** One line, at most 160 characters, cut at a word with '…'. */
export function metaDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= META_DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, META_DESCRIPTION_MAX - 1);
  const atWord = cut.lastIndexOf(' ') > 100 ? cut.slice(0, cut.lastIndexOf(' ')) : cut;
  return `${atWord.replace(/[\s,;:.]+$/, '')}…`;
}

/** The site's origin: PUBLIC_URL when configured, else the request's scheme and host (a safe host only). */
export function siteOrigin(publicUrl: string | undefined, protocol: string, host: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const safeHost = host && /^[a-z0-9.-]+(:\d{1,5})?$/i.test(host) ? host : 'localhost';
  return `${protocol === 'https' ? 'https' : 'http'}://${safeHost}`;
}

export function defaultMeta(pathname: string, origin: string): PageMeta {
  const key = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const page = STATIC_PAGES[key] ?? { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION };
  return {
    ...page,
    image: `${origin}${DEFAULT_IMAGE_PATH}`,
    imageAlt: 'Jugar y Crecer: juguetes educativos y sensoriales',
    url: `${origin}${STATIC_PAGES[key] ? (key === '/' ? '/' : key) : pathname}`,
    type: 'website',
    ...(key === '/' && { preloadImage: { href: HOME_HERO_IMAGE } }),
  };
}

export type ShareKind = 'producto' | 'combo';

/** A positive id that fits the integer columns, or null. */
export function parseId(raw: string): number | null {
  const id = pathId.safeParse(raw);
  return id.success ? id.data : null;
}

/** The tags of /producto/{id} or /combo/{id}; undefined when the item does not exist. */
export async function itemMeta(
  db: DbOrTx,
  kind: ShareKind,
  rawId: string,
  origin: string,
): Promise<PageMeta | undefined> {
  const id = parseId(rawId);
  if (id === null) return undefined;
  const row = await findShareRow(db, kind, id);
  if (!row) return undefined;
  const paidCents = paidPriceCents(row.price_cents, row.discount_bp);
  const mainImage = imageUrl(row.image_key);
  const price = paidCents / 100;
  return {
    title: `${row.name} · ${BRAND}`,
    description: metaDescription(`${formatLempiras(price)} · ${row.description}`),
    image: row.image_key ? `${origin}/og-image/${kind}/${row.id}.jpg` : `${origin}${DEFAULT_IMAGE_PATH}`,
    imageAlt: row.name,
    url: `${origin}/${kind}/${row.id}`,
    type: 'product',
    price,
    // The page's main picture is its LCP: srcset and sizes as ItemDetail's gallery writes them.
    ...(mainImage && { preloadImage: { href: mainImage, srcset: imageSrcSet(mainImage), sizes: DETAIL_IMAGE_SIZES } }),
  };
}

/** The <head> tags for a page, every value escaped. */
export function renderMetaTags(meta: PageMeta): string {
  const e = escapeHtml;
  const tags = [
    `<title>${e(meta.title)}</title>`,
    `<meta name="description" content="${e(meta.description)}" />`,
    `<link rel="canonical" href="${e(meta.url)}" />`,
    `<meta property="og:site_name" content="${BRAND}" />`,
    `<meta property="og:locale" content="es_HN" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${e(meta.title)}" />`,
    `<meta property="og:description" content="${e(meta.description)}" />`,
    `<meta property="og:url" content="${e(meta.url)}" />`,
    `<meta property="og:image" content="${e(meta.image)}" />`,
    `<meta property="og:image:alt" content="${e(meta.imageAlt)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${e(meta.title)}" />`,
    `<meta name="twitter:description" content="${e(meta.description)}" />`,
    `<meta name="twitter:image" content="${e(meta.image)}" />`,
  ];
  if (meta.price !== undefined) {
    tags.push(
      `<meta property="product:price:amount" content="${meta.price.toFixed(2)}" />`,
      `<meta property="product:price:currency" content="HNL" />`,
    );
  }
  if (meta.preloadImage) {
    const { href, srcset, sizes } = meta.preloadImage;
    tags.push(
      `<link rel="preload" as="image" href="${e(href)}"${srcset ? ` imagesrcset="${e(srcset)}"` : ''}${sizes ? ` imagesizes="${e(sizes)}"` : ''} fetchpriority="high" />`,
    );
  }
  return tags.join('\n    ');
}

const BLOCK = /<!--\s*seo:start\s*-->[\s\S]*?<!--\s*seo:end\s*-->/;

/** index.html with its default tag block (between <!-- seo:start --> and <!-- seo:end -->) replaced. */
export function injectMeta(indexHtml: string, meta: PageMeta): string {
  const block = `<!-- seo:start -->\n    ${renderMetaTags(meta)}\n    <!-- seo:end -->`;
  if (BLOCK.test(indexHtml)) return indexHtml.replace(BLOCK, () => block);
  // A build without markers: drop its title and add ours before </head>.
  return indexHtml.replace(/<title>[\s\S]*?<\/title>/i, '').replace(/<\/head>/i, () => `${block}\n  </head>`);
}

/** Personal and administrative screens, and the API: nothing there to index. */
const NOT_INDEXED = ['/admin/', '/MiCarrito', '/pagar', '/profile', '/api/'];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...NOT_INDEXED.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export async function sitemapXml(db: DbOrTx, origin: string): Promise<string> {
  const { products, combos } = await sitemapRows(db);
  const url = (loc: string, lastmod?: string | Date) =>
    `  <url><loc>${escapeHtml(`${origin}${loc}`)}</loc>${lastmod ? `<lastmod>${toIsoString(lastmod).slice(0, 10)}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...SITEMAP_STATIC_PATHS.map((p) => url(p)),
    ...products.map((p) => url(`/producto/${p.id}`, p.updated_at)),
    ...combos.map((c) => url(`/combo/${c.id}`, c.updated_at)),
    '</urlset>',
    '',
  ].join('\n');
}

const OG_WIDTH = 1200;
const OG_HEIGHT = 630;

/**
 * The share picture of a product or combo as a 1200×630 JPEG (the format every crawler reads): the
 * stored WebP centred on the shop's cream background. Cached in `cacheDir` by image key, so a new
 * picture gets a new file.
 */
export async function shareImage(
  db: DbOrTx,
  uploadsDir: string,
  cacheDir: string,
  kind: ShareKind,
  rawId: string,
): Promise<Buffer | null> {
  const id = parseId(rawId);
  if (id === null) return null;
  const row = await findShareRow(db, kind, id);
  if (!row?.image_key || !/^[\w-]+$/.test(row.image_key)) return null;
  const cached = path.join(cacheDir, `${row.image_key}.jpg`);
  try {
    return await readFile(cached);
  } catch {
    // Not made yet.
  }
  let source: Buffer;
  try {
    source = await readFile(path.join(uploadsDir, `${row.image_key}.webp`));
  } catch {
    return null;
  }
  const sharp = await loadSharp();
  const picture = await sharp(source)
    .resize({ width: OG_HEIGHT - 60, height: OG_HEIGHT - 60, fit: 'inside' })
    .toBuffer();
  const jpeg = await sharp({ create: { width: OG_WIDTH, height: OG_HEIGHT, channels: 3, background: '#fff9f1' } })
    .composite([{ input: picture, gravity: 'centre' }])
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  await mkdir(cacheDir, { recursive: true });
  await writeFile(cached, jpeg);
  return jpeg;
}
