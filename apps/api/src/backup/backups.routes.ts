import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BACKUP_LINK_MINUTES, backupFileSchema, backupLinkSchema, backupListSchema } from '@tienda/shared/backups';
import { requireAdmin } from '../plugins/auth.js';
import { openForDownload } from '../lib/downloads.js';
import {
  BACKUP_MESSAGES,
  backUpOnDemand,
  backupDownloadLink,
  checkedDownload,
  listBackups,
} from './backups.service.js';

// Beyond spec §7: the owner's backups on the admin home (docs/decisions/0036-backups-from-the-admin.md).
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: [requireAdmin] };
  const security = [{ bearer: [] }];
  // Any text: only the shop's own archive names are found (backups.service.ts), the rest is a 404.
  const nameParams = z.object({ name: z.string() });

  app.get(
    '/api/admin/backups',
    { ...admin, schema: { tags: ['admin'], security, response: { 200: backupListSchema } } },
    async () => {
      const { config } = app.ctx;
      return {
        backups: await listBackups(config),
        nightlyHour: config.backups.nightlyHour,
        keptDays: config.backups.keptDays,
      };
    },
  );

  app.post(
    '/api/admin/backups',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Hace una copia de seguridad ahora (base de datos e imágenes en un .tar.gz)',
        security,
        response: { 201: backupFileSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await backUpOnDemand(app.ctx, request.log)),
  );

  app.post(
    '/api/admin/backups/:name/link',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: `Un enlace de descarga de la copia, válido ${BACKUP_LINK_MINUTES} minutos, sin token`,
        security,
        params: nameParams,
        response: { 200: backupLinkSchema },
      },
    },
    async (request) => ({ url: await backupDownloadLink(app.ctx.config, request.params.name) }),
  );

  app.get(
    '/api/admin/backups/:name',
    {
      schema: {
        tags: ['admin'],
        summary: 'Descarga una copia con el enlace firmado que da POST /api/admin/backups/{name}/link',
        params: nameParams,
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      // Read as given: a repeated or missing parameter is a link that is not valid (403), not a malformed request.
      const query = request.query as Record<string, unknown>;
      const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
      const file = await checkedDownload(app.ctx.config, name, text(query.vence), text(query.firma));
      const archive = await openForDownload(file, BACKUP_MESSAGES.notFound);
      // Customer data: never kept by a shared cache; the browser saves it under its own name.
      return reply
        .type('application/gzip')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(archive);
    },
  );
};
