import type { ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ERRORS } from '@tienda/shared/messages';
import { useAdminCheck } from '../../../lib/api/roles';
import { returnHere } from '../../../lib/return-after-login';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';

// spec §2/§6: every admin screen asks the server first; 'Cargando...' while it runs, the notice when it fails.
export function AdminGuard({ children }: { children: ReactNode }) {
  const check = useAdminCheck();
  if (check === 'loading') {
    return (
      <p role="status" className="mx-auto max-w-5xl px-4 py-16 text-center text-lg">
        Cargando...
      </p>
    );
  }
  if (check === 'denied') return <AdminOnlyNotice />;
  return <>{children}</>;
}

export function AdminOnlyNotice() {
  const { token } = useSession();
  const location = useLocation();
  useDocumentTitle(ERRORS.adminOnlyTitle);
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="font-display text-2xl font-bold text-ink">{ERRORS.adminOnlyTitle}</h1>
      <p className="mt-3 text-ink-soft">{ERRORS.adminOnlyBody}</p>
      {/* The owner who opened an e-mail's link logged out: the way in, and back to this page after it. */}
      {!token && (
        <Link to="/login" state={returnHere(location)} className="btn-primary mt-6">
          Iniciar sesión
        </Link>
      )}
    </section>
  );
}

/** The admin route tree's frame, loaded on demand so the guard stays out of a customer's first load. */
export function Component() {
  return (
    <AdminGuard>
      <Outlet />
    </AdminGuard>
  );
}
