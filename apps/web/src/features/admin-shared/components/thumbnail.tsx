import type { ReactNode } from 'react';
import { assetUrl } from '../../../lib/api-client';

export interface ThumbnailProps {
  item: { name: string; thumbnailUrl: string | null; imageUrl: string | null };
  size: number;
  /** Drawn in place of a missing image. */
  icon: ReactNode;
}

/** A product's or combo's small image in tables and cards (the thumbnail, else the full image, else an icon). */
export function Thumbnail({ item, size, icon }: ThumbnailProps) {
  const src = assetUrl(item.thumbnailUrl ?? item.imageUrl);
  if (!src) {
    return (
      <span
        style={{ width: size, height: size }}
        className="flex shrink-0 items-center justify-center rounded-xl bg-sand text-ink-soft"
      >
        {icon}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={item.name}
      width={size}
      height={size}
      loading="lazy"
      className="shrink-0 rounded-xl border border-sand bg-cream object-cover"
      style={{ width: size, height: size }}
    />
  );
}
