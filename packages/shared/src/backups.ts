import { z } from 'zod';

// The owner's copies of the shop (docs/decisions/0036-backups-from-the-admin.md): made every night and on demand,
// listed and downloaded from the admin home.

/** One archive in the backups folder, as the admin home lists it. */
export const backupFileSchema = z.object({
  /** tienda-<UTC date and time>.tar.gz */
  name: z.string(),
  bytes: z.number().int(),
  createdAt: z.string(),
});
export type BackupFile = z.infer<typeof backupFileSchema>;

/** The archives, newest first, and how the shop makes and keeps them (BACKUP_HOUR, BACKUPS_KEPT_DAYS). */
export const backupListSchema = z.object({
  backups: z.array(backupFileSchema),
  /** Honduras hour of the nightly backup; null when the shop makes none. */
  nightlyHour: z.number().int().nullable(),
  /** Archives older than this many days are deleted. */
  keptDays: z.number().int(),
});
export type BackupList = z.infer<typeof backupListSchema>;

/** A download address that works without the bearer token for a few minutes, so the phone's browser saves the file. */
export const backupLinkSchema = z.object({ url: z.string() });
export type BackupLink = z.infer<typeof backupLinkSchema>;

/** Minutes a download link stays valid. */
export const BACKUP_LINK_MINUTES = 10;
