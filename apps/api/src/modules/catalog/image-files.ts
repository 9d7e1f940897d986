import { CATALOG, SECONDARY_IMAGES_MAX } from '@tienda/shared/catalog';
import type { AppContext } from '../../plugins/context.js';
import { deleteImage, storeImage } from '../../lib/images.js';
import { badRequest } from '../../errors.js';
import { isForeignKeyViolation } from './input.js';
import { referencedImageKeys } from './images.repository.js';

export type CatalogContext = Pick<AppContext, 'db' | 'config'>;

/**
 * Stores several uploads (each sniffed and re-encoded by lib/images.ts). If one is refused, the ones
 * already written are removed, so a rejected form leaves no files behind.
 */
export async function storeImages(ctx: CatalogContext, files: readonly Buffer[]): Promise<string[]> {
  const keys: string[] = [];
  try {
    // In order, so a refusal knows which files to remove (lib/images.ts decodes one picture at a time anyway).
    for (const bytes of files) keys.push(await storeImage(ctx.config.uploadsDir, bytes));
  } catch (error) {
    await removeFiles(ctx, keys);
    throw error;
  }
  return keys;
}

/** Products and combos carry at most SECONDARY_IMAGES_MAX secondary images. */
export function assertSecondaryImageRoom(existing: number, adding: number): void {
  if (existing + adding > SECONDARY_IMAGES_MAX) throw badRequest(CATALOG.tooManyImages);
}

/**
 * Stores the uploads, then runs `write` (the item's transaction) with their keys, in upload order.
 * If the write fails the new files are removed again, so a refused form leaves nothing behind; a
 * foreign-key violation (a category or product deleted meanwhile) becomes a 400 with `foreignKeyMessage`.
 */
export async function writeWithImages<T>(
  ctx: CatalogContext,
  files: readonly Buffer[],
  write: (keys: string[]) => Promise<T>,
  whyForeignKeyFailed?: () => Promise<Error>,
): Promise<T> {
  const keys = await storeImages(ctx, files);
  try {
    return await write(keys);
  } catch (error) {
    await removeFiles(ctx, keys);
    throw whyForeignKeyFailed && isForeignKeyViolation(error) ? await whyForeignKeyFailed() : error;
  }
}

/** Removes image files unconditionally (used to undo uploads whose record was never written). */
export async function removeFiles(ctx: CatalogContext, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => deleteImage(ctx.config.uploadsDir, key).catch(() => {})));
}

/**
 * Deletes the files of images no row refers to any more. Called after the owning rows are gone
 * (committed), so an order placed earlier keeps its picture (order history survives).
 */
export async function discardUnusedImages(ctx: CatalogContext, keys: readonly (string | null)[]): Promise<void> {
  const candidates = keys.filter((key): key is string => !!key);
  if (candidates.length === 0) return;
  const inUse = await referencedImageKeys(ctx.db, candidates);
  await removeFiles(
    ctx,
    candidates.filter((key) => !inUse.has(key)),
  );
}
