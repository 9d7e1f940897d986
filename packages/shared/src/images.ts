// Every stored picture: /uploads/<key>.webp (up to 1600 px) and <key>-thumb.webp (up to 400 px), the two URLs the
// API's JSON carries (spec §7), and beside them <key>-320.webp, -640.webp and -960.webp, made at upload time for
// srcset (docs/decisions/0025-first-load-javascript-and-images.md). Pages derive those URLs from the main one.
export const IMAGE_WIDTHS = [320, 640, 960] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

const STORED_MAIN = /^(.*\/uploads\/[^/?#]+?)\.webp$/;

/** '/uploads/abc.webp' → '/uploads/abc-640.webp'; null for any other URL (a thumbnail, an external picture). */
export function imageWidthUrl(url: string, width: ImageWidth): string | null {
  const match = STORED_MAIN.exec(url);
  if (!match || url.endsWith('-thumb.webp')) return null;
  return `${match[1]}-${width}.webp`;
}

/**
 * The most pixels an uploaded picture may have: a phone camera's full resolution (48–50 MP) passes. The server
 * decodes a picture whole before making it smaller, so a small file of huge dimensions (a 16,000 × 16,000 PNG is
 * under 1 MB) would otherwise cost it a gigabyte of memory. VALIDATION.imageTooManyPixels says it to the user.
 */
export const MAX_IMAGE_MEGAPIXELS = 50;
export const MAX_IMAGE_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;

/** Width of the main file `<key>.webp` at most (it is never enlarged). */
export const MAIN_IMAGE_MAX_WIDTH = 1600;

/** The srcset of a stored picture: its widths, then the main file for wide screens; undefined for other URLs. */
export function imageSrcSet(url: string): string | undefined {
  if (!imageWidthUrl(url, IMAGE_WIDTHS[0])) return undefined;
  return [
    ...IMAGE_WIDTHS.map((width) => `${imageWidthUrl(url, width)} ${width}w`),
    `${url} ${MAIN_IMAGE_MAX_WIDTH}w`,
  ].join(', ');
}

/** `sizes` of the product and combo pages' main picture: the server preloads it with the same value. */
export const DETAIL_IMAGE_SIZES = '(min-width: 1024px) 560px, (min-width: 768px) 50vw, 100vw';
