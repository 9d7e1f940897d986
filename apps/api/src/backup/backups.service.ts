import { createHmac, timingSafeEqual } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_LINK_MINUTES, type BackupFile } from '@tienda/shared/backups';
import { shopDay, shopHour } from '@tienda/shared/shop-time';
import type { AppConfig } from '../config.js';
import { AppError, forbidden, notFound } from '../errors.js';
import type { AppContext } from '../plugins/context.js';
import { createBackup, defaultBackupFile } from './backup.js';
import { claimDay, releaseDay } from './backup.repository.js';

// The owner's copies from the admin home and every night (docs/decisions/0036-backups-from-the-admin.md), made by
// the same createBackup as `npm run backup` (docs/decisions/0017-backups.md).

/** The archives the shop makes and rotates: `tienda-<UTC stamp>.tar.gz`. A restore's `tienda-antes-de-restaurar-…` is never rotated. */
const ARCHIVE_NAME = /^tienda-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})\.tar\.gz$/;
const NIGHTLY_JOB = 'respaldo-nocturno';
const LINK_PURPOSE = 'descarga-de-respaldo';

export const BACKUP_MESSAGES = {
  notFound: 'Esa copia de seguridad ya no existe.',
  badLink: 'El enlace de descarga venció o no es válido. Pide otro desde el panel.',
  failed: 'No se pudo hacer la copia de seguridad. Intenta de nuevo en unos minutos.',
} as const;

function createdAtOf(name: string): string | null {
  const match = ARCHIVE_NAME.exec(name);
  return match ? `${match[1]}T${match[2]}:${match[3]}:${match[4]}.000Z` : null;
}

/** The shop's archives, newest first. */
export async function listBackups(config: AppConfig): Promise<BackupFile[]> {
  let names: string[];
  try {
    names = await readdir(config.backups.dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: BackupFile[] = [];
  for (const name of names) {
    const createdAt = createdAtOf(name);
    if (!createdAt) continue;
    try {
      files.push({ name, bytes: (await stat(path.join(config.backups.dir, name))).size, createdAt });
    } catch {
      // rotated away between the listing and the stat
    }
  }
  return files.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
}

/** Deletes the shop's archives beyond the newest `kept`; answers the names deleted. */
export async function pruneBackups(config: AppConfig): Promise<string[]> {
  const old = (await listBackups(config)).slice(config.backups.kept);
  for (const file of old) await rm(path.join(config.backups.dir, file.name), { force: true });
  return old.map((file) => file.name);
}

// One backup at a time per folder in this process: a second tap, or the nightly one meeting the owner's, shares it.
const inProgress = new Map<string, Promise<BackupFile>>();

/** Makes an archive now (or joins the one being made), then rotates the folder. 503 if it cannot be made. */
export function backUpNow(config: AppConfig): Promise<BackupFile> {
  const running = inProgress.get(config.backups.dir);
  if (running) return running;
  const made = (async () => {
    let file: string;
    try {
      ({ file } = await createBackup(config, defaultBackupFile(config)));
    } catch (error) {
      // A missing pg_dump, a full disk: the owner is told to retry; the log says why.
      throw Object.assign(new AppError(503, BACKUP_MESSAGES.failed, { 'retry-after': '300' }), { cause: error });
    }
    await pruneBackups(config);
    const name = path.basename(file);
    return { name, bytes: (await stat(file)).size, createdAt: createdAtOf(name) ?? new Date().toISOString() };
  })().finally(() => inProgress.delete(config.backups.dir));
  inProgress.set(config.backups.dir, made);
  return made;
}

/** Waits for a backup this process is making (the server is stopping). */
export async function backupsSettled(): Promise<void> {
  await Promise.allSettled(inProgress.values());
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
  if (!createdAtOf(name)) throw notFound(BACKUP_MESSAGES.notFound);
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
  now = new Date(),
): Promise<'made' | 'not-due' | 'done-already'> {
  const hour = ctx.config.backups.nightlyHour;
  if (hour === null || shopHour(now) < hour) return 'not-due';
  const day = shopDay(now);
  if (!(await claimDay(ctx.db, NIGHTLY_JOB, day))) return 'done-already';
  try {
    await backUpNow(ctx.config);
  } catch (error) {
    await releaseDay(ctx.db, NIGHTLY_JOB, day);
    throw error instanceof AppError && error.cause ? error.cause : error;
  }
  return 'made';
}
