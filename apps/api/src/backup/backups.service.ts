import { createHmac, timingSafeEqual } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import path from 'node:path';
import { BACKUP_LINK_MINUTES, type BackupFile } from '@tienda/shared/backups';
import { shopDay, shopHour } from '@tienda/shared/shop-time';
import type { AppConfig } from '../config.js';
import { AppError, forbidden, notFound } from '../errors.js';
import { HOUR_MS } from '../db/timestamps.js';
import { enforceLimit, type Limit } from '../lib/throttle.js';
import type { AppContext } from '../plugins/context.js';
import { archiveCreatedAt, createBackup } from './backup.js';
import { claimDay, releaseDay } from './backup.repository.js';

// The owner's copies from the admin home and every night (docs/decisions/0036-backups-from-the-admin.md), made by
// the same createBackup as `npm run backup` (docs/decisions/0017-backups.md).

const NIGHTLY_JOB = 'respaldo-nocturno';
const LINK_PURPOSE = 'descarga-de-respaldo';

/**
 * Backups made on demand, per hour for the whole shop: each one is a full copy on the server's disk, so taps on a
 * loop (or a stolen admin session) must not fill it.
 */
export const BACKUPS_ON_DEMAND: Limit = { name: 'backup-now', points: 6, durationMs: HOUR_MS };
/** The limit's one counter: the whole shop shares it, whoever taps. */
export const BACKUPS_ON_DEMAND_KEY = 'tienda';

export const BACKUP_MESSAGES = {
  notFound: 'Esa copia de seguridad ya no existe.',
  badLink: 'El enlace de descarga venció o no es válido. Pide otro desde el panel.',
  failed: 'No se pudo hacer la copia de seguridad. Intenta de nuevo en unos minutos.',
  unreadable: 'No se pudo leer la carpeta de las copias de seguridad. Revisa BACKUPS_DIR en el servidor.',
  tooMany: `Ya se hicieron ${BACKUPS_ON_DEMAND.points} copias en la última hora. Espera un poco para hacer otra.`,
} as const;

/** The shop's archives, newest first. */
export async function listBackups(config: AppConfig): Promise<BackupFile[]> {
  let names: string[];
  try {
    names = await readdir(config.backups.dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    // BACKUPS_DIR names a file, or one the shop may not read: the server's setup, said in Spanish (the log has it).
    throw Object.assign(new AppError(503, BACKUP_MESSAGES.unreadable, { 'retry-after': '300' }), { cause: error });
  }
  const files: BackupFile[] = [];
  for (const name of names) {
    const createdAt = archiveCreatedAt(name);
    if (!createdAt) continue;
    try {
      files.push({ name, bytes: (await stat(path.join(config.backups.dir, name))).size, createdAt });
    } catch {
      // rotated away between the listing and the stat
    }
  }
  return files.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
}

/**
 * Deletes the shop's archives made more than `keptDays` days before `now`, never `keep` (the one just made, whatever
 * its clock said); answers the names deleted. By age, not by count: taps of "Hacer una copia ahora" never push the
 * nightly ones out.
 */
export async function pruneBackups(config: AppConfig, keep: string, now = new Date()): Promise<string[]> {
  const oldest = now.getTime() - config.backups.keptDays * 24 * HOUR_MS;
  const old = (await listBackups(config)).filter((file) => file.name !== keep && Date.parse(file.createdAt) < oldest);
  for (const file of old) await rm(path.join(config.backups.dir, file.name), { force: true });
  return old.map((file) => file.name);
}

/** What a process stopping mid-backup leaves behind (a stage folder, a partial archive), a day on. */
export async function sweepBackupLeftovers(config: AppConfig, now = Date.now()): Promise<void> {
  let names: string[];
  try {
    names = await readdir(config.backups.dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith('.respaldo-') && !name.endsWith('.parcial')) continue;
    const file = path.join(config.backups.dir, name);
    try {
      if (now - (await stat(file)).mtimeMs > 24 * HOUR_MS) await rm(file, { recursive: true, force: true });
    } catch {
      // gone meanwhile
    }
  }
}

// One backup at a time per folder in this process: a second tap, or the nightly one meeting the owner's, shares it.
const inProgress = new Map<string, { made: Promise<BackupFile>; abort: AbortController }>();

/**
 * Makes an archive now (or joins the one being made), then rotates the folder. 503 if it cannot be made; the log
 * says why.
 */
export function backUpNow(config: AppConfig, log: FastifyBaseLogger): Promise<BackupFile> {
  const running = inProgress.get(config.backups.dir);
  if (running) return running.made;
  const abort = new AbortController();
  const made = (async () => {
    let file: string;
    try {
      ({ file } = await createBackup(config, undefined, abort.signal));
    } catch (error) {
      // A missing pg_dump, a full disk, a server stopping. Logged here: the nightly backup has no request.
      log.error({ err: error }, 'no se pudo hacer la copia de seguridad');
      throw new AppError(503, BACKUP_MESSAGES.failed, { 'retry-after': '300' });
    }
    const name = path.basename(file);
    const bytes = (await stat(file)).size;
    try {
      await pruneBackups(config, name);
    } catch (error) {
      // The archive exists: a failed rotation is retried after the next backup.
      log.warn({ err: error }, 'no se pudieron borrar las copias viejas');
    }
    return { name, bytes, createdAt: archiveCreatedAt(name) ?? new Date().toISOString() };
  })().finally(() => inProgress.delete(config.backups.dir));
  inProgress.set(config.backups.dir, { made, abort });
  return made;
}

/** The owner's "Hacer una copia ahora": within BACKUPS_ON_DEMAND, then backUpNow. */
export async function backUpOnDemand(ctx: Pick<AppContext, 'config' | 'throttle'>, log: FastifyBaseLogger) {
  if (!inProgress.has(ctx.config.backups.dir)) {
    await enforceLimit(ctx.throttle, BACKUPS_ON_DEMAND, BACKUPS_ON_DEMAND_KEY, BACKUP_MESSAGES.tooMany);
  }
  return backUpNow(ctx.config, log);
}

/** The server is stopping: stops the backups this process is making (pg_dump included) and waits for their cleanup. */
export async function stopBackups(): Promise<void> {
  const running = [...inProgress.values()];
  for (const { abort } of running) abort.abort();
  await Promise.allSettled(running.map(({ made }) => made));
}

function signature(config: AppConfig, name: string, expires: number): string {
  return createHmac('sha256', config.jwtSecret).update(`${LINK_PURPOSE}\n${name}\n${expires}`).digest('base64url');
}

/**
 * A download address for `name` that needs no bearer token for BACKUP_LINK_MINUTES, so a phone's browser can save a
 * large file itself instead of holding it in memory. Signed with the server's secret for that file only.
 */
export async function backupDownloadLink(config: AppConfig, name: string, now = Date.now()): Promise<string> {
  await backupPath(config, name);
  const expires = now + BACKUP_LINK_MINUTES * 60_000;
  const query = new URLSearchParams({ vence: String(expires), firma: signature(config, name, expires) });
  return `/api/admin/backups/${encodeURIComponent(name)}?${query}`;
}

/** The file a download link names, once its signature and time are checked. */
export async function checkedDownload(
  config: AppConfig,
  name: string,
  vence: string | undefined,
  firma: string | undefined,
  now = Date.now(),
): Promise<string> {
  const expires = Number(vence);
  const given = Buffer.from(firma ?? '', 'utf8');
  const expected = Buffer.from(signature(config, name, expires), 'utf8');
  const valid = /^\d{1,15}$/.test(vence ?? '') && given.length === expected.length && timingSafeEqual(given, expected);
  if (!valid || expires < now) throw forbidden(BACKUP_MESSAGES.badLink);
  return backupPath(config, name);
}

async function backupPath(config: AppConfig, name: string): Promise<string> {
  // Only the shop's own archive names: nothing else in (or outside) the folder can be named.
  if (!archiveCreatedAt(name)) throw notFound(BACKUP_MESSAGES.notFound);
  const file = path.join(config.backups.dir, name);
  try {
    if ((await stat(file)).isFile()) return file;
  } catch {
    // gone: rotated or deleted by hand
  }
  throw notFound(BACKUP_MESSAGES.notFound);
}

/**
 * The day's backup, from BACKUP_HOUR (Honduras time) on: the first process to claim the day makes it; a failure
 * gives the day back so the next check tries again. Answers what happened, for the log and the tests.
 */
export async function nightlyBackup(
  ctx: Pick<AppContext, 'config' | 'db'>,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<'made' | 'not-due' | 'done-already' | 'failed'> {
  const hour = ctx.config.backups.nightlyHour;
  if (hour === null || shopHour(now) < hour) return 'not-due';
  const day = shopDay(now);
  if (!(await claimDay(ctx.db, NIGHTLY_JOB, day))) return 'done-already';
  try {
    await backUpNow(ctx.config, log);
  } catch {
    // backUpNow logged why.
    await releaseDay(ctx.db, NIGHTLY_JOB, day);
    return 'failed';
  }
  return 'made';
}
