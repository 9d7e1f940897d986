import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/database.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok'), db: z.literal('ok') }) } } },
    async () => {
      await pingDatabase(app.ctx.db);
      return { status: 'ok' as const, db: 'ok' as const };
    },
  );
};
