import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathId, userIdParams } from '../../lib/path-ids.js';
import { Readable } from 'node:stream';
import {
  adminOrderFilterSchema,
  adminOrderListQuerySchema,
  adminOrderPageSchema,
  createOrderBodySchema,
  ORDER_MESSAGES,
  ORDER_STATUS_ACTIONS,
  orderJsonSchema,
} from '@tienda/shared/orders';
import { ordersCsvFileName } from '@tienda/shared/orders-csv';
import { forbidden, unauthorized } from '../../errors.js';
import { idempotencyKeyHeaders, idempotentRequest, REPLAYED_HEADER } from '../../lib/idempotency.js';
import { assertSelfOrAdmin, requireAdmin, requireAuth } from '../../plugins/auth.js';
import * as orders from './orders.service.js';

const security = [{ bearer: [] }];
const orderParams = z.object({ orderId: pathId });
// Extension (docs/decisions/0015-…): spec clients send no key and behave as before.
const createOrderHeaders = idempotencyKeyHeaders(
  'One key per checkout attempt: a retry with the same key answers the same order.',
);

// spec §7 Orders. Authentication runs on request, before any body is parsed: no token is always a 401.
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/Order',
    {
      onRequest: [requireAuth],
      schema: {
        tags: ['orders'],
        security,
        headers: createOrderHeaders,
        body: createOrderBodySchema,
        response: { 201: orderJsonSchema },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw unauthorized();
      // Orders are placed for oneself only, administrators included.
      if (request.body.userId !== undefined && request.body.userId !== user.id)
        throw forbidden(ORDER_MESSAGES.notYourOrder);
      const { order, replayed } = await orders.placeOrder(
        app.ctx,
        user.id,
        request.body,
        idempotentRequest(request.headers['idempotency-key'], request.body),
      );
      if (replayed) reply.header(REPLAYED_HEADER, 'true');
      return reply.status(201).send(order);
    },
  );

  app.get(
    '/api/Order',
    { onRequest: [requireAdmin], schema: { tags: ['orders'], security, response: { 200: z.array(orderJsonSchema) } } },
    async () => orders.listAll(app.ctx),
  );

  // Extensions for the orders admin (docs/decisions/0035-admin-lists-paged-by-the-server.md): one page of the
  // filtered list, and the whole filtered list as a spreadsheet. Static paths, so they win over /api/Order/:orderId.
  app.get(
    '/api/Order/admin-list',
    {
      onRequest: [requireAdmin],
      schema: {
        tags: ['orders'],
        summary:
          'Administración: una página de las órdenes, las más recientes primero; q busca el número de orden, el ' +
          'nombre o correo del cliente, la ciudad o el teléfono (desde 6 cifras), sin distinguir mayúsculas ni tildes; status 0 Pendiente, 1 ' +
          'Pagado, 2 Entregado, 3 Vencido, 4 Cancelado; customer, el id de la cuenta; from y to, días de Honduras (AAAA-MM-DD) ' +
          'incluidos (page desde 1, pageSize 1–60, 30 si falta)',
        security,
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderPageSchema },
      },
    },
    async (request) => orders.adminOrderPage(app.ctx, request.query),
  );

  app.get(
    '/api/Order/csv',
    {
      onRequest: [requireAdmin],
      schema: {
        tags: ['orders'],
        summary:
          'Administración: las órdenes que encuentran q, status, customer, from y to, como hoja de cálculo (CSV, UTF-8)',
        security,
        querystring: adminOrderFilterSchema,
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ordersCsvFileName()}"`)
        .send(Readable.from(orders.adminOrdersCsv(app.ctx, request.query))),
  );

  app.get(
    '/api/Order/user/:userId',
    {
      onRequest: [requireAuth],
      schema: { tags: ['orders'], security, params: userIdParams, response: { 200: z.array(orderJsonSchema) } },
    },
    async (request) => {
      assertSelfOrAdmin(request, request.params.userId);
      return orders.listOfUser(app.ctx, request.params.userId);
    },
  );

  app.get(
    '/api/Order/:orderId',
    {
      onRequest: [requireAuth],
      schema: { tags: ['orders'], security, params: orderParams, response: { 200: orderJsonSchema } },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return orders.requireOrderFor(app.ctx, request.user, request.params.orderId);
    },
  );

  // Admin actions with an empty body (spec §7); plugins/json-body.ts lets them carry a JSON content type.
  for (const [action, status] of Object.entries(ORDER_STATUS_ACTIONS)) {
    app.put(
      `/api/Order/:orderId/${action}`,
      {
        onRequest: [requireAdmin],
        schema: { tags: ['orders'], security, params: orderParams, response: { 200: orderJsonSchema } },
      },
      async (request) => orders.setStatus(app.ctx, request.params.orderId, status),
    );
  }

  // Extension (docs/decisions/0039-…): the family cancels its own pending order, the shop any order not yet delivered;
  // a retry answers it as it is.
  app.put(
    '/api/Order/:orderId/cancel',
    {
      onRequest: [requireAuth],
      schema: {
        tags: ['orders'],
        summary:
          'Cancela una orden y sus artículos vuelven a la tienda: la familia, la suya mientras esté pendiente (sin ' +
          'comprobante ni enlace de pago enviado); un administrador, cualquiera pendiente o pagada',
        security,
        params: orderParams,
        response: { 200: orderJsonSchema },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return orders.cancelOrder(app.ctx, request.user, request.params.orderId);
    },
  );

  app.delete(
    '/api/Order/:orderId',
    { onRequest: [requireAdmin], schema: { tags: ['orders'], security, params: orderParams } },
    async (request, reply) => {
      await orders.deleteOrder(app.ctx, request.params.orderId);
      return reply.status(204).send();
    },
  );
};
