import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { REPLIES } from '../replies.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { gracefulClosePlugin } from './graceful-close.js';

// What reaches the server before any route runs (Node's parser, Fastify's router) and what arrives while it
// closes. Real HTTP on a real port, written by hand so the bytes are exactly what a broken client sends.
// SQLite only: nothing here touches the database.

/** Writes raw bytes on a fresh connection and reads until the server closes it. */
function exchange(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (received += chunk));
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
    socket.write(raw);
  });
}

const statusLine = (response: string) => response.split('\r\n')[0];
const jsonBody = (response: string) => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as unknown;
const get = (path: string, headers = '') =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`;

describe('framework errors answer in Spanish, as {message}', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('a URL that does not decode is a 400', async () => {
    const response = await exchange(port, get('/api/Product/%E0%A4%A'));
    expect(statusLine(response)).toBe('HTTP/1.1 400 Bad Request');
    expect(jsonBody(response)).toEqual({ message: REPLIES.badRequest });
  });

  it('a path segment over the router limit is a 414', async () => {
    const response = await exchange(port, get(`/api/Product/${'a'.repeat(300)}`));
    expect(statusLine(response)).toBe('HTTP/1.1 414 URI Too Long');
    expect(jsonBody(response)).toEqual({ message: REPLIES.uriTooLong });
  });

  it('headers over the parser limit are a 431', async () => {
    const response = await exchange(port, get('/api/health', `X-Relleno: ${'a'.repeat(20_000)}\r\n`));
    expect(statusLine(response)).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(jsonBody(response)).toEqual({ message: REPLIES.headersTooLarge });
  });

  it('a request line the parser cannot read is a 400', async () => {
    const response = await exchange(port, 'FOO /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(statusLine(response)).toBe('HTTP/1.1 400 Bad Request');
    expect(jsonBody(response)).toEqual({ message: REPLIES.badRequest });
  });
});

describe('closing: requests in flight finish, late ones get a Spanish 503, keep-alive does not hold the stop', () => {
  let server: FastifyInstance;
  let port: number;
  let releaseSlow!: () => void;
  let markSlowStarted!: () => void;
  const slowStarted = new Promise<void>((resolve) => (markSlowStarted = resolve));
  beforeAll(async () => {
    // The app's own options for closing, around a route the test controls.
    server = Fastify({ return503OnClosing: false });
    await server.register(gracefulClosePlugin);
    server.get('/lento', async () => {
      markSlowStarted();
      await new Promise<void>((resolve) => (releaseSlow = resolve));
      return { listo: true };
    });
    server.get('/rapido', async () => ({ listo: true }));
    await server.listen({ port: 0, host: '127.0.0.1' });
    port = (server.server.address() as AddressInfo).port;
  });

  /** A connection that collects everything the server sends until it closes the connection. */
  function open() {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (received += chunk));
    const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
    return { socket, closed, received: () => received };
  }

  it('finishes /lento, answers a request completed after the stop with 503 + Retry-After, closes every connection', async () => {
    // An idle keep-alive connection, as a phone's browser leaves one (Fastify keeps them 72 s by default).
    const idle = open();
    idle.socket.write('GET /rapido HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await expect.poll(() => statusLine(idle.received())).toBe('HTTP/1.1 200 OK');
    // A slow request in flight, and a request whose headers are still arriving.
    const busy = open();
    busy.socket.write('GET /lento HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await slowStarted;
    const late = open();
    late.socket.write('GET /rapido HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));

    const closed = server.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    late.socket.write('\r\n');
    releaseSlow();
    await closed;

    const slow = await busy.closed;
    expect(statusLine(slow)).toBe('HTTP/1.1 200 OK');
    expect(slow).toMatch(/\r\nconnection: close\r\n/i);
    expect(jsonBody(slow)).toEqual({ listo: true });
    const refused = await late.closed;
    expect(statusLine(refused)).toBe('HTTP/1.1 503 Service Unavailable');
    expect(refused).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(jsonBody(refused)).toEqual({ message: REPLIES.restarting });
    await idle.closed;
  });
});
