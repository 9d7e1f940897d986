import fp from 'fastify-plugin';
import { API } from '@tienda/shared/messages';
import { hasUntypeable } from '@tienda/shared/untypeable';
import { badRequest } from '../errors.js';
import { addRouteHook } from './route-hooks.js';

// PostgreSQL refuses a NUL character in text (a 500 if it reached the database); SQLite would store it. Refuse it,
// and the controls that reverse text, for every JSON body, whatever the route, so both dialects answer the same
// clear 400 (shared/untypeable.ts).
function containsUntypeable(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasUntypeable(value);
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => hasUntypeable(key) || containsUntypeable(inner, depth + 1));
}

/** Methods whose requests carry no body: their routes skip the check (docs/decisions/0029-…, 2026-11-25). */
const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const bodyHygienePlugin = fp(async (app) => {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => BODILESS.has(method))) return;
    addRouteHook(route, 'preValidation', (request, _reply, done) => {
      done(containsUntypeable(request.body) ? badRequest(API.invalidText) : undefined);
    });
  });
});
