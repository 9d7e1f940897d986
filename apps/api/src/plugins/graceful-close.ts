import fp from 'fastify-plugin';
import { REPLIES } from '../replies.js';

/** How long requests in flight get to finish before every connection is cut. */
export const CLOSE_DEADLINE_MS = 8_000;
const SWEEP_INTERVAL_MS = 200;

/**
 * A clean stop in seconds, not in keep-alive timeouts: once closing, every answer says `Connection: close`,
 * requests that still arrive on open connections get a Spanish 503 with Retry-After (a load balancer moves on),
 * connections that fall idle are closed at once, and whatever is left is cut at CLOSE_DEADLINE_MS.
 * Fastify's own 503 while closing is English, so the app turns it off (`return503OnClosing: false`).
 */
export const gracefulClosePlugin = fp(async (app) => {
  let closing = false;
  const timers: NodeJS.Timeout[] = [];

  app.addHook('preClose', async () => {
    closing = true;
    timers.push(setInterval(() => app.server.closeIdleConnections(), SWEEP_INTERVAL_MS).unref());
    timers.push(setTimeout(() => app.server.closeAllConnections(), CLOSE_DEADLINE_MS).unref());
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });
  // Callback-style hooks: they run on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    reply.code(503).header('retry-after', '5').send({ message: REPLIES.restarting });
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
});
