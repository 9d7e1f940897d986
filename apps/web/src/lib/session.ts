import { useSyncExternalStore } from 'react';
import { CLAIM_USER_ID } from '@tienda/shared/constants';

// spec §3: the token lives in localStorage under 'token'; the user id is read from its name-identifier claim.
const TOKEN_KEY = 'token';
const listeners = new Set<() => void>();

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  endedBecause = null;
  localStorage.setItem(TOKEN_KEY, token);
  listeners.forEach((notify) => notify());
}

/** Why the server ended this tab's last session (it refused the token), until /login is shown; else null. */
let endedBecause: string | null = null;

/** The toast that says a session ended: one, whichever screen says it first (the layout or a guarded screen). */
export const SESSION_ENDED_TOAST = 'session-ended';

/**
 * The server refused `token` (expired, revoked by a password change or "Cerrar sesión en todos los dispositivos", its
 * user gone): the session is over here too, so every screen shows a guest's view and the guarded ones send the family
 * to /login saying why, instead of an empty cart or a '0' badge. Nothing happens if another token replaced it since.
 */
export function endSession(token: string, reason: string): void {
  if (getToken() !== token) return;
  endedBecause = reason;
  clearToken();
}

export const sessionEndedBecause = (): string | null => endedBecause;

/**
 * The family reached /login after hearing why: from now on this tab is a guest's like any other, and a guarded screen
 * says its own message. Not sooner: a guarded screen still renders while it sends the family to /login.
 */
export function sessionEndSaid(): void {
  endedBecause = null;
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  listeners.forEach((notify) => notify());
}

/** The user id in a token's claim, or null when the token is unreadable or carries no valid id. */
export function userIdFromToken(token: string | null): number | null {
  if (!token) return null;
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    const id = Number(json[CLAIM_USER_ID]);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== TOKEN_KEY) return;
    if (event.newValue) endedBecause = null; // logged in in another tab
    notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('storage', onStorage);
  };
}

export interface Session {
  token: string | null;
  /** null when logged out or when the token carries no valid user id. */
  userId: number | null;
}

/** The current session; re-renders when the token changes (also from another tab). */
export function useSession(): Session {
  const token = useSyncExternalStore(subscribe, getToken, () => null);
  return { token, userId: userIdFromToken(token) };
}

/** spec §2: Cerrar sesión removes the token, goes to / and reloads the page. */
export function logOut(): void {
  clearToken();
  window.location.assign('/');
}
