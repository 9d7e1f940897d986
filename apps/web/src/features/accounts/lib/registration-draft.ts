// spec §3 Registration draft: the sign-up data waits here until the e-mailed code is confirmed.
// The spec keeps it in local storage; it holds a password, so it lives in sessionStorage only:
// it dies with the tab and is deleted as soon as the account exists (spec §4).
export interface RegistrationDraft {
  nombreCompleto: string;
  nombreUsuario: string;
  correoElectronico: string;
  contraseña: string;
  /**
   * The e-mail whose code was verified, when creating the account then failed on a taken username: the server keeps
   * that proof for 30 minutes, so a second try with another username needs no new code (and no minute's wait for it).
   */
  verifiedEmail?: string;
}

export const REGISTRATION_DRAFT_KEY = 'registroPendiente';
/** spec §4: "a login-flag is set in local storage" once the account exists; the login page greets with it. */
export const REGISTRATION_DONE_FLAG = 'registroExitoso';

export function saveRegistrationDraft(draft: RegistrationDraft): void {
  sessionStorage.setItem(REGISTRATION_DRAFT_KEY, JSON.stringify(draft));
}

export function readRegistrationDraft(): RegistrationDraft | null {
  try {
    const raw = sessionStorage.getItem(REGISTRATION_DRAFT_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<RegistrationDraft>;
    const { nombreCompleto, nombreUsuario, correoElectronico, contraseña, verifiedEmail } = value;
    if (
      typeof nombreCompleto !== 'string' ||
      typeof nombreUsuario !== 'string' ||
      typeof correoElectronico !== 'string' ||
      typeof contraseña !== 'string'
    ) {
      return null;
    }
    return {
      nombreCompleto,
      nombreUsuario,
      correoElectronico,
      contraseña,
      ...(typeof verifiedEmail === 'string' ? { verifiedEmail } : {}),
    };
  } catch {
    return null;
  }
}

export function clearRegistrationDraft(): void {
  sessionStorage.removeItem(REGISTRATION_DRAFT_KEY);
}

/** The account exists (spec §4): the draft goes and the login page's greeting flag is set. */
export function finishRegistration(): void {
  clearRegistrationDraft();
  markRegistrationDone();
}

export function markRegistrationDone(): void {
  localStorage.setItem(REGISTRATION_DONE_FLAG, 'true');
}

/** Reads the flag without clearing it (render may run twice); clear it with clearRegistrationDone. */
export function hasRegistrationDone(): boolean {
  try {
    return localStorage.getItem(REGISTRATION_DONE_FLAG) === 'true';
  } catch {
    return false;
  }
}

export function clearRegistrationDone(): void {
  localStorage.removeItem(REGISTRATION_DONE_FLAG);
}
