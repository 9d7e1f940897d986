import type { ReactNode } from 'react';
import { AlertIcon } from './icons';

/** Placeholder rows while a list loads (no layout jump when it arrives). */
export function ListSkeleton({ rows = 6, label = 'Cargando...' }: { rows?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} aria-hidden="true" className="card flex animate-pulse items-center gap-4 p-4">
          <div className="size-12 shrink-0 rounded-xl bg-sand" />
          <div className="flex-1 space-y-2">
            <div className="h-3 w-2/5 rounded bg-sand" />
            <div className="h-3 w-3/5 rounded bg-sand/70" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A load or save failure, announced to screen readers. */
export function ErrorNotice({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div role="alert" className="flex flex-wrap items-start gap-3 rounded-2xl border border-danger/30 bg-coral-light/60 p-4 font-semibold text-danger">
      <AlertIcon className="mt-0.5 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
      {action}
    </div>
  );
}

/** An empty list (spec §8: e.g. 'Actualmente no existen combos.'). */
export function EmptyNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="card p-8 text-center text-lg text-ink-soft">
      {children}
    </p>
  );
}
