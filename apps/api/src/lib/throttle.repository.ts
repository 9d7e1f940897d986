import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';

// The database store of lib/throttle.ts: one row per key, a fixed window that starts with its first point.

export interface PointsToAdd {
  key: string;
  points: number;
  /** The window a first point opens. */
  durationMs: number;
}

/**
 * Adds points to each key (each at most once) in one UPSERT … RETURNING, so concurrent requests (and processes
 * sharing one PostgreSQL) each see their own total: N racing calls get totals 1…N, never the same one twice. An
 * expired window starts over. Points beyond the limit keep counting, but the window's end never moves: hammering
 * does not lock for longer. Answers each key's new total and the end of its window.
 */
export async function addPoints(
  db: DbOrTx,
  additions: readonly PointsToAdd[],
  nowMs: number,
): Promise<Map<string, { points: number; expiresAt: number }>> {
  const rows = await db
    .insertInto('throttle_counters')
    .values(additions.map(({ key, points, durationMs }) => ({ key, points, expires_at: nowMs + durationMs })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        points: sql<number>`case when throttle_counters.expires_at <= ${nowMs} then excluded.points
          else throttle_counters.points + excluded.points end`,
        expires_at: sql<number>`case when throttle_counters.expires_at <= ${nowMs} then excluded.expires_at
          else throttle_counters.expires_at end`,
      }),
    )
    .returning(['key', 'points', 'expires_at'])
    .execute();
  return new Map(rows.map((row) => [row.key, { points: Number(row.points), expiresAt: Number(row.expires_at) }]));
}

/** Gives points back within the current window (never below zero). */
export async function takeBackPoints(db: DbOrTx, key: string, points: number, nowMs: number): Promise<void> {
  await db
    .updateTable('throttle_counters')
    .set({ points: sql<number>`case when points > ${points} then points - ${points} else 0 end` })
    .where('key', '=', key)
    .where('expires_at', '>', nowMs)
    .execute();
}

export async function deleteCounter(db: DbOrTx, key: string): Promise<void> {
  await db.deleteFrom('throttle_counters').where('key', '=', key).execute();
}

/** Expired windows only cost space. */
export async function deleteExpiredCounters(db: DbOrTx, nowMs: number): Promise<void> {
  await db.deleteFrom('throttle_counters').where('expires_at', '<=', nowMs).execute();
}
