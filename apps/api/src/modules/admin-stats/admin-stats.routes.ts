import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStatsSchema } from '@tienda/shared/orders';
import { requireAdmin } from '../../plugins/auth.js';
import { adminStats } from './admin-stats.service.js';

// One admin-only call behind the figures on /admin/inicio.
export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/stats',
    {
      onRequest: [requireAdmin],
      schema: { tags: ['admin'], security: [{ bearer: [] }], response: { 200: adminStatsSchema } },
    },
    async () => adminStats(app.ctx.db),
  );
};
