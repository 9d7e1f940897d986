import { useEffect } from 'react';
import { SESSION_ENDED_TOAST, sessionEndedBecause, useSession } from '../../lib/session';
import { notify } from '../../lib/toasts';

/**
 * Says so when the server ends the session on a screen anyone may see (the shop, a product): the header turns to a
 * guest's, and the family learns why (lib/session.ts endSession). Guarded screens say it as they go to /login, under
 * the same toast id, so it is said once.
 */
export function useSessionEndedNotice(): void {
  const { token } = useSession();
  useEffect(() => {
    const reason = token ? null : sessionEndedBecause();
    if (reason) void notify(reason, (toast) => toast.warn(reason, { toastId: SESSION_ENDED_TOAST }));
  }, [token]);
}
