import type { ReactNode } from 'react';
import { logOut } from '../../../lib/session';
import { AlertIcon } from './icons';
import { rowButton } from './styles';

/** Placeholder rows while a list loads (no layout jump when it arrives). */
export function ListSkeleton({ rows = 6, label = 'Cargando...' }: { rows?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} aria-hidden="true" className="card flex items-center gap-4 p-4 motion-safe:animate-pulse">
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
    <div
      role="alert"
      className="flex flex-wrap items-start gap-3 rounded-2xl border border-danger/30 bg-coral-light/60 p-4 font-semibold text-danger"
    >
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

/** 'Reintentar' beside a load failure; busy while the new try is under way. */
export function RetryButton({ onClick, busy = false }: { onClick: () => void; busy?: boolean }) {
  return (
    <button type="button" className={rowButton} onClick={onClick} disabled={busy}>
      {busy ? 'Cargando…' : 'Reintentar'}
    </button>
  );
}

/** spec §8: some load failures ask the admin to log out and back in. */
export function LogOutButton() {
  return (
    <button type="button" className={rowButton} onClick={logOut}>
      Cerrar sesión
    </button>
  );
}

export interface ListStateProps {
  /** The list's query. */
  query: { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  /** What the page says when the list did not load. */
  errorText: ReactNode;
  /** How the admin gets past a failed load: try again, or log out and back in. */
  recover?: 'retry' | 'log-out';
  /** Said instead of the list when there is nothing to show (no items, or none that match). */
  emptyText?: ReactNode;
  /** The list itself. */
  children: ReactNode;
}

/** An admin list's states: skeleton while it loads, the failure with a way out, the empty notice, else the list. */
export function ListState({ query, errorText, recover = 'retry', emptyText, children }: ListStateProps) {
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) {
    return (
      <ErrorNotice
        action={
          recover === 'retry' ? (
            <RetryButton busy={query.isFetching} onClick={() => void query.refetch()} />
          ) : (
            <LogOutButton />
          )
        }
      >
        {errorText}
      </ErrorNotice>
    );
  }
  if (emptyText) return <EmptyNotice>{emptyText}</EmptyNotice>;
  return children;
}
