import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoryFormSchema, categorySchema } from '@tienda/shared/catalog';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/auth.js';
import { idParams } from '../../lib/path-ids.js';
import { revalidated } from '../../lib/http-cache.js';
import * as service from './categories.service.js';

// spec §7 Catalogue: categories. Reads are public; writes are for administrators.
// Admin calls check the token in onRequest, so a caller without rights is refused before the body is read.
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['categorías'];
  const admin = { onRequest: [requireAdmin] };

  app.get(
    '/api/Category',
    { ...revalidated, schema: { tags, summary: 'Lista de categorías', response: { 200: z.array(categorySchema) } } },
    () => service.listCategories(app.ctx),
  );

  app.get(
    '/api/Category/:id',
    { ...revalidated, schema: { tags, summary: 'Una categoría', params: idParams, response: { 200: categorySchema } } },
    (request) => service.getCategory(app.ctx, request.params.id),
  );

  app.post(
    '/api/Category',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Crear categoría (admin)',
        security: [{ bearer: [] }],
        body: categoryFormSchema,
        response: { 201: categorySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createCategory(app.ctx, request.body)),
  );

  app.put(
    '/api/Category/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Editar categoría (admin)',
        security: [{ bearer: [] }],
        params: idParams,
        body: categoryFormSchema,
        response: { 200: categorySchema },
      },
    },
    (request) => service.updateCategory(app.ctx, request.params.id, request.body),
  );

  app.delete(
    '/api/Category/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Eliminar categoría (admin); los productos que la usaban quedan sin ella',
        security: [{ bearer: [] }],
        params: idParams,
      },
    },
    async (request, reply) => {
      await service.deleteCategory(app.ctx, request.params.id);
      return reply.status(204).send();
    },
  );
};
