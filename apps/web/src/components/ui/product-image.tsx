import { assetUrl } from '../../lib/api-client';
import { ResponsiveImage } from './responsive-image';
import { cn } from '../../lib/class-names';

// The API stores every uploaded picture twice: `/uploads/<key>.webp` (up to 1600 px) and
// `/uploads/<key>-thumb.webp` (up to 400 px). Cards and tables use the thumbnail; detail pages let
// the browser choose with srcset.
const THUMB_WIDTH = 400;
const FULL_WIDTH = 1600;

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
  /** 'thumbnail' for cards and lists, 'full' for a gallery (srcset: thumbnail or full size as needed). */
  variant?: 'thumbnail' | 'full';
  /** CSS `sizes` for the 'full' variant. */
  sizes?: string;
  priority?: boolean;
  className?: string;
}

/** A square shop picture: reserves its space, lazy below the fold, placeholder when missing or broken. */
export function ProductImage({
  src,
  alt,
  variant = 'thumbnail',
  sizes = '100vw',
  priority,
  className = '',
}: ProductImageProps) {
  const placeholder = <ImagePlaceholder className={className} />;
  if (!src) return placeholder;
  const full = assetUrl(src)!;
  const thumb = assetUrl(thumbnailOf(src))!;
  const square = `aspect-square w-full bg-white object-contain ${className}`;
  if (variant === 'thumbnail') {
    return (
      <ResponsiveImage
        src={thumb}
        alt={alt}
        width={THUMB_WIDTH}
        height={THUMB_WIDTH}
        priority={priority}
        fallback={placeholder}
        className={square}
      />
    );
  }
  return (
    <ResponsiveImage
      src={full}
      srcSet={thumb === full ? undefined : `${thumb} ${THUMB_WIDTH}w, ${full} ${FULL_WIDTH}w`}
      sizes={sizes}
      alt={alt}
      width={FULL_WIDTH}
      height={FULL_WIDTH}
      priority={priority}
      fallback={placeholder}
      className={square}
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
