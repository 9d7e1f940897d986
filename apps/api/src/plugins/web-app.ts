import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { RenderedPage } from '@tienda/shared/storefront-render';
import { ifNoneMatchHits } from '../lib/http-cache.js';
import { REPLIES } from '../replies.js';
import {
  defaultMeta,
  injectMeta,
  itemMeta,
  robotsTxt,
  shareImage,
  siteOrigin,
  sitemapXml,
  type PageMeta,
  type ShareKind,
} from './share-meta.js';
import { loadPageStyles } from './critical-css.js';
import {
  AFTER_PAINT_MODULE,
  injectPage,
  loadManifest,
  loadNeed,
  loadStorefrontRenderer,
  screenChunks,
  withModulePreloads,
  scriptsAfterPaint,
} from './storefront-render.js';

const here = path.dirname(fileURLToPath(import.meta.url));
// apps/api/{src,dist}/plugins → apps/web/dist
export const DEFAULT_WEB_DIST = path.resolve(here, '../../../web/dist');
/** The web app's server build sits beside its browser build: apps/web/dist-ssr. */
const serverEntryFor = (distDir: string) => path.join(distDir, '..', 'dist-ssr', 'entry-server.js');

const API_PREFIXES = ['/api/', '/email/', '/uploads/'];

function preferredEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  if (/\bbr\b/.test(accept)) return 'br';
  return /\bgzip\b/.test(accept) ? 'gzip' : undefined;
}

function compressText(text: string, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(text);
}

/**
 * A page's weak tag, from what it shows: the markup and its data, leaving out when the data were read (each query's
 * updatedAt changes on every request). A returning phone whose page has not changed gets a 304 and keeps its copy
 * (/tienda is about 20 KB on 3G); its data are then older than their staleTime, so the browser reads them again
 * after hydration, as on any return.
 */
function pageTag(html: string, page?: RenderedPage): string {
  const hashed = createHash('sha1').update(html);
  if (page) {
    // In the order of their keys: the page's reads finish in any order.
    const reads = page.queries.map(({ queryKey, data }) => JSON.stringify([queryKey, data])).sort();
    hashed.update(page.html).update(reads.join('\n'));
  }
  return `W/"${hashed.digest('base64url')}"`;
}

// Serves uploaded images and the built web app; every other GET that is not an API call gets
// index.html so client routes (/producto/7, /admin/inicio, unknown paths, these with a 404) load the app. The HTML
// carries the page's title and share tags (share-meta.ts): the toy's own for /producto/{id} and
// /combo/{id}, the shop's for the rest; /robots.txt and /sitemap.xml come from here too. The storefront
// pages arrive rendered, with their data (docs/decisions/0027-server-rendered-storefront.md); the
// account and admin screens get the empty shell and render in the browser.
export const webAppPlugin = fp<{ webDistDir?: string; uploadsDir: string }>(async (app, { webDistDir, uploadsDir }) => {
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    // Image keys are random and never rewritten: cache for a year.
    immutable: true,
    maxAge: '365d',
  });

  const distDir = webDistDir ?? DEFAULT_WEB_DIST;
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // The build writes .br and .gz next to each asset (apps/web/vite.config.ts): served as they are.
      preCompressed: true,
      // Vite's manifest (.vite/manifest.json) is read by the server, not sent to browsers.
      dotfiles: 'ignore',
      // Our setHeaders decides; the plugin's own Cache-Control (max-age=0) would otherwise overwrite it.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite puts content hashes in asset names: those never change. The pictures of apps/web/public (the favicon,
        // the home's hero) keep their names across builds: a day, so a phone on 3G does not ask for them again on
        // every page, and a new picture still reaches it by tomorrow. A page is always checked.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else if (filePath.endsWith('.html')) res.setHeader('cache-control', 'no-cache');
        else res.setHeader('cache-control', 'public, max-age=86400');
      },
    });
  } else {
    app.log.warn({ distDir }, 'no hay build de la web; solo se sirve la API');
  }

  const renderer = indexHtml ? await loadStorefrontRenderer(serverEntryFor(distDir)) : null;
  const manifest = loadManifest(path.join(distDir, '.vite', 'manifest.json'));
  const styles =
    renderer && indexHtml
      ? loadPageStyles((file) => {
          const asset = path.join(distDir, file);
          return existsSync(asset) ? readFileSync(asset, 'utf8') : null;
        }, indexHtml)
      : null;
  if (indexHtml && !renderer)
    app.log.warn({ distDir }, 'no hay build de servidor de la web; las páginas se arman en el navegador');

  const originOf = (request: FastifyRequest) => siteOrigin(app.ctx.config.publicUrl, request.protocol, request.host);
  /**
   * index.html with the page's tags and, for a storefront page, its content and data; with its status: 404 where the
   * web app's route table has no screen for the address, or the product or combo it shows does not exist. The page
   * is the same either way (the browser shows the not-found screen or the item's error); the status keeps search
   * engines from indexing it as a page (a "soft 404"; docs/decisions/0027-server-rendered-storefront.md, amendment
   * of 2026-11-27). Without the web app's server build the route table is not here: 200, as before.
   */
  const pageHtml = async (
    request: FastifyRequest,
    shell: string,
    meta: PageMeta,
  ): Promise<{ html: string; status: 200 | 404; etag: string }> => {
    const html = injectMeta(shell, meta);
    if (!renderer) return { html, status: 200, etag: pageTag(html) };
    try {
      const { status, page, modules } = await renderer.renderStorefront({
        url: request.url,
        origin: originOf(request),
        load: (need) => loadNeed(app.ctx, need),
      });
      if (!page) {
        const preloaded = manifest ? withModulePreloads(html, screenChunks(manifest, modules, shell)) : html;
        return { html: preloaded, status, etag: pageTag(preloaded) };
      }
      const styled = styles ? styles.inline(html, page.html) : html;
      const afterPaint = manifest?.[AFTER_PAINT_MODULE];
      const scripted =
        manifest && afterPaint
          ? scriptsAfterPaint(styled, afterPaint.file, screenChunks(manifest, page.modules, shell))
          : styled;
      return { html: injectPage(scripted, page), status, etag: pageTag(scripted, page) };
    } catch (error) {
      // The shell still works: the browser renders the page as it did before server rendering.
      request.log.error({ err: error }, 'server render failed');
      return { html, status: 200, etag: pageTag(html) };
    }
  };
  /**
   * Headers every page answer carries, then a 304 when the browser holds this very page (only for a 200: a 404
   * page is sent whole). no-cache on a 404 too: the product may be created a minute later, and the address then
   * answers 200.
   */
  const notModified = (request: FastifyRequest, reply: FastifyReply, status: 200 | 404, etag: string) => {
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('etag', etag);
    return status === 200 && ifNoneMatchHits(request.headers['if-none-match'], etag);
  };
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, shell: string, meta: PageMeta) => {
    const { html, status, etag } = await pageHtml(request, shell, meta);
    if (notModified(request, reply, status, etag)) return reply.status(304).send();
    return reply.send(html);
  };

  if (indexHtml) {
    // Product and combo pages: the toy's name, price, description and picture for link previews.
    for (const kind of ['producto', 'combo'] as const satisfies readonly ShareKind[]) {
      app.get<{ Params: { id: string } }>(`/${kind}/:id`, { schema: { hide: true } }, async (request, reply) => {
        const origin = originOf(request);
        const pathname = request.url.split('?')[0]!;
        // The database out of reach: the page with the shop's own tags, whose screen then says it could not load.
        const tags = await itemMeta(app.ctx.db, kind, request.params.id, origin).catch((error: unknown) => {
          request.log.error({ err: error }, 'share tags failed');
          return null;
        });
        const meta = tags ?? defaultMeta(pathname, origin);
        return sendPage(request, reply, indexHtml, meta);
      });
      app.get<{ Params: { file: string } }>(
        `/og-image/${kind}/:file`,
        { schema: { hide: true } },
        async (request, reply) => {
          const id = request.params.file.replace(/\.jpg$/i, '');
          const cacheDir = path.join(app.ctx.config.dataDir, 'og-cache');
          const jpeg = await shareImage(app.ctx.db, uploadsDir, cacheDir, kind, id);
          if (!jpeg) return reply.redirect(`/images/og-jugar-y-crecer.png`, 302);
          return reply.type('image/jpeg').header('cache-control', 'public, max-age=3600').send(jpeg);
        },
      );
    }

    app.get('/robots.txt', { schema: { hide: true } }, (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(originOf(request))),
    );
    app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(await sitemapXml(app.ctx.db, originOf(request))),
    );
  }

  /**
   * A build file or a file-like path that is not there: a page opened before a new release asks for scripts the
   * release renamed. Answered 404, not with the app's page as a client route is: a script that is HTML fails
   * with a MIME error, and a 404 lets the app show its retry screen, which loads the new release.
   */
  const isMissingFile = (pathname: string) =>
    pathname.startsWith('/assets/') || /\.(?:m?js|css|map|json|ico|png|jpe?g|gif|webp|avif|svg|woff2?)$/.test(pathname);

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!.toLowerCase();
    const isApi = API_PREFIXES.some((prefix) => pathname.startsWith(prefix)) || pathname === '/api';
    if (!isApi && !isMissingFile(pathname) && indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client routes (/tienda, /quienes-somos, unknown paths) land here: @fastify/compress only hooks real
      // routes, and a catch-all route would shadow the router's 414, so the page is compressed here.
      const { html, status, etag } = await pageHtml(
        request,
        indexHtml,
        defaultMeta(request.url.split('?')[0]!, originOf(request)),
      );
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      reply.header('vary', 'accept-encoding');
      if (notModified(request, reply, status, etag)) return reply.status(304).send();
      if (!encoding) return reply.send(html);
      return reply.header('content-encoding', encoding).send(compressText(html, encoding));
    }
    return reply.status(404).send({ message: REPLIES.routeNotFound });
  });
});
