import { mkdtempSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '@tienda/shared/images';
import { VALIDATION } from '@tienda/shared/messages';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { REPLIES } from '../replies.js';
import { addMissingImageWidths, deleteImage, storeImage } from './images.js';

// A fresh uploads folder per test.
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tienda-images-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A PNG of one colour: small files, whatever their dimensions. */
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#f4c04e' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

// docs/decisions/0025-first-load-javascript-and-images.md: every stored picture has its srcset widths.
describe('stored image widths', () => {
  const size = async (name: string) => {
    const meta = await sharp(path.join(dir, name)).metadata();
    return [meta.format, meta.width, meta.height];
  };

  it('writes 320, 640 and 960 px WebP beside the main picture and its thumbnail, and deletes them all', async () => {
    const key = await storeImage(dir, await png(2000, 1000));
    expect(readdirSync(dir).sort()).toEqual(
      [`${key}-320.webp`, `${key}-640.webp`, `${key}-960.webp`, `${key}-thumb.webp`, `${key}.webp`].sort(),
    );
    expect(await size(`${key}.webp`)).toEqual(['webp', 1600, 800]);
    expect(await size(`${key}-thumb.webp`)).toEqual(['webp', 400, 200]);
    expect(await size(`${key}-320.webp`)).toEqual(['webp', 320, 160]);
    expect(await size(`${key}-640.webp`)).toEqual(['webp', 640, 320]);
    expect(await size(`${key}-960.webp`)).toEqual(['webp', 960, 480]);
    await deleteImage(dir, key);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('never enlarges a small picture', async () => {
    const key = await storeImage(dir, await png(500, 500));
    expect(await size(`${key}-640.webp`)).toEqual(['webp', 500, 500]);
    expect(await size(`${key}-960.webp`)).toEqual(['webp', 500, 500]);
  });

  it('makes the widths a picture stored before them lacks, once', async () => {
    const key = await storeImage(dir, await png(1200, 1200));
    for (const width of [320, 640, 960]) unlinkSync(path.join(dir, `${key}-${width}.webp`));
    expect(await addMissingImageWidths(dir)).toBe(1);
    expect(await size(`${key}-640.webp`)).toEqual(['webp', 640, 640]);
    expect(readdirSync(dir)).toHaveLength(5);
    expect(await addMissingImageWidths(dir)).toBe(0);
  });
});

describe('pictures too large to decode', () => {
  it('says the limit it applies', () => {
    expect(MAX_IMAGE_PIXELS).toBe(50_000_000);
    expect(VALIDATION.imageTooManyPixels).toContain(`${MAX_IMAGE_PIXELS / 1_000_000} megapíxeles`);
  });

  it('refuses a small file of huge dimensions before decoding it, and stores nothing', async () => {
    // 9,000 × 9,000 px in a few hundred kilobytes (16,000 × 16,000 fits in under 1 MB: decoded, six such
    // uploads at once took the server to a gigabyte of memory).
    const bomb = await png(9_000, 9_000);
    expect(bomb.length).toBeLessThan(300_000);
    await expect(storeImage(dir, bomb)).rejects.toMatchObject({
      statusCode: 400,
      message: VALIDATION.imageTooManyPixels,
    });
    await expect(storeImage(dir, await png(10_000, 5_001))).rejects.toMatchObject({
      message: VALIDATION.imageTooManyPixels,
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it("keeps a picture at the limit (a phone camera's full size)", async () => {
    const key = await storeImage(dir, await png(10_000, 5_000));
    expect(readdirSync(dir)).toHaveLength(5);
    expect((await sharp(path.join(dir, `${key}.webp`)).metadata()).width).toBe(1600);
  });
});

describe('a folder the shop cannot write', () => {
  it('says the shop could not store the picture (503, retry later), not that it is no image, and leaves nothing', async () => {
    // A folder under a file: even root cannot create it (ENOTDIR), as a full or read-only disk would refuse.
    writeFileSync(path.join(dir, 'archivo'), 'no es una carpeta');
    const blocked = path.join(dir, 'archivo', 'uploads');
    const refused = await storeImage(blocked, await png(800, 600)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      statusCode: 503,
      message: REPLIES.imageNotStored,
      headers: { 'retry-after': '300' },
      cause: { code: 'ENOTDIR' },
    });
    expect(readdirSync(dir)).toEqual(['archivo']);
  });
});
