import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { toast } from 'react-toastify';
import { clearToken, SESSION_ENDED_TOAST, sessionEndedBecause, useSession } from '../lib/session';
import { returnHere } from '../lib/return-after-login';

export interface RequireLoginProps {
  /** Shown when there is no token (spec §6, e.g. 'Debes iniciar sesión para continuar'). */
  missingMessage: string;
  /** Shown when the token carries no valid user id (spec §6: 'Usuario inválido' / 'Token inválido…'). */
  invalidMessage: string;
  /** After the login, come back to this page instead of going to / (an order's page opened from an e-mail). */
  returnAfterLogin?: boolean;
  children: (userId: number) => ReactNode;
}

/**
 * spec §6 guards for customer screens: no token, or a token without a valid user id, shows the screen's message
 * and redirects to /login. The unreadable token is dropped so the header stops showing a session.
 */
export function RequireLogin({ missingMessage, invalidMessage, returnAfterLogin, children }: RequireLoginProps) {
  const { token, userId } = useSession();
  const location = useLocation();
  // A session the server ended says so (session.ts endSession), and the login brings the family back here.
  const ended = token ? null : sessionEndedBecause();
  const problem = !token ? (ended ?? missingMessage) : userId === null ? invalidMessage : null;
  const invalidToken = Boolean(token) && userId === null;
  useEffect(() => {
    if (!problem) return;
    // One toast per screen even when the effect runs twice (StrictMode) or re-runs once the token is dropped.
    toast.warn(problem, { toastId: ended ? SESSION_ENDED_TOAST : `login-guard:${missingMessage}` });
    if (invalidToken) clearToken();
  }, [problem, ended, invalidToken, missingMessage]);
  if (problem)
    return <Navigate to="/login" replace state={returnAfterLogin || ended ? returnHere(location) : undefined} />;
  return <>{children(userId!)}</>;
}
