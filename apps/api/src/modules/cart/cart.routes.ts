import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userIdParams } from '../../lib/path-ids.js';
import { idempotencyKeyHeaders, idempotentRequest, REPLAYED_HEADER } from '../../lib/idempotency.js';
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
// Extension (docs/decisions/0015-…): spec clients send no key and behave as before.
const addHeaders = idempotencyKeyHeaders(
  'One key per tap: a retry with the same key answers the line instead of adding the units again.',
);
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

  const addSchema = { tags: ['cart'], security, headers: addHeaders, response: lineReply };
  const answerAdded = (reply: FastifyReply, { line, replayed }: cart.AddedLine) => {
    if (replayed) reply.header(REPLAYED_HEADER, 'true');
    return line;
  };

  app.post(
    '/api/Cart/AddProduct',
    { ...base, schema: { ...addSchema, body: addProductBodySchema } },
    async (request, reply) => {
      const { UserId, ProductId, Quantity } = request.body;
      const idempotency = idempotentRequest(request.headers['idempotency-key'], request.body);
      return answerAdded(
        reply,
        await cart.addItem(db(), ownCart(request, UserId), 'product', ProductId, Quantity, idempotency),
      );
    },
  );

  app.post(
    '/api/Cart/AddCombo',
    { ...base, schema: { ...addSchema, body: addComboBodySchema } },
    async (request, reply) => {
      const { UserId, ComboId, Quantity } = request.body;
      const idempotency = idempotentRequest(request.headers['idempotency-key'], request.body);
      return answerAdded(
        reply,
        await cart.addItem(db(), ownCart(request, UserId), 'combo', ComboId, Quantity, idempotency),
      );
    },
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
