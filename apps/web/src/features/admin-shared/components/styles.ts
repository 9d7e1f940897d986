import { cn } from '../../../lib/class-names';
// Compact variants of the shared button classes for table rows and cards; still ≥ 44 px tall on touch.
export const rowButton = cn(
  'inline-flex min-h-11 items-center justify-center gap-1.5',
  'rounded-full border border-ink-soft/30 bg-white px-3 text-sm',
  'font-bold text-ink transition hover:bg-sand',
  'disabled:cursor-not-allowed disabled:opacity-60',
);
export const rowButtonDanger = cn(
  'inline-flex min-h-11 items-center justify-center gap-1.5',
  'rounded-full border border-danger/40 bg-white px-3 text-sm',
  'font-bold text-danger transition hover:bg-coral-light',
  'disabled:cursor-not-allowed disabled:opacity-60',
);
export const rowButtonBrand = cn(
  'inline-flex min-h-11 items-center justify-center gap-1.5',
  'rounded-full border border-brand/40 bg-white px-3 text-sm',
  'font-bold text-brand-dark transition hover:bg-brand-light',
  'disabled:cursor-not-allowed disabled:opacity-60',
);
