import { PostgresAdapter } from 'kysely';
import type { DbOrTx } from './database.js';

/** Row locks (FOR UPDATE, SKIP LOCKED) exist on PostgreSQL only; SQLite runs one writer at a time anyway. */
export function isPostgres(db: DbOrTx): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
