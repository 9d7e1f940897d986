import { z } from 'zod';
import './zod-messages.js';
import { idSchema } from './ids.js';
import { CODE_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from './constants.js';
import { API, ERRORS, VALIDATION } from './messages.js';
import { adminPageSchema } from './catalog.js';
import { searchLines } from './search.js';

// Accounts: the rules the web forms (spec §5) and the API (spec §7) both apply, written once (GUIDE §4).
// Form schemas carry the spec's exact Spanish texts; the API payload schemas reuse them where the rule
// coincides and add the server's own limits (lengths, patterns) with API texts.

export const NAME_MAX = 100;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const EMAIL_MAX = 254;

/** Under every field that sets a new password (here, not in messages.ts: out of the storefront's first load). */
export const PASSWORD_HINT = `Al menos ${PASSWORD_MIN} caracteres.`;

/** Letters, digits, dots, hyphens and underscores, 3–50 (API.usernameInvalid says the same). No '@', so a login
 * identifier with '@' is always an e-mail. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,50}$/;

/** spec §5 (login): "text, @, text, dot, text, no spaces" — decides whether the login field is sent as email. */
export function looksLikeEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);
}

// Stricter than looksLikeEmail for addresses we store and mail to: no quotes, commas or angle brackets
// that a mail library could read as a second recipient.
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** The form's code input: keeps digits only, at most 6 (spec §5). */
export function sanitizeCodeInput(text: string): string {
  return text.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

/** spec §5 login: an identifier that looks like an e-mail goes as `email`, anything else as `username`. */
export function loginPayload(identifier: string, password: string): LoginBody {
  const trimmed = identifier.trim();
  return looksLikeEmail(trimmed)
    ? { email: trimmed, passwordHash: password }
    : { username: trimmed, passwordHash: password };
}

// ---------------------------------------------------------------------------------------------------------------
// Building blocks

/** A required text: missing, non-text or blank gives `message`. */
const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);
/** A required password: never trimmed (spaces are part of it). */
const requiredPassword = (message: string) => z.string({ error: message }).min(1, message);

const emailField = (requiredMessage: string, formatMessage: string) =>
  requiredText(requiredMessage)
    .toLowerCase()
    .max(EMAIL_MAX, formatMessage)
    .refine((value) => EMAIL_PATTERN.test(value), formatMessage);

const newPasswordField = (requiredMessage: string) =>
  requiredPassword(requiredMessage).min(PASSWORD_MIN, VALIDATION.passwordMin).max(PASSWORD_MAX, VALIDATION.passwordMax);

const codeField = z
  .string({ error: VALIDATION.codeLength })
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), VALIDATION.codeLength);

// ---------------------------------------------------------------------------------------------------------------
// Web forms (spec §5)

/** /registro. The draft keys (nombreCompleto, nombreUsuario, correoElectronico, contraseña) are the spec's §3. */
export const registrationFormSchema = z
  .object({
    nombreCompleto: requiredText(VALIDATION.registrationIncomplete).max(NAME_MAX, API.nameTooLong),
    nombreUsuario: requiredText(VALIDATION.registrationIncomplete).regex(USERNAME_PATTERN, API.usernameInvalid),
    correoElectronico: emailField(VALIDATION.registrationIncomplete, VALIDATION.emailFormat),
    contraseña: requiredPassword(VALIDATION.registrationIncomplete)
      .min(PASSWORD_MIN, VALIDATION.passwordMin)
      .max(PASSWORD_MAX, VALIDATION.passwordMax),
    confirmación: requiredPassword(VALIDATION.registrationIncomplete),
    acceptPolicies: z
      .boolean({ error: VALIDATION.registrationIncomplete })
      .refine((v) => v, VALIDATION.registrationIncomplete),
  })
  .refine((v) => v.contraseña === v.confirmación, { message: VALIDATION.passwordsDoNotMatch, path: ['confirmación'] });
export type RegistrationForm = z.input<typeof registrationFormSchema>;

/** /codeconfirmation and the reset code confirmation: exactly 6 digits. */
export const codeFormSchema = z.object({ code: codeField });
export type CodeForm = z.input<typeof codeFormSchema>;

/** /login: one field for username or e-mail, and the password. */
export const loginFormSchema = z.object({
  identifier: requiredText(VALIDATION.loginIncomplete),
  password: requiredPassword(VALIDATION.loginIncomplete),
});
export type LoginForm = z.input<typeof loginFormSchema>;

/** /olvide-contrasena. */
export const forgotPasswordFormSchema = z.object({
  email: emailField(VALIDATION.recoveryEmailRequired, VALIDATION.recoveryEmailRequired),
});
export type ForgotPasswordForm = z.input<typeof forgotPasswordFormSchema>;

/** /reset-password. */
export const resetPasswordFormSchema = z
  .object({
    newPassword: newPasswordField(VALIDATION.resetIncomplete),
    confirmPassword: requiredPassword(VALIDATION.resetIncomplete),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: VALIDATION.passwordsDoNotMatchDot,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

/** /profile, personal data. */
export const profileFormSchema = z.object({
  name: requiredText(VALIDATION.profileNameEmpty).max(NAME_MAX, API.nameTooLong),
  username: requiredText(VALIDATION.profileUsernameEmpty).regex(USERNAME_PATTERN, API.usernameInvalid),
  email: emailField(VALIDATION.profileEmailEmpty, VALIDATION.emailFormat),
});
export type ProfileForm = z.input<typeof profileFormSchema>;

/** /profile, change password. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: requiredPassword(VALIDATION.currentPasswordRequired),
    newPassword: newPasswordField(VALIDATION.newPasswordRequired),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: VALIDATION.passwordsDoNotMatchDot,
    path: ['confirmPassword'],
  })
  // A "change" to the same password would end the other sessions and change nothing (the API refuses it too).
  .refine((v) => v.currentPassword === '' || v.newPassword !== v.currentPassword, {
    message: API.newPasswordSameAsCurrent,
    path: ['newPassword'],
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

/** /crear-usuario (admin). */
export const createUserFormSchema = z.object({
  name: requiredText(VALIDATION.createUserIncomplete).max(NAME_MAX, API.nameTooLong),
  email: emailField(VALIDATION.createUserIncomplete, VALIDATION.emailFormat),
  username: requiredText(VALIDATION.createUserIncomplete).regex(USERNAME_PATTERN, API.usernameInvalid),
  password: requiredPassword(VALIDATION.createUserIncomplete)
    .min(PASSWORD_MIN, VALIDATION.passwordMin)
    .max(PASSWORD_MAX, VALIDATION.passwordMax),
});
export type CreateUserForm = z.input<typeof createUserFormSchema>;
export type CreateUserFields = z.output<typeof createUserFormSchema>;

// ---------------------------------------------------------------------------------------------------------------
// API payloads (spec §7, field names exactly as the spec spells them)

/** POST /Email/enviar-codigo */
export const sendCodeBody = z.object({ destinatario: emailField(API.emailInvalid, API.emailInvalid) });
export type SendCodeBody = z.input<typeof sendCodeBody>;

/** POST /Email/verificar-codigo */
export const verifyCodeBody = z.object({
  correo: emailField(API.emailInvalid, API.emailInvalid),
  codigo: codeField,
});
export type VerifyCodeBody = z.input<typeof verifyCodeBody>;

/** POST /api/User (the plain password travels in `passwordHash`, spec §3). */
export const createUserBody = z.object({
  name: requiredText(API.userFieldsRequired).max(NAME_MAX, API.nameTooLong),
  username: requiredText(API.userFieldsRequired).regex(USERNAME_PATTERN, API.usernameInvalid),
  email: emailField(API.userFieldsRequired, API.emailInvalid),
  passwordHash: requiredPassword(API.userFieldsRequired)
    .min(PASSWORD_MIN, VALIDATION.passwordMin)
    .max(PASSWORD_MAX, VALIDATION.passwordMax),
});
export type CreateUserBody = z.input<typeof createUserBody>;

/** POST /api/Auth/login: passwordHash and either email or username. Lengths are not checked here: a wrong
 * guess of any shape gets the same 'Credenciales inválidas'. */
export const loginBody = z.object({
  email: z
    .string({ error: VALIDATION.loginIncomplete })
    .trim()
    .max(EMAIL_MAX * 2, ERRORS.invalidCredentials)
    .nullish(),
  username: z
    .string({ error: VALIDATION.loginIncomplete })
    .trim()
    .max(EMAIL_MAX * 2, ERRORS.invalidCredentials)
    .nullish(),
  passwordHash: requiredPassword(VALIDATION.loginIncomplete).max(1024, ERRORS.invalidCredentials),
});
export type LoginBody = z.input<typeof loginBody>;

/** POST /Email/send-reset-code */
export const sendResetCodeBody = z.object({ email: emailField(VALIDATION.recoveryEmailRequired, API.emailInvalid) });
export type SendResetCodeBody = z.input<typeof sendResetCodeBody>;

/** PUT /api/User/password: the reset form sends {email, newPassword}; the profile form adds currentPassword
 * and a bearer token. */
export const changePasswordBody = z.object({
  email: emailField(API.emailInvalid, API.emailInvalid),
  newPassword: newPasswordField(VALIDATION.newPasswordRequired),
  currentPassword: z
    .string({ error: VALIDATION.currentPasswordRequired })
    .max(1024, API.currentPasswordWrong)
    .nullish(),
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/**
 * PUT /api/User/{id}. `codigo` (beyond spec §7): the code mailed to a new e-mail, required when a user changes
 * their own e-mail (docs/decisions/0014-…).
 */
export const updateUserBody = z.object({
  name: requiredText(VALIDATION.profileNameEmpty).max(NAME_MAX, API.nameTooLong),
  email: emailField(VALIDATION.profileEmailEmpty, VALIDATION.emailFormat),
  username: requiredText(VALIDATION.profileUsernameEmpty).regex(USERNAME_PATTERN, API.usernameInvalid),
  codigo: codeField.nullish(),
});

/** POST /api/User/{id}/email-code (beyond spec §7): mails a code to the new e-mail of the profile. */
export const emailChangeCodeBody = z.object({
  email: emailField(VALIDATION.profileEmailEmpty, VALIDATION.emailFormat),
});
export type EmailChangeCodeBody = z.input<typeof emailChangeCodeBody>;
export type UpdateUserBody = z.input<typeof updateUserBody>;
export type UpdateUserFields = z.output<typeof updateUserBody>;

/** POST /api/Role/CreateAndAssignAdminRole: roleId is sent as 0 by the client and ignored. */
export const assignAdminBody = z.object({
  userId: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,10}$/)
          .transform(Number),
      ],
      { error: API.invalidId },
    )
    .pipe(idSchema()),
  roleId: z.unknown().optional(),
});
export type AssignAdminBody = z.input<typeof assignAdminBody>;

// ---------------------------------------------------------------------------------------------------------------
// API replies

export const roleSchema = z.object({ roleName: z.string() });

/** spec §3 User: never the password hash. */
export const userSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  createdAt: z.string(),
  roles: z.array(roleSchema),
});
export type User = z.infer<typeof userSchema>;

// The users admin, searched and paged by the server (docs/decisions/0035-admin-lists-paged-by-the-server.md).

/** spec §2 Users admin: the id is shown padded to this many digits (00007); longer ids are shown whole. */
export const USER_ID_DIGITS = 5;
export const padUserId = (id: number) => String(id).padStart(USER_ID_DIGITS, '0');

/**
 * What the users admin's search reads besides the padded id (spec §9: id, name, e-mail and username,
 * case-insensitive; accents too, docs/decisions/0004): folded, one per line so a term never spans two.
 */
export function userSearchText(user: { name: string; email: string; username: string }): string {
  return searchLines([user.name, user.email, user.username]);
}

/** One page of the users admin (GET /api/User/admin-list?q=&page=&pageSize=): whole users, by id. */
export const adminUserPageSchema = adminPageSchema(userSchema);
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

export const tokenReplySchema = z.object({ token: z.string() });
export type TokenReply = z.infer<typeof tokenReplySchema>;

export const messageReplySchema = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof messageReplySchema>;
