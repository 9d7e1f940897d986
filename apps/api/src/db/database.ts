import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
/** Repositories take either the database or an open transaction as their first argument. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;

// COUNT/SUM come back from PostgreSQL as int8 strings; every figure here fits in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

export interface DatabaseHandle {
  db: Db;
  dialect: DatabaseConfig['dialect'];
  destroy(): Promise<void>;
}

export function createDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.dialect === 'sqlite') {
    mkdirSync(path.dirname(config.file), { recursive: true });
    const sqlite = new SqliteDatabase(config.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, dialect: 'sqlite', destroy: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    // Tests (and shops sharing a server) keep their tables in their own schema.
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', destroy: () => db.destroy() };
}
