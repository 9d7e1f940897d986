import type { Location } from 'react-router';

// An order's page opened from an e-mail link, logged out, goes to /login and, once logged in, back to the order
// (docs/decisions/0020-payment-methods.md); so do the admin's screens, and a guest's 'Agregar al carrito', back to the
// toy or the shop page it was tapped on. spec §2: a login reached any other way goes to /, as before.

interface ReturnState {
  returnTo: string;
  /** The e-mail an account was just registered with: the login form starts with it. */
  registeredEmail?: string;
}

/** The navigation state that brings the login back to `location`. */
export function returnHere(location: Pick<Location, 'pathname' | 'search'>): ReturnState {
  return { returnTo: `${location.pathname}${location.search}` };
}

/** Where a successful login goes: the page that sent the visitor to it, if it is one of ours, else /. */
export function pathAfterLogin(state: unknown): string {
  const returnTo = (state as Partial<ReturnState> | null)?.returnTo;
  // Only a path of this site: '//host' and '/\host' would leave it.
  return typeof returnTo === 'string' && /^\/(?![/\\])/.test(returnTo) ? returnTo : '/';
}

/**
 * The way back, passed on through the registration screens (/login → /registro → /codeconfirmation → /login), so a
 * family that taps 'Agregar al carrito' and then creates its account still comes back to the toy; with the e-mail
 * the account was registered with, once it exists.
 */
export function passReturnOn(state: unknown, registeredEmail?: string): Partial<ReturnState> {
  const returnTo = (state as Partial<ReturnState> | null)?.returnTo;
  return { ...(typeof returnTo === 'string' ? { returnTo } : {}), ...(registeredEmail ? { registeredEmail } : {}) };
}

/** The e-mail passReturnOn named, or ''. */
export function registeredEmailIn(state: unknown): string {
  const email = (state as Partial<ReturnState> | null)?.registeredEmail;
  return typeof email === 'string' ? email : '';
}
