import type { FastifyBaseLogger } from 'fastify';
import type { Redis as RedisClient } from 'ioredis';
import type { RateLimiterRedis as RedisLimiter } from 'rate-limiter-flexible';
import { REPLIES } from '../replies.js';
import type { Db } from '../db/database.js';
import { tooManyRequests } from '../errors.js';
import { GroupCommit } from './group-commit.js';
import {
  addPoints,
  deleteCounter,
  deleteExpiredCounters,
  takeBackPoints,
  type PointsToAdd,
} from './throttle.repository.js';

// The one throttle of the app (docs/decisions/0014-…): every limit, per address or per account, is a fixed window
// of `points` per `durationMs` consumed atomically. With REDIS_URL the counters live in Redis (rate-limiter-flexible's
// Lua consume), otherwise in the database (one UPSERT … RETURNING for the consumes that arrive together); either
// way every API process sees the same counters. If Redis fails, the limits keep holding on the database, with a
// warning in the log.

export interface Limit {
  /** Part of every key: two limits never share a counter. */
  readonly name: string;
  readonly points: number;
  readonly durationMs: number;
}

export interface ThrottleOutcome {
  allowed: boolean;
  /** Whole seconds until the window ends: what Retry-After says. */
  retryAfterSeconds: number;
}

export interface Throttle {
  /** Takes `points` (1) from `key`'s budget under `limit`; not allowed once the window's budget is spent. */
  consume(limit: Limit, key: string, points?: number): Promise<ThrottleOutcome>;
  /** Gives points back (a reservation that did not happen, such as an e-mail that could not be sent). */
  reward(limit: Limit, key: string, points?: number): Promise<void>;
  /** Forgets `key`'s window (a successful login clears its failures). */
  reset(limit: Limit, key: string): Promise<void>;
  /** Drops expired database windows (housekeeping). */
  prune(): Promise<void>;
  close(): Promise<void>;
}

function outcome(limit: Limit, used: number, msLeft: number): ThrottleOutcome {
  return { allowed: used <= limit.points, retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)) };
}

function createDatabaseThrottle(db: Db, keyPrefix: string): Throttle {
  const fullKey = (limit: Limit, key: string) => `${keyPrefix}:${limit.name}:${key}`;
  // Consumes that arrive together share one statement (lib/group-commit.ts): on a sale day every order takes a slot,
  // and one UPSERT per order was a commit of its own on SQLite and a round trip on PostgreSQL.
  const consumes = new GroupCommit<PointsToAdd, { points: number; expiresAt: number; now: number }>(async (batch) => {
    const now = Date.now();
    const perKey = new Map<string, PointsToAdd>();
    for (const { key, points, durationMs } of batch) {
      const sum = perKey.get(key);
      if (sum) sum.points += points;
      else perKey.set(key, { key, points, durationMs });
    }
    // In key order: the statement locks its rows in the order it lists them, so two processes' batches sharing keys
    // wait for each other instead of deadlocking on PostgreSQL.
    const additions = [...perKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const totals = await addPoints(db, additions, now);
    // Each consume sees the total as of its own turn: its key's new total less what later consumes of the batch
    // added, exactly what it would have seen from an UPSERT of its own.
    const addedLater = new Map<string, number>();
    const outcomes: Array<{ points: number; expiresAt: number; now: number } | Error> = [];
    for (let i = batch.length - 1; i >= 0; i -= 1) {
      const { key, points } = batch[i]!;
      const total = totals.get(key);
      const later = addedLater.get(key) ?? 0;
      addedLater.set(key, later + points);
      outcomes[i] = total
        ? { points: total.points - later, expiresAt: total.expiresAt, now }
        : new Error(`throttle: no row came back for ${key}`);
    }
    return outcomes;
  });
  return {
    async consume(limit, key, points = 1) {
      const total = await consumes.submit({ key: fullKey(limit, key), points, durationMs: limit.durationMs });
      return outcome(limit, total.points, total.expiresAt - total.now);
    },
    reward: (limit, key, points = 1) => takeBackPoints(db, fullKey(limit, key), points, Date.now()),
    reset: (limit, key) => deleteCounter(db, fullKey(limit, key)),
    prune: () => deleteExpiredCounters(db, Date.now()),
    close: async () => {},
  };
}

const REDIS_WARNING_INTERVAL_MS = 60_000;

// Loaded only with REDIS_URL: a single process on SQLite never pays their memory
// (docs/decisions/0029-a-lean-request-path.md).
async function createRedisThrottle(
  redisUrl: string,
  keyPrefix: string,
  fallback: Throttle,
  log: FastifyBaseLogger,
): Promise<Throttle> {
  const [{ Redis }, { RateLimiterRedis, RateLimiterRes }] = await Promise.all([
    import('ioredis'),
    import('rate-limiter-flexible'),
  ]);
  // No offline queue and a short command timeout: while Redis is away, calls fail at once and use the fallback
  // instead of piling up behind a reconnect.
  const client: RedisClient = new Redis(redisUrl, {
    enableOfflineQueue: false,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
  });
  let lastWarning = 0;
  const warn = (error: unknown) => {
    const now = Date.now();
    if (now - lastWarning < REDIS_WARNING_INTERVAL_MS) return;
    lastWarning = now;
    log.warn({ err: error }, 'Redis no responde: los límites usan la base de datos mientras tanto');
  };
  client.on('error', warn);

  const limiters = new Map<string, RedisLimiter>();
  const limiterFor = (limit: Limit) => {
    let limiter = limiters.get(limit.name);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `${keyPrefix}:${limit.name}`,
        points: limit.points,
        // rate-limiter-flexible counts whole seconds.
        duration: Math.ceil(limit.durationMs / 1000),
        rejectIfRedisNotReady: true,
      });
      limiters.set(limit.name, limiter);
    }
    return limiter;
  };

  async function orFallback<T>(work: () => Promise<T>, fallbackWork: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof RateLimiterRes) throw error;
      warn(error);
      return fallbackWork();
    }
  }

  return {
    async consume(limit, key, points = 1) {
      try {
        return await orFallback(
          async () => {
            const res = await limiterFor(limit).consume(key, points);
            return outcome(limit, res.consumedPoints, res.msBeforeNext);
          },
          () => fallback.consume(limit, key, points),
        );
      } catch (error) {
        if (error instanceof RateLimiterRes) return outcome(limit, error.consumedPoints, error.msBeforeNext);
        throw error;
      }
    },
    reward: (limit, key, points = 1) =>
      orFallback(
        async () => void (await limiterFor(limit).reward(key, points)),
        () => fallback.reward(limit, key, points),
      ),
    reset: (limit, key) =>
      orFallback(
        async () => void (await limiterFor(limit).delete(key)),
        () => fallback.reset(limit, key),
      ),
    prune: () => fallback.prune(),
    async close() {
      client.disconnect();
    },
  };
}

export async function createThrottle(options: {
  db: Db;
  redisUrl?: string;
  keyPrefix: string;
  log: FastifyBaseLogger;
}): Promise<Throttle> {
  const database = createDatabaseThrottle(options.db, options.keyPrefix);
  if (!options.redisUrl) return database;
  return createRedisThrottle(options.redisUrl, options.keyPrefix, database, options.log);
}

/**
 * Consumes one point or throws the 429 with `message` and Retry-After (spec-style Spanish {message}); a message made
 * from the wait can name it.
 */
export async function enforceLimit(
  throttle: Throttle,
  limit: Limit,
  key: string,
  message: string | ((retryAfterSeconds: number) => string) = REPLIES.tooManyRequests,
): Promise<void> {
  const result = await throttle.consume(limit, key);
  if (!result.allowed) {
    const text = typeof message === 'string' ? message : message(result.retryAfterSeconds);
    throw tooManyRequests(text, result.retryAfterSeconds);
  }
}
