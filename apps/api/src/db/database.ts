import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type SqliteDialectConfig,
  type Transaction,
  sql,
} from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { listenForCatalogueChanges } from './change-notices.js';
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
  /**
   * A value that changes whenever the catalogue may have been written since it was last taken, read without a round
   * trip: caches that follow the database ask it before asking a table (docs/decisions/0029-a-lean-request-path.md).
   * SQLite: this connection's change count, triggers' included, and the file's data version, which moves when
   * another connection commits; read once per turn of the event loop. PostgreSQL: the catalogue change notices this
   * process has heard (db/change-notices.ts); undefined when it cannot tell (not listening, or right after a
   * catalogue write of its own), and then the caller asks the database.
   */
  writeMark?: () => string | undefined;
  destroy(): Promise<void>;
}

/** Another process already has this SQLite file open: the start stops with this Spanish message. */
export class DatabaseInUseError extends Error {}

// SQLite is one process per file (docs/decisions/0009-…): a second process would race the migrations and then
// fail writes with "database is locked". The guard is a lock file held in SQLite's EXCLUSIVE locking mode: the
// operating system drops it when the process dies, so a crash never leaves a stale lock behind. Handles opened
// by the same process (the migration CLI, tests that start two apps on one file) share it. `npm run restore` holds it
// while it swaps the file, so it refuses to run under a live shop.
const processLocks = new Map<string, { handle: SqliteDatabase.Database; users: number }>();

export function lockSqliteFile(file: string): () => void {
  const lockFile = `${file}.lock`;
  let held = processLocks.get(lockFile);
  if (!held) {
    const handle = new SqliteDatabase(lockFile, { timeout: 0 });
    try {
      handle.pragma('locking_mode = EXCLUSIVE');
      handle.exec('create table if not exists holder (pid integer); delete from holder;');
      handle.prepare('insert into holder (pid) values (?)').run(process.pid);
    } catch (error) {
      handle.close();
      if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
        throw new DatabaseInUseError(
          `La base de datos ${file} ya está abierta por otro proceso de la tienda (bloqueo: ${lockFile}). ` +
            'SQLite admite un solo proceso por archivo: detén el otro proceso, o usa PostgreSQL (DATABASE_URL) ' +
            'para correr varios.',
        );
      }
      throw error;
    }
    held = { handle, users: 0 };
    processLocks.set(lockFile, held);
  }
  held.users += 1;
  const lock = held;
  return () => {
    lock.users -= 1;
    if (lock.users > 0) return;
    processLocks.delete(lockFile);
    lock.handle.close();
  };
}

/**
 * Write transactions take SQLite's write lock when they begin (BEGIN IMMEDIATE) instead of at their first write,
 * so a transaction that read first never fails half-way on a lock held by someone else (a backup, the sqlite3
 * shell); it waits busy_timeout at its start, then fails as a whole (a 503, see plugins/error-handler.ts).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/**
 * Kysely asks better-sqlite3 to compile every query anew (prepare), a tenth of a catalogue read's CPU; the same
 * SQL text reuses its compiled statement instead (docs/decisions/0012-…). Bounded: queries with `in (…)` lists
 * differ by their length. A statement still busy in an iterate() is never shared.
 */
function withStatementCache(
  sqlite: SqliteDatabase.Database,
  beforeWrite: () => void,
  size = 500,
): SqliteDialectConfig['database'] {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement === undefined || statement.busy) {
        statement = sqlite.prepare(sql);
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
        cache.set(sql, statement);
      }
      // Kysely runs a statement right after preparing it.
      if (!statement.reader) beforeWrite();
      return statement;
    },
  };
}

/** Per SQLite file: what forgets the write marks taken this turn, for every handle this process has on it. */
const markKeepers = new Map<string, Set<() => void>>();

/**
 * DatabaseHandle.writeMark for one connection. Read once per turn of the event loop, shared by the requests of
 * that turn: a write by any handle of this process on the file forgets it at once; a commit by another process
 * (the sqlite3 shell) is seen from the next turn, as anything that process did concurrently
 * (docs/decisions/0029-a-lean-request-path.md).
 */
function writeMarkOf(
  sqlite: SqliteDatabase.Database,
  file: string,
): { read: () => string; forgetAll: () => void; stop: () => void } {
  const statement = sqlite.prepare('select total_changes(), data_version from pragma_data_version').raw();
  let kept: string | null = null;
  const forget = () => {
    kept = null;
  };
  const keepers = markKeepers.get(file) ?? new Set();
  markKeepers.set(file, keepers);
  keepers.add(forget);
  return {
    read: () => {
      if (kept === null) {
        kept = (statement.get() as number[]).join(':');
        setImmediate(forget);
      }
      return kept;
    },
    forgetAll: () => {
      for (const keeper of keepers) keeper();
    },
    stop: () => {
      keepers.delete(forget);
      if (keepers.size === 0) markKeepers.delete(file);
    },
  };
}

function openSqlite(file: string): SqliteDatabase.Database {
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // FULL: a commit is on disk before its answer, so an order that got its 201 survives a power cut, not only a crash
  // of the process (NORMAL's promise in WAL mode). Orders commit together (docs/decisions/0032-…): one sync per batch,
  // and the bench's orders measured the same either way (docs/decisions/0015-…, amendment of 2026-11-27).
  sqlite.pragma('synchronous = FULL');
  return sqlite;
}

/** One round trip to the database (the health check). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * `onLostConnection`: PostgreSQL closed one of the pool's idle connections (a server restart, a failover, an
 * administrator's pg_terminate_backend). The pool drops it and the next query opens another; without a listener
 * pg's pool would throw the error and stop the process.
 */
export function createDatabase(
  config: DatabaseConfig,
  onLostConnection: (error: Error) => void = () => {},
): DatabaseHandle {
  if (config.dialect === 'sqlite') {
    mkdirSync(path.dirname(config.file), { recursive: true });
    const releaseLock = lockSqliteFile(config.file);
    let sqlite: SqliteDatabase.Database;
    try {
      sqlite = openSqlite(config.file);
    } catch (error) {
      releaseLock();
      throw error;
    }
    const marks = writeMarkOf(sqlite, config.file);
    const db = new Kysely<Database>({
      dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite, marks.forgetAll) }),
    });
    return {
      db,
      dialect: 'sqlite',
      writeMark: marks.read,
      destroy: async () => {
        marks.stop();
        await db.destroy();
        releaseLock();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    // A server out of reach answers 503 after this wait (db/errors.ts), not after the system's two-minute connect.
    connectionTimeoutMillis: 10_000,
    // Tests (and shops sharing a server) keep their tables in their own schema.
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  });
  pool.on('error', onLostConnection);
  // The pool listens for a lost connection only while it sits idle. Lost while a request holds it (between a
  // transaction's statements), pg emits 'error' with no one listening, which would end the process: here the
  // statement that follows fails instead, its request answers as any database failure does, and the pool drops the
  // broken connection when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  const notices = listenForCatalogueChanges(config, onLostConnection);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [notices.plugin] });
  return {
    db,
    dialect: 'postgres',
    writeMark: notices.mark,
    destroy: async () => {
      await notices.stop();
      await db.destroy();
    },
  };
}
