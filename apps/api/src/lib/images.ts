import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { VALIDATION } from '@tienda/shared/messages';
import { badRequest } from '../errors.js';

// Judge images by their bytes, re-encode to WebP at a web size plus a thumbnail.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif']);
const WEB_MAX_PX = 1600;
const THUMB_PX = 400;

export const imageUrl = (key: string | null) => (key ? `/uploads/${key}.webp` : null);
export const thumbnailUrl = (key: string | null) => (key ? `/uploads/${key}-thumb.webp` : null);

/** Validates, re-encodes and stores one image; returns its key. A non-image is a 400 in Spanish. */
export async function storeImage(uploadsDir: string, bytes: Buffer): Promise<string> {
  let format: string | undefined;
  try {
    const meta = await sharp(bytes).metadata();
    format = meta.format;
    // HEIF containers are only accepted when they hold AVIF (phones' HEIC is not web-decodable by sharp's build).
    if (format === 'heif' && meta.compression !== 'av1') format = undefined;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw badRequest(`${VALIDATION.imageOnly}: se aceptan JPEG, PNG, WebP, GIF o AVIF.`);
  }
  const key = randomUUID();
  await mkdir(uploadsDir, { recursive: true });
  try {
    const source = sharp(bytes, { animated: false }).rotate();
    const [web, thumb] = await Promise.all([
      source
        .clone()
        .resize({ width: WEB_MAX_PX, height: WEB_MAX_PX, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
      source
        .clone()
        .resize({ width: THUMB_PX, height: THUMB_PX, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 72 })
        .toBuffer(),
    ]);
    await Promise.all([
      writeFile(path.join(uploadsDir, `${key}.webp`), web),
      writeFile(path.join(uploadsDir, `${key}-thumb.webp`), thumb),
    ]);
  } catch {
    throw badRequest(`${VALIDATION.imageOnly}: no se pudo leer la imagen.`);
  }
  return key;
}

/** Removes an image's files; a file already gone is fine. */
export async function deleteImage(uploadsDir: string, key: string): Promise<void> {
  await Promise.all(
    [`${key}.webp`, `${key}-thumb.webp`].map((name) =>
      unlink(path.join(uploadsDir, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      }),
    ),
  );
}

/**
 * Stores a copy, under a new key, of an image a folder already holds in the form storeImage writes
 * (`<key>.webp` and `<key>-thumb.webp`): the demo's committed pictures load without being encoded again.
 */
export async function copyStoredImage(fromDir: string, fromKey: string, uploadsDir: string): Promise<string> {
  const key = randomUUID();
  await mkdir(uploadsDir, { recursive: true });
  // Both copies settle before any clean-up, so a failed one never leaves its twin behind.
  const copies = await Promise.allSettled(
    ['.webp', '-thumb.webp'].map((suffix) =>
      copyFile(path.join(fromDir, `${fromKey}${suffix}`), path.join(uploadsDir, `${key}${suffix}`)),
    ),
  );
  const failed = copies.find((copy) => copy.status === 'rejected');
  if (failed) {
    await deleteImage(uploadsDir, key);
    throw failed.reason;
  }
  return key;
}
