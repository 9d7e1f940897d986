import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLIES } from '../replies.js';
import { buildApp } from '../app.js';
import { createThrottle, type Limit } from './throttle.js';
import type { AppConfig } from '../config.js';
import { createTestApp, testDialects, testRedisUrl, type TestApp } from '../test/test-app.js';

// docs/decisions/0014-…: every limit is one atomic consume shared by all API processes, in Redis (REDIS_URL) or in
// the database; Redis failing falls back to the database instead of failing the shop.

// Each run of this file owns its Redis keys, so parallel runs (other engineers, other files) never collide.
const keyPrefix = `tienda-test-${process.pid}-${randomBytes(4).toString('hex')}`;
const contact = { nombre: 'Lucía Paz', asunto: 'Horario', mensaje: '¿Abren los domingos?' };
let ipSequence = 0;
const freshIp = () => `10.77.${Math.floor(ipSequence / 250)}.${(ipSequence++ % 250) + 1}`;

function sendContact(app: FastifyInstance, email: string, ip = freshIp()) {
  return app.inject({
    method: 'POST',
    url: '/Email/enviar-contacto',
    remoteAddress: ip,
    payload: { ...contact, email },
  });
}

function login(app: FastifyInstance, email: string, password: string, ip: string) {
  return app.inject({
    method: 'POST',
    url: '/api/Auth/login',
    remoteAddress: ip,
    payload: { email, passwordHash: password },
  });
}

/** A second API process on the same configuration (same database, same Redis). */
async function secondInstance(config: AppConfig): Promise<FastifyInstance> {
  const app = await buildApp(config, { logger: false });
  await app.ready();
  return app;
}

/** Limits shared by two instances: the contact sender limit (5 an hour), also under a race, and a login lock. */
function sharedLimitTests(instances: () => [FastifyInstance, FastifyInstance], label: string) {
  it(`shares the per-sender limit between two instances (${label})`, async () => {
    const [a, b] = instances();
    const email = `compartido-${randomBytes(3).toString('hex')}@correo.hn`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await sendContact(i % 2 === 0 ? a : b, email)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await sendContact(a, email);
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 429,
      body: { message: REPLIES.tooManyRequests },
    });
  });

  it(`lets exactly 5 of 12 simultaneous messages through across two instances (${label})`, async () => {
    const [a, b] = instances();
    const email = `rafaga-${randomBytes(3).toString('hex')}@correo.hn`;
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => sendContact(i % 2 === 0 ? a : b, email)));
    expect(results.map((res) => res.statusCode).sort()).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
  });

  it(`shares the per-address limit: 5 contact messages per IP across both instances (${label})`, async () => {
    const [a, b] = instances();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await sendContact(i % 2 === 0 ? a : b, `ip${i}-${keyPrefix}@correo.hn`, ip)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
}

describe.skipIf(!testRedisUrl)('throttle in Redis (REDIS_URL)', () => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    // Two instances whose database counters would be empty: only Redis can make them agree on a limit (the test
    // below checks the database holds no counter).
    t = await createTestApp('sqlite', { redisUrl: testRedisUrl, redisKeyPrefix: keyPrefix });
    second = await secondInstance({ ...t.config });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
    const redis = new Redis(testRedisUrl!);
    const keys = await redis.keys(`${keyPrefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  sharedLimitTests(() => [t.app, second], 'Redis');

  it('keeps the counters in Redis, not in the database', async () => {
    const email = `donde-${randomBytes(3).toString('hex')}@correo.hn`;
    expect((await sendContact(t.app, email)).statusCode).toBe(200);
    const redis = new Redis(testRedisUrl!);
    expect(await redis.get(`${keyPrefix}:contact-sender:${email}`)).toBe('1');
    redis.disconnect();
    expect(await t.db.selectFrom('throttle_counters').select('key').execute()).toEqual([]);
  });

  it('lets the owner log in on one instance while a stranger is locked out on the other', async () => {
    const owner = await t.createCustomer({ password: 'mi-clave-1' });
    const stranger = freshIp();
    for (let i = 0; i < 10; i += 1)
      expect((await login(second, owner.email, `mala${i}`, stranger)).statusCode).toBe(401);
    expect((await login(t.app, owner.email, 'mi-clave-1', stranger)).statusCode).toBe(429);
    expect((await login(t.app, owner.email, 'mi-clave-1', freshIp())).statusCode).toBe(200);
  });
});

describe('throttle while Redis is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 1: nothing listens, every Redis call fails at once.
    t = await createTestApp('sqlite', { redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix: keyPrefix });
  });
  afterAll(() => t?.close());

  it('keeps every limit on the database: no 500, the same 429 with Retry-After', async () => {
    const email = `sin-redis-${randomBytes(3).toString('hex')}@correo.hn`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await sendContact(t.app, email)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await sendContact(t.app, email);
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 429,
      body: { message: REPLIES.tooManyRequests },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    const stored = await t.db.selectFrom('throttle_counters').select(['key', 'points']).execute();
    expect(stored).toContainEqual({ key: `${keyPrefix}:contact-sender:${email}`, points: 7 });
  });

  it('still logs people in', async () => {
    const user = await t.createCustomer({ password: 'clave-123' });
    expect((await login(t.app, user.email, 'clave-123', freshIp())).statusCode).toBe(200);
  });
});

describe.each(testDialects)('throttle in the database, two instances on one %s database', (dialect) => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    second = await secondInstance({ ...t.config });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  sharedLimitTests(() => [t.app, second], dialect);
});

describe.each(testDialects)('consumes that arrive together, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t?.close());

  const limit: Limit = { name: 'juntos', points: 5, durationMs: 60_000 };
  /** A throttle whose keys no other test shares, and the prefix of those keys. */
  const freshThrottle = async () => {
    const keyPrefix = `juntos-${randomBytes(3).toString('hex')}`;
    return { keyPrefix, throttle: await createThrottle({ db: t.db, keyPrefix, log: t.app.log }) };
  };

  it('see the totals they would see one by one', async () => {
    const { keyPrefix, throttle } = await freshThrottle();
    // In order: a 1, a 2, b 1, a 5 (the limit itself, allowed), b 3, a 6 (refused).
    const consumes: Array<[string, number]> = [
      ['a', 1],
      ['a', 1],
      ['b', 1],
      ['a', 3],
      ['b', 2],
      ['a', 1],
    ];
    const outcomes = await Promise.all(consumes.map(([key, points]) => throttle.consume(limit, key, points)));
    expect(outcomes.map((outcome) => outcome.allowed)).toEqual([true, true, true, true, true, false]);
    const rows = await t.db
      .selectFrom('throttle_counters')
      .select(['key', 'points'])
      .where('key', 'like', `${keyPrefix}:%`)
      .orderBy('key')
      .execute();
    expect(rows).toEqual([
      { key: `${keyPrefix}:juntos:a`, points: 6 },
      { key: `${keyPrefix}:juntos:b`, points: 3 },
    ]);
  });

  it('let exactly 5 of 12 simultaneous consumes of one key through', async () => {
    const { throttle } = await freshThrottle();
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => throttle.consume(limit, 'rafaga')));
    expect(outcomes.map((outcome) => outcome.allowed)).toEqual([...Array(5).fill(true), ...Array(7).fill(false)]);
  });

  it('start an expired window over, counting only the batch', async () => {
    const { keyPrefix, throttle } = await freshThrottle();
    await t.db
      .insertInto('throttle_counters')
      .values({ key: `${keyPrefix}:juntos:k`, points: 99, expires_at: Date.now() - 1000 })
      .execute();
    const outcomes = await Promise.all([throttle.consume(limit, 'k'), throttle.consume(limit, 'k', 4)]);
    expect(outcomes.map((outcome) => outcome.allowed)).toEqual([true, true]);
    expect(outcomes[0]!.retryAfterSeconds).toBe(60);
    const row = await t.db
      .selectFrom('throttle_counters')
      .select(['points'])
      .where('key', '=', `${keyPrefix}:juntos:k`)
      .executeTakeFirstOrThrow();
    expect(row.points).toBe(5);
    expect((await throttle.consume(limit, 'k')).allowed).toBe(false);
  });
});
