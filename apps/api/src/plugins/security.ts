import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import type { FastifyRequest } from 'fastify';
import { enforceLimit, type Limit } from '../lib/throttle.js';

// Security headers with a CSP that fits the web app, compression, and per-route IP limits.
// There is no global per-IP limit: Honduran carriers put many customers behind one address,
// so only the sensitive calls opt in with `onRequest: [perAddress(LIMIT)]`.
export const securityPlugin = fp(async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.google.com', 'https://maps.google.com', 'https://www.openstreetmap.org'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, threshold: 1024 });
});

/**
 * onRequest hook: `limit` per client address (request.ip, which honours TRUST_PROXY), counted on the app's one
 * throttle so every API process shares it (docs/decisions/0014-…). Runs before the body is read.
 */
export function perAddress(limit: Limit) {
  return async (request: FastifyRequest): Promise<void> => {
    await enforceLimit(request.server.ctx.throttle, limit, request.ip);
  };
}
