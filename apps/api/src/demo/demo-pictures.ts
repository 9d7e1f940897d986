import { fileURLToPath } from 'node:url';
import type { DemoCombo, DemoProduct } from './demo-data.js';

// The demo's pictures are committed files, drawn once and stored the way lib/images.ts stores uploads
// (<slug>.webp at 1200 px and <slug>-thumb.webp), so loading the demo copies them instead of encoding
// (docs/decisions/0008-demo-seed-outside-the-app.md).

/** apps/api/demo/images: the same two levels up from src/demo (tests) and from dist/demo (the built server). */
export const DEMO_IMAGES_DIR = fileURLToPath(new URL('../../demo/images', import.meta.url));

/** A name as a file name: «Cubo mágico para principiantes 2×2» → cubo-magico-para-principiantes-2-2. */
export function slugOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A product's pictures in DEMO_IMAGES_DIR: the main one, then its secondary ones (<slug>-2, <slug>-3). */
export function productPictures(product: Pick<DemoProduct, 'name' | 'extraImages'>): string[] {
  const slug = slugOf(product.name);
  return [slug, ...Array.from({ length: product.extraImages ?? 0 }, (_, i) => `${slug}-${i + 2}`)];
}

/** A combo's picture in DEMO_IMAGES_DIR. */
export function comboPicture(combo: Pick<DemoCombo, 'name'>): string {
  return slugOf(combo.name);
}
