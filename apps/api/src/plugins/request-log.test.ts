import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
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

  it("given pino's destination, writes the very line pino writes, straight to it", async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const app = Fastify({
      logger: { level: 'info', stream },
      logController: new OneLinePerRequest(stream),
      genReqId: () => 'req-"1"',
    });
    app.get('/api/Product/:id', async () => ({ productId: 1 }));
    try {
      expect((await app.inject({ method: 'GET', url: '/api/Product/1?q="á\\"' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    const written = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((l) => l.msg === 'respuesta');
    expect(written).toHaveLength(1);
    const line = written[0]!;
    expect(line.url).toBe('/api/Product/1?q=%22%C3%A1\\%22'); // a backslash to escape
    expect(typeof line.ms).toBe('number');
    // The same line through pino itself, for the same request.
    const viaPino: string[] = [];
    pino({ level: 'info' }, { write: (text: string) => void viaPino.push(text) })
      .child({ reqId: 'req-"1"' })
      .info({ method: 'GET', url: line.url, status: 200, ms: line.ms }, 'respuesta');
    const expected = JSON.parse(viaPino[0]!) as Record<string, unknown>;
    expect(Object.keys(line)).toEqual(Object.keys(expected));
    expect({ ...line, time: 0 }).toEqual({ ...expected, time: 0 });
    expect(Math.abs((line.time as number) - (expected.time as number))).toBeLessThan(5000);
  });

  it('writes nothing for a request when the level is above info', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const app = Fastify({ logger: { level: 'warn', stream }, logController: new OneLinePerRequest(stream) });
    app.get('/api/health', async () => ({ status: 'ok' }));
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    expect(lines).toEqual([]);
  });
});
