import type { ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ERRORS } from '@tienda/shared/messages';
import { useAdminCheck } from '../../../lib/api/roles';
import { returnHere } from '../../../lib/return-after-login';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';

// spec §2/§6: every admin screen asks the server first; 'Cargando...' while it runs, the notice when it fails.
// While it runs, the screen is already mounted, hidden (display: none, so neither seen nor read aloud): its data loads
// beside the check instead of after it, a round trip less before an owner on a slow phone sees her orders. The
// server refuses that data to anyone but an admin, whatever the browser shows (docs/decisions/0005-rate-limits-and-roles.md).
export function AdminGuard({ children }: { children: ReactNode }) {
  const check = useAdminCheck();
  if (check === 'denied') return <AdminOnlyNotice />;
  const checking = check === 'loading';
  return (
    <>
      {checking && (
        <p role="status" className="mx-auto max-w-5xl px-4 py-16 text-center text-lg">
          Cargando...
        </p>
      )}
      {/* One element either way, so the screen is not mounted again once the check answers. */}
      <div hidden={checking} className="contents">
        {children}
      </div>
    </>
  );
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
