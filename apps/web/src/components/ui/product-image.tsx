import { imageSrcSet } from '@tienda/shared/images';
import { assetUrl } from '../../lib/api-client';
import { ResponsiveImage } from './responsive-image';
import { cn } from '../../lib/class-names';

// The API returns `/uploads/<key>.webp` (up to 1600 px) and stores `<key>-thumb.webp` (up to 400 px) and the
// srcset widths beside it (packages/shared/src/images.ts); every stored picture is offered to the browser in all
// its widths, and `sizes` says how wide it is shown (docs/decisions/0025-first-load-javascript-and-images.md).
const THUMB_WIDTH = 400;
const FULL_WIDTH = 1600;

/** How wide a shop card shows its picture: 2 columns on phones, 3 from 768 px, at most 270 px. */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 270px, (min-width: 768px) 30vw, 50vw';

/** '/uploads/abc.webp' → '/uploads/abc-thumb.webp'; other URLs are returned unchanged. */
export function thumbnailOf(url: string): string {
  return /\/uploads\/[^/]+\.webp$/.test(url) && !url.endsWith('-thumb.webp')
    ? url.replace(/\.webp$/, '-thumb.webp')
    : url;
}

export interface ProductImageProps {
  /** The full image URL as the API returned it (null: no picture → a friendly placeholder). */
  src: string | null | undefined;
  alt: string;
  /** 'thumbnail' for cards and lists (400 px fallback), 'full' for a gallery (1600 px fallback). */
  variant?: 'thumbnail' | 'full';
  /** CSS `sizes`: how wide the picture is shown. */
  sizes?: string;
  priority?: boolean;
  className?: string;
}

/** A square shop picture: reserves its space, lazy below the fold, placeholder when missing or broken. */
export function ProductImage({
  src,
  alt,
  variant = 'thumbnail',
  sizes = CARD_IMAGE_SIZES,
  priority,
  className = '',
}: ProductImageProps) {
  const placeholder = <ImagePlaceholder className={className} />;
  if (!src) return placeholder;
  const full = assetUrl(src)!;
  const thumbnail = variant === 'thumbnail';
  const srcSet = imageSrcSet(full);
  return (
    <ResponsiveImage
      src={thumbnail ? assetUrl(thumbnailOf(src))! : full}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={thumbnail ? THUMB_WIDTH : FULL_WIDTH}
      height={thumbnail ? THUMB_WIDTH : FULL_WIDTH}
      priority={priority}
      fallback={placeholder}
      className={`aspect-square w-full bg-white object-contain ${className}`}
    />
  );
}

function ImagePlaceholder({ className = '' }: { className?: string }) {
  return (
    <span
      role="img"
      aria-label="Imagen no disponible"
      className={cn(
        'flex aspect-square w-full items-center justify-center',
        'bg-gradient-to-br from-sun-light via-cream to-lavender',
        className,
      )}
    >
      <svg width="64" height="64" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect x="10" y="30" width="20" height="20" rx="4" fill="#f4c04e" />
        <rect x="34" y="30" width="20" height="20" rx="4" fill="#1f6f78" opacity="0.8" />
        <rect x="22" y="10" width="20" height="20" rx="4" fill="#c2492f" opacity="0.85" />
      </svg>
    </span>
  );
}
