import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Sharp } from 'sharp';
import { IMAGE_WIDTHS, MAIN_IMAGE_MAX_WIDTH, MAX_IMAGE_PIXELS } from '@tienda/shared/images';
import { VALIDATION } from '@tienda/shared/messages';
import { AppError, badRequest } from '../errors.js';
import { REPLIES } from '../replies.js';
import { Semaphore } from './semaphore.js';

/**
 * sharp (libvips) is loaded on the first picture, not at start: a shop that is only being browsed never needs its
 * memory (docs/decisions/0029-a-lean-request-path.md).
 */
export async function loadSharp(): Promise<typeof import('sharp').default> {
  return (await import('sharp')).default;
}

// Judge images by their bytes, re-encode to WebP at a web size plus a thumbnail, and the widths pages choose from
// with srcset (IMAGE_WIDTHS; docs/decisions/0025-first-load-javascript-and-images.md).
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif']);
const WEB_MAX_PX = MAIN_IMAGE_MAX_WIDTH;
const THUMB_PX = 400;
const WIDTH_QUALITY = 75;

const widthFile = (key: string, width: number) => `${key}-${width}.webp`;
/** Every file of a stored image. */
const filesOf = (key: string) => [`${key}.webp`, `${key}-thumb.webp`, ...IMAGE_WIDTHS.map((w) => widthFile(key, w))];

/** The srcset widths of one picture, each at most `width` wide (never enlarged), from any decodable source. */
async function encodeWidths(source: Sharp): Promise<Buffer[]> {
  // One after the other: a 2-core machine also answers requests meanwhile.
  const out: Buffer[] = [];
  for (const width of IMAGE_WIDTHS) {
    out.push(
      await source
        .clone()
        .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: WIDTH_QUALITY })
        .toBuffer(),
    );
  }
  return out;
}

/** Writes the srcset widths of the stored image `key` from its main file (`<key>.webp`). */
export async function writeImageWidths(uploadsDir: string, key: string): Promise<void> {
  const sharp = await loadSharp();
  const widths = await encodeWidths(sharp(await readFile(path.join(uploadsDir, `${key}.webp`))));
  // Through a temporary name: a page never sees half a file, and two processes filling in the same key agree.
  await Promise.all(
    IMAGE_WIDTHS.map(async (width, i) => {
      const final = path.join(uploadsDir, widthFile(key, width));
      const temporary = `${final}.${randomUUID()}.tmp`;
      await writeFile(temporary, widths[i]!);
      await rename(temporary, final);
    }),
  );
}

/**
 * Makes the srcset widths of images stored before they existed (uploads and restored backups of older versions),
 * one image at a time; returns how many it made. Called once at start, in the background (server.ts).
 */
export async function addMissingImageWidths(uploadsDir: string): Promise<number> {
  const names = new Set(await readdir(uploadsDir).catch(() => [] as string[]));
  let made = 0;
  for (const name of names) {
    const key = /^([0-9a-f-]{36})\.webp$/.exec(name)?.[1];
    if (!key || IMAGE_WIDTHS.every((width) => names.has(widthFile(key, width)))) continue;
    await writeImageWidths(uploadsDir, key);
    made += 1;
  }
  return made;
}

export const imageUrl = (key: string | null) => (key ? `/uploads/${key}.webp` : null);
export const thumbnailUrl = (key: string | null) => (key ? `/uploads/${key}-thumb.webp` : null);

/**
 * One picture decoded at a time, in the whole process: a large photo takes a few hundred megabytes while it is made
 * smaller, and uploads at once (twelve product photos, receipts) would add them up; the others wait their turn.
 */
const encoding = new Semaphore(1);

/** Validates, re-encodes and stores one image; returns its key. A non-image or a too large one is a 400 in Spanish. */
export async function storeImage(uploadsDir: string, bytes: Buffer): Promise<string> {
  const sharp = await loadSharp();
  let format: string | undefined;
  let pixels = 0;
  try {
    const meta = await sharp(bytes).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
    // HEIF containers are only accepted when they hold AVIF (phones' HEIC is not web-decodable by sharp's build).
    if (format === 'heif' && meta.compression !== 'av1') format = undefined;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw badRequest(VALIDATION.imageFormats);
  }
  if (pixels > MAX_IMAGE_PIXELS) throw badRequest(VALIDATION.imageTooManyPixels);
  return encoding.run(() => encodeAndStore(sharp, uploadsDir, bytes));
}

async function encodeAndStore(
  sharp: typeof import('sharp').default,
  uploadsDir: string,
  bytes: Buffer,
): Promise<string> {
  const key = randomUUID();
  let encoded: [Buffer, Buffer, Buffer[]];
  try {
    // The header's size was checked; the limit also holds if the pixels say otherwise than the header.
    const source = sharp(bytes, { animated: false, limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    encoded = await Promise.all([
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
      encodeWidths(source),
    ]);
  } catch {
    throw badRequest(`${VALIDATION.imageOnly}: no se pudo leer la imagen.`);
  }
  const [web, thumb, widths] = encoded;
  try {
    await mkdir(uploadsDir, { recursive: true });
    await Promise.all([
      writeFile(path.join(uploadsDir, `${key}.webp`), web),
      writeFile(path.join(uploadsDir, `${key}-thumb.webp`), thumb),
      ...IMAGE_WIDTHS.map((width, i) => writeFile(path.join(uploadsDir, widthFile(key, width)), widths[i]!)),
    ]);
  } catch (error) {
    await deleteImage(uploadsDir, key).catch(() => {});
    // The shop's disk, not the picture (full, or a folder it may not write): said as such, and the log says why.
    throw Object.assign(new AppError(503, REPLIES.imageNotStored, { 'retry-after': '300' }), { cause: error });
  }
  return key;
}

/** Removes an image's files; a file already gone is fine. */
export async function deleteImage(uploadsDir: string, key: string): Promise<void> {
  await Promise.all(
    filesOf(key).map((name) =>
      unlink(path.join(uploadsDir, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      }),
    ),
  );
}

/**
 * Stores a copy, under a new key, of an image a folder already holds in the form storeImage writes (`<key>.webp`,
 * `<key>-thumb.webp` and the srcset widths): the demo's committed pictures load without being encoded again.
 */
export async function copyStoredImage(fromDir: string, fromKey: string, uploadsDir: string): Promise<string> {
  const key = randomUUID();
  await mkdir(uploadsDir, { recursive: true });
  const [fromFiles, toFiles] = [filesOf(fromKey), filesOf(key)];
  // Every copy settles before any clean-up, so a failed one never leaves its siblings behind.
  const copies = await Promise.allSettled(
    fromFiles.map((name, i) => copyFile(path.join(fromDir, name), path.join(uploadsDir, toFiles[i]!))),
  );
  const failed = copies.find((copy) => copy.status === 'rejected');
  if (failed) {
    await deleteImage(uploadsDir, key);
    throw failed.reason;
  }
  return key;
}
