import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  orderJsonSchema,
  PAYMENT_MESSAGES,
  paymentLinkBodySchema,
  RECEIPTS_PER_ORDER_DAY,
} from '@tienda/shared/orders';
import { openForDownload } from '../../lib/downloads.js';
import { pathId } from '../../lib/path-ids.js';
import { firstFile, IMAGE_LIMITS_TEXT, readMultipartForm, type FormLimits } from '../../lib/multipart.js';
import { unauthorized } from '../../errors.js';
import { requireAdmin, requireAuth } from '../../plugins/auth.js';
import * as payments from './order-payments.service.js';

const security = [{ bearer: [] }];
const orderParams = z.object({ orderId: pathId });
/** A receipt's form: its one photo, nothing else. */
const RECEIPT_FORM: FormLimits = { files: 1, fields: 0 };

// Beyond spec §7: the transfer receipt and the pay link (docs/decisions/0020-payment-methods.md).
export const orderPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/Order/:orderId/receipt',
    {
      onRequest: [requireAuth],
      schema: {
        tags: ['orders'],
        security,
        params: orderParams,
        consumes: ['multipart/form-data'],
        description:
          `multipart/form-data: receipt (una imagen, ${IMAGE_LIMITS_TEXT} como máximo). Solo su cliente o un ` +
          `administrador; ${RECEIPTS_PER_ORDER_DAY} comprobantes por orden al día como máximo (429 con Retry-After después).`,
        response: { 200: orderJsonSchema },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      // The order, its owner and its state are checked before the body is read: a photo for an order that takes
      // none is not held in memory first.
      await payments.assertTakesReceipt(app.ctx, request.user, request.params.orderId);
      const form = await readMultipartForm(request, RECEIPT_FORM);
      return payments.uploadReceipt(app.ctx, request.user, request.params.orderId, firstFile(form, 'receipt'));
    },
  );

  app.get(
    '/api/Order/:orderId/receipt',
    { onRequest: [requireAuth], schema: { tags: ['orders'], security, params: orderParams } },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      const file = await payments.receiptFile(app.ctx, request.user, request.params.orderId);
      const photo = await openForDownload(file, PAYMENT_MESSAGES.receiptNotFound);
      // A customer's document: never kept by shared caches.
      return reply.type('image/webp').header('cache-control', 'private, no-store').send(photo);
    },
  );

  app.put(
    '/api/Order/:orderId/payment-link',
    {
      onRequest: [requireAdmin],
      schema: {
        tags: ['orders'],
        security,
        params: orderParams,
        body: paymentLinkBodySchema,
        response: { 200: orderJsonSchema },
      },
    },
    async (request) => payments.setPaymentLink(app.ctx, request.params.orderId, request.body.paymentLink),
  );
};
