import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { API } from '@tienda/shared/messages';

const here = path.dirname(fileURLToPath(import.meta.url));
// apps/api/{src,dist}/plugins → apps/web/dist
export const DEFAULT_WEB_DIST = path.resolve(here, '../../../web/dist');

const API_PREFIXES = ['/api/', '/email/', '/uploads/'];

// Serves uploaded images and the built web app; every other GET that is not an API call gets
// index.html so client routes (/producto/7, /admin/inicio, unknown paths) load the app.
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
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite puts content hashes in asset names: those never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
      },
    });
  } else {
    app.log.warn({ distDir }, 'no hay build de la web; solo se sirve la API');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!.toLowerCase();
    const isApi = API_PREFIXES.some((prefix) => pathname.startsWith(prefix)) || pathname === '/api';
    if (!isApi && indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).send({ message: API.routeNotFound });
  });
});
