import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, link, mkdir, mkdtemp, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import * as tar from 'tar';
import type { AppConfig } from '../config.js';
import { createDatabase, lockSqliteFile, type DbOrTx } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { countBackedUpRecords, referencedImageKeysInSnapshot, type BackupCounts } from './backup.repository.js';

// A backup is one .tar.gz: manifest.json, the database (a SQLite snapshot or a pg_dump archive) and uploads/.
// Why this shape and how it stays consistent while the shop runs: docs/decisions/0017-backups.md.

const FORMAT = 1;
const SQLITE_ENTRY = 'tienda.db';
const POSTGRES_ENTRY = 'tienda.pgdump';
const run = promisify(execFile);

export interface BackupManifest {
  format: number;
  createdAt: string;
  dialect: 'sqlite' | 'postgres';
  counts: BackupCounts;
  /** Images the snapshot names whose files were gone when the uploads were copied (deleted meanwhile). */
  missingImages: string[];
}

export class BackupError extends Error {}

/** UTC to the millisecond: backups made in the same second (on two processes behind one proxy) get two names. */
function stamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-').slice(0, 23);
}

export function defaultBackupFile(config: AppConfig, now = new Date()): string {
  return path.join(config.backups.dir, `tienda-${stamp(now)}.tar.gz`);
}

/**
 * The archives the shop makes and rotates (docs/decisions/0036-…): `tienda-<UTC stamp>.tar.gz`, to the millisecond
 * (to the second before 2026-11-27). A restore's `tienda-antes-de-restaurar-…` is never rotated.
 */
const ARCHIVE_NAME = /^tienda-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})(?:-(\d{3}))?\.tar\.gz$/;

/** When a shop archive was made (ISO 8601), read from its name; null for any other name. */
export function archiveCreatedAt(name: string): string | null {
  const match = ARCHIVE_NAME.exec(name);
  return match ? `${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5] ?? '000'}Z` : null;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

async function withStage<T>(near: string, work: (stage: string) => Promise<T>): Promise<T> {
  await mkdir(near, { recursive: true });
  const stage = await mkdtemp(path.join(near, '.respaldo-'));
  try {
    return await work(stage);
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

function pgArgs(config: Extract<AppConfig['database'], { dialect: 'postgres' }>): string[] {
  return [`--dbname=${config.url}`, ...(config.schema ? [`--schema=${config.schema}`] : [])];
}

async function inventory(db: DbOrTx, uploadsDir: string): Promise<Pick<BackupManifest, 'counts' | 'missingImages'>> {
  const missingImages: string[] = [];
  for (const key of await referencedImageKeysInSnapshot(db)) {
    if (!(await exists(path.join(uploadsDir, `${key}.webp`)))) missingImages.push(key);
  }
  return { counts: await countBackedUpRecords(db), missingImages };
}

/**
 * Writes a consistent snapshot of the running shop: SQLite's online backup (a consistent state while the shop
 * keeps writing) or pg_dump (one transaction), then the uploads. Images are written before the rows that name
 * them and never rewritten, so the copy holds every image of the snapshot, except one whose product was deleted
 * in the seconds between the two steps: those are listed in the manifest (`missingImages`) and printed.
 */
export async function createBackup(config: AppConfig, outFile?: string, signal?: AbortSignal) {
  const target = path.resolve(outFile ?? defaultBackupFile(config));
  await mkdir(path.dirname(target), { recursive: true });
  return withStage(path.dirname(target), async (stage) => {
    const database = config.database;
    let found: Pick<BackupManifest, 'counts' | 'missingImages'>;
    if (database.dialect === 'sqlite') {
      if (!(await exists(database.file))) throw new BackupError(`No existe la base de datos ${database.file}.`);
      const source = new SqliteDatabase(database.file, { readonly: true, fileMustExist: true });
      try {
        // The whole file in one step after the first: SQLite starts an online backup over whenever another connection
        // writes between two steps, so with the default of 100 pages a step, a shop taking orders without a pause
        // kept a backup going for as long as the orders came. One step copies from the page cache in a fraction of a
        // second (about 100 MB at 50,000 products), holding the event loop that long when the backup runs in the shop.
        await source.backup(path.join(stage, SQLITE_ENTRY), { progress: ({ totalPages }) => totalPages });
      } finally {
        source.close();
      }
      const snapshot = new Kysely<Database>({
        dialect: new SqliteDialect({ database: new SqliteDatabase(path.join(stage, SQLITE_ENTRY)) }),
      });
      try {
        found = await inventory(snapshot, config.uploadsDir);
      } finally {
        await snapshot.destroy();
      }
    } else {
      // The dump and the counts read one snapshot: pg_dump joins the transaction that exported it.
      const live = createDatabase(database);
      try {
        found = await live.db
          .transaction()
          .setIsolationLevel('repeatable read')
          .execute(async (trx) => {
            const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx);
            const dumpFile = `--file=${path.join(stage, POSTGRES_ENTRY)}`;
            await run(
              'pg_dump',
              ['--format=custom', '--no-owner', `--snapshot=${rows[0]!.id}`, dumpFile, ...pgArgs(database)],
              { signal },
            );
            return inventory(trx, config.uploadsDir);
          });
      } finally {
        await live.destroy();
      }
    }
    const manifest: BackupManifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      dialect: database.dialect,
      ...found,
    };
    await writeFile(path.join(stage, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const entries = ['manifest.json', database.dialect === 'sqlite' ? SQLITE_ENTRY : POSTGRES_ENTRY];
    // The folders may live anywhere (UPLOADS_DIR, RECEIPTS_DIR): links in the stage put them under their names.
    for (const [name, dir] of [
      ['uploads', config.uploadsDir],
      ['receipts', config.receiptsDir],
    ] as const) {
      if (!(await exists(dir))) continue;
      await symlink(dir, path.join(stage, name), 'dir');
      entries.push(name);
    }
    signal?.throwIfAborted();
    // A name of its own, so two processes backing up in the same second never write one file; removed if the write
    // fails (a full disk must not stay full).
    const partial = `${target}.${randomBytes(4).toString('hex')}.parcial`;
    let file = target;
    try {
      await tar.create({ gzip: true, file: partial, cwd: stage, follow: true, portable: true }, entries);
      // A file named by whoever runs `npm run backup -- FILE` is replaced; a shop archive never replaces another.
      if (outFile) await rename(partial, target);
      else file = await placeBesideOthers(partial, target, config);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { file, manifest };
  });
}

/**
 * Moves a finished shop archive to `target`, or, if an archive of that name appeared meanwhile (another process, the
 * same millisecond), to the name of the next millisecond that is free: a hard link fails rather than replace.
 */
async function placeBesideOthers(partial: string, target: string, config: AppConfig): Promise<string> {
  const madeAt = archiveCreatedAt(path.basename(target));
  const stampedAt = madeAt ? Date.parse(madeAt) : Date.now();
  for (let step = 0; step < 1000; step += 1) {
    const name = step === 0 ? target : path.resolve(defaultBackupFile(config, new Date(stampedAt + step)));
    try {
      await link(partial, name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
    await rm(partial, { force: true });
    return name;
  }
  throw new BackupError(`No hay un nombre libre para la copia junto a ${target}.`);
}

async function hasShopTables(database: AppConfig['database']): Promise<boolean> {
  const handle = createDatabase(database);
  try {
    const { rows } = await sql<{ found: string | null }>`select to_regclass('orders')::text as found`.execute(
      handle.db,
    );
    return rows[0]?.found != null;
  } finally {
    await handle.destroy();
  }
}

async function readManifest(stage: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(stage, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError('El archivo no es un respaldo de la tienda (falta manifest.json).');
  }
  if (manifest.format !== FORMAT) {
    throw new BackupError(`Formato de respaldo ${manifest.format} desconocido (esta versión lee el ${FORMAT}).`);
  }
  return manifest;
}

/** Moves `file` aside (if it exists) so a restore never destroys data; returns where it went. */
async function setAside(file: string, suffix: string): Promise<string | undefined> {
  if (!(await exists(file))) return undefined;
  const aside = `${file}.${suffix}`;
  await rename(file, aside);
  return aside;
}

async function moveInto(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true });
  }
}

/**
 * Restores a backup into the configured database and uploads folder. The shop must be stopped: on SQLite the
 * restore holds the file's process lock (a running shop makes it stop with DatabaseInUseError). What was there
 * before is never deleted: the SQLite file and the uploads stay beside them as `…antes-de-restaurar-<fecha>`,
 * and a PostgreSQL database is first backed up to `BACKUPS_DIR/tienda-antes-de-restaurar-<fecha>.tar.gz`.
 */
export async function restoreBackup(config: AppConfig, file: string) {
  const source = path.resolve(file);
  if (!(await exists(source))) throw new BackupError(`No existe el archivo ${source}.`);
  const database = config.database;
  const releaseLock = database.dialect === 'sqlite' ? lockSqliteFile(database.file) : () => {};
  try {
    return await withStage(config.dataDir, async (stage) => {
      try {
        await tar.extract({ file: source, cwd: stage });
      } catch {
        throw new BackupError(`${source} no es un archivo .tar.gz legible.`);
      }
      const manifest = await readManifest(stage);
      if (manifest.dialect !== database.dialect) {
        const names = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
        throw new BackupError(
          `Este respaldo es de ${names[manifest.dialect]} y la tienda está configurada con ${names[database.dialect]}.`,
        );
      }
      const suffix = `antes-de-restaurar-${stamp(new Date())}`;
      const keptAside: string[] = [];
      if (database.dialect === 'sqlite') {
        for (const companion of ['-wal', '-shm']) await rm(`${database.file}${companion}`, { force: true });
        const aside = await setAside(database.file, suffix);
        if (aside) keptAside.push(aside);
        await moveInto(path.join(stage, SQLITE_ENTRY), database.file);
      } else {
        // pg_restore --clean replaces the tables: what was there goes to a backup of its own first.
        if (await hasShopTables(database)) {
          const before = await createBackup(config, path.join(config.backups.dir, `tienda-${suffix}.tar.gz`));
          keptAside.push(before.file);
        }
        await run('pg_restore', [
          '--clean',
          '--if-exists',
          '--no-owner',
          '--single-transaction',
          // The whole dump: it holds just the shop's schema, with its CREATE SCHEMA when that is not public.
          `--dbname=${database.url}`,
          path.join(stage, POSTGRES_ENTRY),
        ]);
      }
      for (const [name, dir] of [
        ['uploads', config.uploadsDir],
        ['receipts', config.receiptsDir],
      ] as const) {
        const aside = await setAside(dir, suffix);
        if (aside) keptAside.push(aside);
        if (await exists(path.join(stage, name))) await moveInto(path.join(stage, name), dir);
        else await mkdir(dir, { recursive: true });
      }
      return { manifest, keptAside };
    });
  } finally {
    releaseLock();
  }
}
