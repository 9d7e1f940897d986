import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ArrowLeftIcon } from './icons';

export interface AdminPageProps {
  title: string;
  /** spec §2: back links return to the parent admin page. */
  back?: { to: string; label: string };
  /** Custom back control (e.g. history back) instead of a link. */
  backControl?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  width?: 'wide' | 'narrow';
  /** The small line above the heading (hidden on the admin home, whose heading says the same). */
  eyebrow?: string | null;
}

/** The frame every admin screen shares: back link, heading (the tab's title too), optional actions, then the content. */
export function AdminPage({
  title,
  back,
  backControl,
  description,
  actions,
  children,
  width = 'wide',
  eyebrow = 'Panel de administración',
}: AdminPageProps) {
  // The owner keeps several admin tabs open on the phone: each says which screen it is.
  useDocumentTitle(title);
  return (
    <div className={`mx-auto w-full ${width === 'wide' ? 'max-w-6xl' : 'max-w-2xl'} px-4 py-6 sm:px-6 sm:py-10`}>
      {back && <BackLink to={back.to}>{back.label}</BackLink>}
      {backControl}
      <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          {eyebrow && <p className="text-sm font-bold uppercase tracking-wide text-brand-dark">{eyebrow}</p>}
          <h1 className="font-display text-2xl font-bold text-ink sm:text-3xl">{title}</h1>
          {description && <div className="mt-1 text-ink-soft">{description}</div>}
        </div>
        {actions && <div className="flex flex-wrap gap-3">{actions}</div>}
      </div>
      <div className="mt-6">{children}</div>
    </div>
  );
}

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="-ml-2 inline-flex min-h-11 items-center gap-2 rounded-full px-2 font-bold text-brand-dark hover:underline"
    >
      <ArrowLeftIcon />
      {children}
    </Link>
  );
}

export const backClass =
  '-ml-2 inline-flex min-h-11 items-center gap-2 rounded-full px-2 font-bold text-brand-dark hover:underline';
