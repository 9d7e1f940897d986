/** The e-mail the password-recovery steps carry to each other in navigation state (spec §2), or null. */
export function emailFromState(state: unknown): string | null {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email ? email : null;
}
