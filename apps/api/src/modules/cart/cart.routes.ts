import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userIdParams } from '../../lib/path-ids.js';
import {
  addComboBodySchema,
  addProductBodySchema,
  CART_MESSAGES,
  cartLineSchema,
  cartStepBodySchema,
  removeComboBodySchema,
  removeProductBodySchema,
} from '@tienda/shared/cart';
import { forbidden, unauthorized } from '../../errors.js';
import { requireAuth } from '../../plugins/auth.js';
import * as cart from './cart.service.js';

// spec §7 Cart, all with a bearer token. A customer only ever touches their own cart: a UserId that is
// not the token's user is a 403, for administrators too.
function ownCart(request: FastifyRequest, userId: number): number {
  if (!request.user) throw unauthorized();
  if (request.user.id !== userId) throw forbidden(CART_MESSAGES.notYourCart);
  return userId;
}

const lineReply = { 200: cartLineSchema };
const security = [{ bearer: [] }];

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  // Authentication runs before the body is even parsed, so a caller without a token always gets 401.
  const base = { onRequest: [requireAuth] };
  const db = () => app.ctx.db;

  app.get(
    '/api/Cart/User/:userId',
    { ...base, schema: { tags: ['cart'], security, params: userIdParams, response: { 200: z.array(cartLineSchema) } } },
    async (request) => cart.getCart(db(), ownCart(request, request.params.userId)),
  );

  app.post(
    '/api/Cart/AddProduct',
    { ...base, schema: { tags: ['cart'], security, body: addProductBodySchema, response: lineReply } },
    async (request) =>
      cart.addItem(
        db(),
        ownCart(request, request.body.UserId),
        'product',
        request.body.ProductId,
        request.body.Quantity,
      ),
  );

  app.post(
    '/api/Cart/AddCombo',
    { ...base, schema: { tags: ['cart'], security, body: addComboBodySchema, response: lineReply } },
    async (request) =>
      cart.addItem(db(), ownCart(request, request.body.UserId), 'combo', request.body.ComboId, request.body.Quantity),
  );

  app.delete(
    '/api/Cart/RemoveProduct',
    { ...base, schema: { tags: ['cart'], security, body: removeProductBodySchema } },
    async (request, reply) => {
      await cart.removeItem(db(), ownCart(request, request.body.UserId), 'product', request.body.ProductId);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/Cart/RemoveCombo',
    { ...base, schema: { tags: ['cart'], security, body: removeComboBodySchema } },
    async (request, reply) => {
      await cart.removeItem(db(), ownCart(request, request.body.UserId), 'combo', request.body.ComboId);
      return reply.status(204).send();
    },
  );

  const steps = [
    ['/api/Cart/IncrementProduct', 'product', 1],
    ['/api/Cart/DecrementProduct', 'product', -1],
    ['/api/Cart/IncrementCombo', 'combo', 1],
    ['/api/Cart/DecrementCombo', 'combo', -1],
  ] as const;
  for (const [url, kind, delta] of steps) {
    app.patch(
      url,
      { ...base, schema: { tags: ['cart'], security, body: cartStepBodySchema, response: lineReply } },
      async (request) => cart.stepItem(db(), ownCart(request, request.body.UserId), kind, request.body.Id, delta),
    );
  }
};
