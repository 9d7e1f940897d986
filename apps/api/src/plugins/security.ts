import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import type { FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD } from '../lib/http-cache.js';
import { enforceLimit, type Limit } from '../lib/throttle.js';

/** The Content-Security-Policy that fits the web app: our own scripts only, maps framed from their providers. */
const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'connect-src': ["'self'"],
  'frame-src': ['https://www.google.com', 'https://maps.google.com', 'https://www.openstreetmap.org'],
};

/**
 * Every answer's security headers, written out once: the same set helmet's defaults give (with our CSP and without
 * Cross-Origin-Embedder-Policy, which would block the map's frame). @fastify/helmet rebuilt them on every request,
 * a sixth of a product read's CPU (docs/decisions/0029-a-lean-request-path.md).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': Object.entries(CSP_DIRECTIVES)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

// Security headers on every answer, compression, and per-route IP limits.
// There is no global per-IP limit: Honduran carriers put many customers behind one address,
// so only the sensitive calls opt in with `onRequest: [perAddress(LIMIT)]`.
export const securityPlugin = fp(async (app) => {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD });
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
