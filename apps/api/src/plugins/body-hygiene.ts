import fp from 'fastify-plugin';
import { API } from '@tienda/shared/messages';
import { badRequest } from '../errors.js';

// PostgreSQL refuses a NUL character in text (a 500 if it reached the database); SQLite would store it.
// Refuse it for every JSON body, whatever the route, so both dialects answer the same clear 400.
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || containsNul(inner, depth + 1));
}

export const bodyHygienePlugin = fp(async (app) => {
  app.addHook('preValidation', (request, _reply, done) => {
    done(containsNul(request.body) ? badRequest(API.invalidText) : undefined);
  });
});
