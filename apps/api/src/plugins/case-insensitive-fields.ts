import fp from 'fastify-plugin';
import { z } from 'zod';
import { normalizeKeys } from '@tienda/shared/field-names';

// JSON field names bind case-insensitively (the spec writes UserId and userId, Name and name).
// Before validation, each body key is renamed to the spelling the route's schema declares.
export const caseInsensitiveFieldsPlugin = fp(async (app) => {
  app.addHook('preValidation', (request, _reply, done) => {
    const schema = request.routeOptions.schema?.body;
    if (schema instanceof z.ZodObject) request.body = normalizeKeys(Object.keys(schema.shape))(request.body);
    done();
  });
});
