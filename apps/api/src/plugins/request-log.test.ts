import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest } from './request-log.js';

describe('request log', () => {
  it('writes one line per request: id, method, url, status and milliseconds', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    });
    let id = 0;
    const app = Fastify({
      logger: { level: 'info', stream },
      logController: new OneLinePerRequest(),
      genReqId: () => `req-${(id += 1)}`,
    });
    app.get('/api/health', async () => ({ status: 'ok' }));
    app.get('/api/roto', async (_request, reply) => reply.status(503).send({ message: 'ocupado' }));
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health?x=1' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/roto' })).statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/no-existe' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
    const requestLines = lines.filter((line) => 'reqId' in line);
    expect(requestLines.map(({ reqId, msg, method, url, status }) => ({ reqId, msg, method, url, status }))).toEqual([
      { reqId: 'req-1', msg: 'respuesta', method: 'GET', url: '/api/health?x=1', status: 200 },
      { reqId: 'req-2', msg: 'respuesta', method: 'GET', url: '/api/roto', status: 503 },
      // Fastify's own not-found notice stays (it is not gated by the request logging), then the one line.
      { reqId: 'req-3', msg: 'Route GET:/no-existe not found', method: undefined, url: undefined, status: undefined },
      { reqId: 'req-3', msg: 'respuesta', method: 'GET', url: '/no-existe', status: 404 },
    ]);
    for (const line of requestLines.filter((l) => l.msg === 'respuesta')) {
      expect(line.level).toBe(30);
      expect(typeof line.ms).toBe('number');
      expect(line.ms as number).toBeGreaterThanOrEqual(0);
    }
  });
});
