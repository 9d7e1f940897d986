import { useState, type ImgHTMLAttributes, type ReactNode } from 'react';

export interface ResponsiveImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'width' | 'height' | 'loading'
> {
  src: string;
  alt: string;
  /** Intrinsic size: reserves the space before the image arrives (no layout shift). */
  width: number;
  height: number;
  /** Above the fold: load at once with high priority. Otherwise lazy. */
  priority?: boolean;
  /** Shown instead when the image fails to load. */
  fallback?: ReactNode;
}

/** An <img> with width/height always set, lazy unless `priority`, and an optional fallback on error. */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  priority = false,
  fallback,
  className = '',
  ...rest
}: ResponsiveImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src && fallback) return <>{fallback}</>;
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      onError={() => setFailedSrc(src)}
      className={className}
      {...rest}
    />
  );
}
