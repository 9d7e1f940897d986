import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stockAlertSchema, waitedProductSchema } from '@tienda/shared/stock-alerts';
import { idParams } from '../../lib/path-ids.js';
import { requireAuth } from '../../plugins/auth.js';
import { unauthorized } from '../../errors.js';
import * as service from './stock-alerts.service.js';

// Extension (docs/decisions/0040-back-in-stock-alerts.md): a family waits for a sold-out toy, e-mailed when it is back.
export const stockAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  const spec = {
    onRequest: [requireAuth],
    schema: {
      tags: ['productos'],
      security: [{ bearer: [] }],
      params: idParams,
      response: { 200: stockAlertSchema },
    },
  };
  const userOf = (user: { id: number } | null) => {
    if (!user) throw unauthorized();
    return user.id;
  };

  app.get(
    '/api/Product/stock-alerts',
    {
      onRequest: [requireAuth],
      schema: {
        tags: ['productos'],
        summary: 'Los productos agotados que espera la cuenta, el último pedido primero',
        security: [{ bearer: [] }],
        response: { 200: z.array(waitedProductSchema) },
      },
    },
    async (request) => service.waitedProducts(app.ctx, userOf(request.user)),
  );
  app.get(
    '/api/Product/:id/stock-alert',
    { ...spec, schema: { ...spec.schema, summary: 'Si la cuenta espera este producto agotado' } },
    async (request) => service.alertOf(app.ctx, userOf(request.user), request.params.id),
  );
  app.put(
    '/api/Product/:id/stock-alert',
    {
      ...spec,
      schema: {
        ...spec.schema,
        summary: 'Avisar por correo cuando el producto agotado vuelva (409 si hay existencias o ya esperas 30)',
      },
    },
    async (request) => service.waitFor(app.ctx, userOf(request.user), request.params.id),
  );
  app.delete(
    '/api/Product/:id/stock-alert',
    { ...spec, schema: { ...spec.schema, summary: 'Ya no avisar de este producto' } },
    async (request) => service.stopWaiting(app.ctx, userOf(request.user), request.params.id),
  );
};
