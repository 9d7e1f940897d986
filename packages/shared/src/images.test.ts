import { describe, expect, it } from 'vitest';
import { imageSrcSet, imageWidthUrl } from './images.js';

describe('stored picture widths', () => {
  it('names each width beside the main file', () => {
    expect(imageWidthUrl('/uploads/3f2a.webp', 640)).toBe('/uploads/3f2a-640.webp');
    expect(imageWidthUrl('https://tienda.hn/uploads/3f2a.webp', 320)).toBe('https://tienda.hn/uploads/3f2a-320.webp');
  });

  it('has no widths for thumbnails or pictures stored elsewhere', () => {
    expect(imageWidthUrl('/uploads/3f2a-thumb.webp', 640)).toBeNull();
    expect(imageWidthUrl('/images/hero-juguetes.svg', 640)).toBeNull();
    expect(imageSrcSet('https://example.com/toy.jpg')).toBeUndefined();
  });

  it('lists every width in a srcset', () => {
    expect(imageSrcSet('/uploads/3f2a.webp')).toBe(
      '/uploads/3f2a-320.webp 320w, /uploads/3f2a-640.webp 640w, /uploads/3f2a-960.webp 960w, /uploads/3f2a.webp 1600w',
    );
  });
});
