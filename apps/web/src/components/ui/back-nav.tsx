import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The way back above a page's heading ('← Volver al carrito'), as a navigation landmark named `label`. */
export function BackNav({ label, to, children }: { label: string; to: string; children: ReactNode }) {
  return (
    <nav aria-label={label} className="mb-3">
      <Link
        to={to}
        className="inline-flex min-h-11 items-center gap-1 font-bold text-brand underline-offset-4 hover:underline"
      >
        <span aria-hidden="true">←</span> {children}
      </Link>
    </nav>
  );
}
