import type { DbOrTx } from '../db/database.js';
import { isoAgo, nowIso } from '../db/timestamps.js';

// Limits keyed by account or e-mail live in the database, so they hold across restarts and across
// several API processes sharing one PostgreSQL.

export async function recentEventCount(db: DbOrTx, key: string, windowMs: number): Promise<number> {
  const row = await db
    .selectFrom('throttle_events')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('key', '=', key)
    .where('created_at', '>', isoAgo(windowMs))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function recordEvent(db: DbOrTx, key: string): Promise<void> {
  await db.insertInto('throttle_events').values({ key, created_at: nowIso() }).execute();
}

export async function clearEvents(db: DbOrTx, key: string): Promise<void> {
  await db.deleteFrom('throttle_events').where('key', '=', key).execute();
}

/** Old events only cost space: drop what no window looks at any more. */
export async function pruneEvents(db: DbOrTx, olderThanMs: number): Promise<void> {
  await db.deleteFrom('throttle_events').where('created_at', '<', isoAgo(olderThanMs)).execute();
}
