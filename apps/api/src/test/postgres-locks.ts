import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * Waits until some session of this PostgreSQL database waits on a row lock (a request held behind a transaction the
 * test keeps open), or `done()` says there is nothing more to wait for, or 5 s pass. Tests of races use it to commit
 * their held transaction only once the request under test is queued behind it.
 */
export async function untilALockIsAwaited(db: Db, done: () => boolean = () => false): Promise<void> {
  for (let waited = 0; !done() && waited < 5_000; waited += 20) {
    const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    if (waiting.rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
