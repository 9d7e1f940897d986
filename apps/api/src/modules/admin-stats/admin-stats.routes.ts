import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSettingsSchema, adminStatsSchema } from '@tienda/shared/orders';
import { requireAdmin } from '../../plugins/auth.js';
import { adminStats, saveSettings } from './admin-stats.service.js';

// The admin home's figures on /admin/inicio, and the owner's dashboard settings (docs/decisions/0023-…).
export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: [requireAdmin] };
  const security = [{ bearer: [] }];
  app.get(
    '/api/admin/stats',
    { ...admin, schema: { tags: ['admin'], security, response: { 200: adminStatsSchema } } },
    async () => adminStats(app.ctx.db),
  );
  app.put(
    '/api/admin/settings',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Ajustes del panel: el límite de la lista de poco stock (0 a 1000)',
        security,
        body: adminSettingsSchema,
        response: { 200: adminSettingsSchema },
      },
    },
    async (request) => saveSettings(app.ctx.db, request.body),
  );
};
