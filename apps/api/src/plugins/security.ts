import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { EARLY_TAPS_SCRIPT } from '@tienda/shared/early-taps';
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
  // The one inline script: a rendered page keeps the taps made before its scripts arrive (shared/early-taps.ts).
  'script-src': ["'self'", `'sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64')}'`],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'connect-src': ["'self'"],
  'frame-src': ['https://www.google.com', 'https://maps.google.com', 'https://www.openstreetmap.org'],
};

/**
 * The security headers of every page, script, style, image and the API's own docs page, written out once: the set
 * helmet's defaults give (with our CSP and without Cross-Origin-Embedder-Policy, which would block the map's frame).
 * @fastify/helmet rebuilt them on every request, a sixth of a product read's CPU (docs/decisions/0029-…).
 */
export const DOCUMENT_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
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

/**
 * The API's JSON answers get the headers that protect an API response (OWASP's REST security cheat sheet): nothing
 * may run or be framed even if one is opened as a page, no sniffing, HTTPS only, no referrer, same origin. The
 * document-only ones (the page's CSP sources, opener and agent-cluster isolation, IE and Flash switches) were 600 of
 * the 950 header bytes of every catalogue read (docs/decisions/0029-…, amendment of 2026-11-25).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': DOCUMENT_SECURITY_HEADERS['strict-transport-security']!,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** Paths of the JSON API (matched case-insensitively, as the routes are); its docs page is a document. */
const JSON_API_PATH = /^\/api\/(?!docs(?:\/|$|\?))/i;

// Security headers on every answer, compression, and per-route IP limits.
// There is no global per-IP limit: Honduran carriers put many customers behind one address,
// so only the sensitive calls opt in with `onRequest: [perAddress(LIMIT)]`.
export const securityPlugin = fp(async (app) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(JSON_API_PATH.test(request.url) ? API_SECURITY_HEADERS : DOCUMENT_SECURITY_HEADERS);
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
