import fp from 'fastify-plugin';
import { z } from 'zod';
import { normalizeKeys } from '@tienda/shared/field-names';
import { addRouteHook } from './route-hooks.js';

// JSON field names bind case-insensitively (the spec writes UserId and userId, Name and name).
// Before validation, each body key is renamed to the spelling the route's schema declares. Only routes whose body
// schema is an object get the hook: a GET pays nothing (docs/decisions/0029-…, amendment of 2026-11-25).
export const caseInsensitiveFieldsPlugin = fp(async (app) => {
  app.addHook('onRoute', (route) => {
    const schema = route.schema?.body;
    if (!(schema instanceof z.ZodObject)) return;
    const rename = normalizeKeys(Object.keys(schema.shape));
    addRouteHook(route, 'preValidation', (request, _reply, done) => {
      request.body = rename(request.body);
      done();
    });
  });
});
