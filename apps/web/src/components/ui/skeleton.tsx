import type { ReactNode } from 'react';

export interface SkeletonProps {
  /** Size and shape with utility classes, e.g. "h-4 w-2/3" or "aspect-square w-full rounded-2xl". */
  className?: string;
}

/** A soft placeholder block that keeps the layout in place while data loads (decorative: hidden from screen readers). */
export function Skeleton({ className = '' }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={`block animate-pulse rounded-lg bg-sand motion-reduce:animate-none ${className}`}
    />
  );
}

/** A column of placeholder bars, one class list each (size, margin, shape): the text of a card while it loads. */
export function SkeletonBars({ className, bars }: { className: string; bars: readonly string[] }) {
  return (
    <div className={className}>
      {bars.map((bar, index) => (
        <Skeleton key={index} className={bar} />
      ))}
    </div>
  );
}

/** A screen drawn in skeletons while it loads: busy, and announced once as 'Cargando...' to screen readers. */
export function SkeletonScreen({ className, children }: { className: string; children: ReactNode }) {
  return (
    <div className={className} aria-busy="true">
      <p role="status" className="sr-only">
        Cargando...
      </p>
      {children}
    </div>
  );
}
