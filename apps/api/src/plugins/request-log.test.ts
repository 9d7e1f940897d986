import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger, OneLinePerRequest, RequestLogger } from './request-log.js';

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

describe('RequestLogger', () => {
  function parentLogger() {
    const lines: Record<string, unknown>[] = [];
    const sink = { write: (text: string) => void lines.push(JSON.parse(text) as Record<string, unknown>) };
    const parent = pino({ level: 'info' }, sink);
    let children = 0;
    const child = parent.child.bind(parent);
    parent.child = ((...args: Parameters<typeof child>) => {
      children += 1;
      return child(...args);
    }) as typeof parent.child;
    return { parent, sink, lines, children: () => children };
  }

  it('makes no child logger until something logs, then logs with the bindings and options pino would have', () => {
    const { parent, lines, children } = parentLogger();
    const log = new RequestLogger(parent, { reqId: 'r-1' }, { level: 'warn' });
    expect(log.level).toBe('warn');
    expect(children()).toBe(0);
    log.info('no pasa del nivel');
    log.warn({ code: 'SQLITE_BUSY' }, 'base de datos ocupada');
    expect(children()).toBe(1);
    log.error('otra');
    expect(children()).toBe(1);
    expect(lines.map(({ reqId, level, msg, code }) => ({ reqId, level, msg, code }))).toEqual([
      { reqId: 'r-1', level: 40, msg: 'base de datos ocupada', code: 'SQLITE_BUSY' },
      { reqId: 'r-1', level: 50, msg: 'otra', code: undefined },
    ]);
  });

  it("serves as Fastify's request logger: a request that logs gets its id on the line, one that does not costs no child", async () => {
    const { parent, sink, lines, children } = parentLogger();
    let id = 0;
    const app = Fastify({
      loggerInstance: parent,
      // As app.ts has it: the request's line written straight to pino's destination.
      logController: new OneLinePerRequest(sink),
      childLoggerFactory: lazyRequestLogger,
      genReqId: () => `req-${(id += 1)}`,
    });
    app.get('/quieto', async () => ({ ok: true }));
    app.get('/avisa', async (request) => {
      request.log.warn({ detalle: 1 }, 'aviso');
      return { ok: true };
    });
    try {
      await app.ready();
      const before = children();
      expect((await app.inject({ method: 'GET', url: '/quieto' })).statusCode).toBe(200);
      expect(children() - before).toBe(0);
      expect((await app.inject({ method: 'GET', url: '/avisa' })).statusCode).toBe(200);
      expect(children() - before).toBe(1);
    } finally {
      await app.close();
    }
    expect(lines.filter((line) => 'reqId' in line).map(({ reqId, msg }) => ({ reqId, msg }))).toEqual([
      { reqId: 'req-1', msg: 'respuesta' },
      { reqId: 'req-2', msg: 'aviso' },
      { reqId: 'req-2', msg: 'respuesta' },
    ]);
  });
});
