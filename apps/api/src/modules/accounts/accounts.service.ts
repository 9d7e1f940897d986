import { PAGE_SIZE, ROLE_ADMIN, ROLE_CUSTOMER } from '@tienda/shared/constants';
import { API, ERRORS, VALIDATION } from '@tienda/shared/messages';
import { REPLIES } from '../../replies.js';
import type { AdminUserPage, User } from '@tienda/shared/accounts';
import type { AdminListQuery } from '@tienda/shared/catalog';
import { firstNameOf } from '@tienda/shared/names';
import { nowIso } from '../../db/timestamps.js';
import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests, unauthorized } from '../../errors.js';
import { enforceLimit, type Limit } from '../../lib/throttle.js';
import { signToken } from '../../lib/tokens.js';
import type { AppContext } from '../../plugins/context.js';
import type { AuthenticatedUser } from '../../plugins/auth.js';
import {
  accountExistsMail,
  emailChangeCodeMail,
  emailChangedMail,
  noAccountMail,
  passwordChangedMail,
  registrationCodeMail,
  resetCodeMail,
} from './accounts.mail.js';
import type { renderMail } from '../../mail/layout.js';
import { enqueueMail } from '../../mail/outbox.js';
import { moveOrdersToEmail } from '../orders/orders.repository.js';
import {
  CODE_TTL_MS,
  REGISTER_VERIFIED_TTL_MS,
  RESET_VERIFIED_TTL_MS,
  consumeCode,
  deleteCode,
  deleteCodesOf,
  findVerifiedCode,
  generateCode,
  storeCode,
  verifyCode,
  type CodePurpose,
} from './email-codes.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';
import {
  addRole,
  bumpTokenVersion,
  deleteUser,
  findClash,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertUser,
  isUniqueViolation,
  listUsersJson,
  loadUserJson,
  removeRole,
  rolesOf,
  updatePasswordHash,
  updateProfile,
} from './users.repository.js';
import * as repo from './users.repository.js';

// The accounts rules (spec §7 Accounts). Handlers stay thin; everything decided here.

/** Resending a code is limited per e-mail and purpose: one a minute, and a few an hour. */
export const CODE_SEND_PER_MINUTE: Limit = { name: 'code-send-minute', points: 1, durationMs: 60_000 };
/** A locked code's 429 says when a new one may be asked for: at most a minute after the last (CODE_SEND_PER_MINUTE). */
const NEW_CODE_WAIT_SECONDS = CODE_SEND_PER_MINUTE.durationMs / 1000;
export const CODE_SEND_PER_HOUR: Limit = { name: 'code-send-hour', points: 5, durationMs: 60 * 60_000 };
/**
 * Changes of one's own e-mail or username, and codes for a new e-mail, per account: each answers whether another
 * account holds that e-mail or name, so a customer cannot turn them into a list of which e-mails have an account.
 * Ten an hour leave room for typos; an administrator editing someone else's account is not counted.
 */
export const IDENTITY_CHECKS_PER_ACCOUNT: Limit = { name: 'identity-checks', points: 10, durationMs: 60 * 60_000 };
/**
 * Failed logins (docs/decisions/0014-…): 10 per account AND client address per 15 minutes, so a stranger hammering
 * an account from elsewhere never locks out its owner; and a loose ceiling per account across all addresses
 * against guessing from many addresses, which the owner can always leave by resetting the password.
 */
export const LOGIN_FAILURES_PER_ADDRESS: Limit = { name: 'login-failures', points: 10, durationMs: 15 * 60_000 };
export const LOGIN_FAILURES_PER_ACCOUNT: Limit = {
  name: 'login-failures-account',
  points: 100,
  durationMs: 60 * 60_000,
};
export const LOGIN_FAILURE_LIMIT = LOGIN_FAILURES_PER_ADDRESS.points;

function accountKey(account: { id: number } | { identifier: string }): string {
  return 'id' in account ? `user:${account.id}` : `unknown:${account.identifier}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Codes

/**
 * Reserves one send for this e-mail and purpose, or answers 429 with Retry-After. Returns how to take the
 * reservation back (the mail could not go out). Both counters are consumed atomically (lib/throttle.ts), so
 * racing requests cannot slip past the limit.
 */
async function reserveCodeSend(ctx: AppContext, email: string, purpose: CodePurpose): Promise<() => Promise<void>> {
  const key = `${purpose}:${email}`;
  const minute = await ctx.throttle.consume(CODE_SEND_PER_MINUTE, key);
  if (!minute.allowed) throw tooManyRequests(REPLIES.codeResendWait, minute.retryAfterSeconds);
  const hour = await ctx.throttle.consume(CODE_SEND_PER_HOUR, key);
  if (!hour.allowed) {
    await ctx.throttle.reward(CODE_SEND_PER_MINUTE, key);
    throw tooManyRequests(REPLIES.tooManyRequests, hour.retryAfterSeconds);
  }
  return async () => {
    await ctx.throttle.reward(CODE_SEND_PER_MINUTE, key);
    await ctx.throttle.reward(CODE_SEND_PER_HOUR, key);
  };
}

/**
 * Stores a new code for `purpose` and mails what `mailOf` writes with it (each purpose has its own e-mail:
 * accounts.mail.ts). A note that leaves the code out (an account that already exists, or none to reset) still stores
 * one nobody receives: POST /Email/verificar-codigo then answers a guess, and locks after 5, exactly as for a code that
 * was sent, so it does not tell a stranger which it was.
 */
async function issueCode(
  ctx: AppContext,
  email: string,
  purpose: CodePurpose,
  mailOf: (code: string) => ReturnType<typeof renderMail>,
  failureMessage: string,
): Promise<void> {
  const release = await reserveCodeSend(ctx, email, purpose);
  const code = generateCode();
  const id = await storeCode(ctx.db, ctx.config.jwtSecret, email, purpose, code);
  const mail = mailOf(code);
  try {
    await ctx.mailer.send({ to: email, ...mail });
  } catch (error) {
    // The customer never got this code: forget it and the send, so "reenviar" works at once.
    await deleteCode(ctx.db, id);
    await release();
    throw mailFailure(error, failureMessage);
  }
}

/**
 * The mail server did not take the code: spec §8's message, as a 503 that says when to try again (the send was given
 * back, so 'Reenviar' works at once; Retry-After is for clients that wait on their own).
 */
function mailFailure(error: unknown, message: string): AppError {
  const failure = new AppError(503, message, { 'retry-after': '30' });
  failure.cause = error;
  return failure;
}

/**
 * POST /Email/enviar-codigo. When the e-mail already has an account we answer exactly as for a new one and mail
 * the owner a note instead of a code: this call does not tell strangers which e-mails are registered, and the
 * real owner learns to log in or reset the password. (A stranger who verifies a code for a free e-mail still
 * gets the 409 of POST /api/User for a taken username, as spec §7 requires.)
 */
export async function sendRegistrationCode(ctx: AppContext, email: string): Promise<{ message: string }> {
  const exists = await findUserByEmail(ctx.db, email);
  await issueCode(
    ctx,
    email,
    'register',
    exists ? accountExistsMail : registrationCodeMail,
    ERRORS.verificationEmailFailed,
  );
  return { message: API.codeSent };
}

/**
 * POST /Email/send-reset-code. As for a registration code, the answer is the same whether the e-mail has an account
 * or not: an e-mail without one gets a note saying so instead of a code (noAccountMail).
 */
export async function sendResetCode(ctx: AppContext, email: string): Promise<{ message: string }> {
  const user = await findUserByEmail(ctx.db, email);
  // The account is known: its owner is greeted by name, as the shop's other e-mails do.
  if (user)
    await issueCode(ctx, email, 'reset', (code) => resetCodeMail(code, firstNameOf(user.name)), ERRORS.resetCodeFailed);
  else await issueCode(ctx, email, 'reset', noAccountMail, ERRORS.resetCodeFailed);
  return { message: API.codeSent };
}

/** POST /Email/verificar-codigo: serves both the registration code and the reset code. */
export async function verifyEmailCode(ctx: AppContext, email: string, code: string): Promise<{ message: string }> {
  const outcome = await verifyCode(ctx.db, ctx.config.jwtSecret, email, code);
  if (outcome === 'verified') return { message: ERRORS.resetCodeVerified };
  if (outcome === 'wrong') throw badRequest(ERRORS.wrongCode);
  if (outcome === 'locked') throw tooManyRequests(REPLIES.codeLocked, NEW_CODE_WAIT_SECONDS);
  throw badRequest(REPLIES.codeExpired);
}

// ---------------------------------------------------------------------------------------------------------------
// Users

export interface NewUserInput {
  name: string;
  username: string;
  email: string;
  password: string;
}

/**
 * POST /api/User. A guest (the registration flow) needs an e-mail verified by a registration code in the last 30
 * minutes, checked before anything else so strangers cannot probe usernames; an admin ("Crear usuario") needs none.
 * New accounts are customers; the admin screen then calls CreateAndAssignAdminRole.
 */
export async function createUser(ctx: AppContext, input: NewUserInput, actor: AuthenticatedUser | null): Promise<User> {
  const verification = actor?.isAdmin
    ? undefined
    : await findVerifiedCode(ctx.db, input.email, 'register', REGISTER_VERIFIED_TTL_MS);
  if (!actor?.isAdmin && !verification) throw forbidden(REPLIES.emailNotVerified);
  if (await findClash(ctx.db, { email: input.email, username: input.username })) throw conflict(ERRORS.userExists);

  const passwordHash = await hashPassword(input.password);
  let userId: number;
  try {
    userId = await ctx.db.transaction().execute(async (trx) => {
      const id = await insertUser(trx, {
        name: input.name,
        email: input.email,
        username: input.username,
        username_key: input.username.toLowerCase(),
        password_hash: passwordHash,
        created_at: nowIso(),
      });
      await addRole(trx, id, ROLE_CUSTOMER);
      // Single use: a second account cannot ride on the same verification, even when racing this one.
      if (verification && !(await consumeCode(trx, verification.id))) throw forbidden(REPLIES.emailNotVerified);
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ERRORS.userExists);
    throw error;
  }
  return (await loadUserJson(ctx.db, userId))!;
}

export function listUsers(ctx: AppContext): Promise<User[]> {
  return listUsersJson(ctx.db);
}

/**
 * The users admin, searched and paged by the server (docs/decisions/0035-admin-lists-paged-by-the-server.md): the
 * phone that runs the shop reads 30 users, not every account.
 */
export async function adminUserPage(ctx: AppContext, query: AdminListQuery): Promise<AdminUserPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? PAGE_SIZE;
  const { users, total } = await repo.adminUserPage(ctx.db, query.q ?? '', {
    offset: (page - 1) * pageSize,
    limit: pageSize,
  });
  return { items: users, total, page, pageSize };
}

export async function getUser(ctx: AppContext, id: number): Promise<User> {
  const user = await loadUserJson(ctx.db, id);
  if (!user) throw notFound(REPLIES.userNotFound);
  return user;
}

/**
 * POST /api/User/{id}/email-code (beyond spec §7, docs/decisions/0014-…): mails a code to the e-mail the user wants
 * instead of theirs. A taken e-mail is the 409 that PUT /api/User/{id} would answer anyway.
 */
export async function sendEmailChangeCode(ctx: AppContext, id: number, newEmail: string): Promise<{ message: string }> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound(REPLIES.userNotFound);
  if (user.email === newEmail) throw badRequest(REPLIES.emailChangeSameEmail);
  await enforceLimit(ctx.throttle, IDENTITY_CHECKS_PER_ACCOUNT, String(id));
  if (await findUserByEmail(ctx.db, newEmail)) throw conflict(ERRORS.userExists);
  await issueCode(ctx, newEmail, 'email-change', emailChangeCodeMail, ERRORS.verificationEmailFailed);
  return { message: API.codeSent };
}

/** The code mailed by sendEmailChangeCode, checked (5 guesses at most) and then used up only with the update. */
async function provenEmailChange(ctx: AppContext, email: string, code: string | null | undefined): Promise<number> {
  if (!code) throw badRequest(REPLIES.emailChangeCodeRequired);
  const outcome = await verifyCode(ctx.db, ctx.config.jwtSecret, email, code, ['email-change']);
  if (outcome === 'wrong') throw badRequest(ERRORS.wrongCode);
  if (outcome === 'locked') throw tooManyRequests(REPLIES.codeLocked, NEW_CODE_WAIT_SECONDS);
  const verification = outcome === 'verified' && (await findVerifiedCode(ctx.db, email, 'email-change', CODE_TTL_MS));
  if (!verification) throw badRequest(REPLIES.codeExpired);
  return verification.id;
}

/**
 * PUT /api/User/{id}: name, e-mail and username; 409 when another account holds the e-mail or username. Changing
 * one's own e-mail needs the code mailed to the new address (docs/decisions/0014-…), so orders and resets never go
 * to an address nobody proved; an administrator editing someone else's account is trusted, as spec §2's users
 * screen needs. Either way the account's orders take the new address, and the old one hears of the change
 * (emailChangedMail), in the same transaction.
 */
export async function updateUser(
  ctx: AppContext,
  id: number,
  fields: { name: string; email: string; username: string; codigo?: string | null },
  actor: AuthenticatedUser,
): Promise<User> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound(REPLIES.userNotFound);
  const emailChanges = fields.email.toLowerCase() !== user.email;
  const usernameChanges = fields.username.toLowerCase() !== user.username_key;
  if (actor.id === id && (emailChanges || usernameChanges)) {
    await enforceLimit(ctx.throttle, IDENTITY_CHECKS_PER_ACCOUNT, String(id));
  }
  if (await findClash(ctx.db, { ...fields, exceptId: id })) throw conflict(ERRORS.userExists);
  const codeId = emailChanges && actor.id === id ? await provenEmailChange(ctx, fields.email, fields.codigo) : null;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // Single use, even when two saves race with the same code.
      if (codeId !== null && !(await consumeCode(trx, codeId))) throw badRequest(REPLIES.codeExpired);
      await updateProfile(trx, id, fields);
      if (emailChanges) {
        await moveOrdersToEmail(trx, id, fields.email.toLowerCase());
        const notice = emailChangedMail(firstNameOf(fields.name), fields.email.toLowerCase(), actor.id !== id);
        await enqueueMail(trx, { to: user.email, ...notice });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ERRORS.userExists);
    throw error;
  }
  if (emailChanges) ctx.outbox.wake();
  return getUser(ctx, id);
}

/** DELETE /api/User/{id}: orders keep their snapshot (user_id becomes null); cart lines go with the account. */
export async function removeUser(ctx: AppContext, id: number, actor: AuthenticatedUser): Promise<void> {
  if (actor.id === id) throw badRequest(REPLIES.cannotDeleteSelf);
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound(REPLIES.userNotFound);
  await ctx.db.transaction().execute(async (trx) => {
    await deleteUser(trx, id);
    await deleteCodesOf(trx, user.email);
  });
  await ctx.throttle.reset(LOGIN_FAILURES_PER_ACCOUNT, accountKey({ id }));
}

// ---------------------------------------------------------------------------------------------------------------
// Roles

async function isAdmin(ctx: AppContext, userId: number): Promise<boolean> {
  return ((await rolesOf(ctx.db, userId)).get(userId) ?? []).includes(ROLE_ADMIN);
}

/** GET /api/Role/VerifyAdminRole/{userId}: 200 for an admin, 404 for no such user, 403 for anyone else. */
export async function verifyAdminRole(ctx: AppContext, userId: number): Promise<{ userId: number; isAdmin: true }> {
  if (!(await findUserById(ctx.db, userId))) throw notFound(REPLIES.userNotFound);
  if (!(await isAdmin(ctx, userId))) throw forbidden(REPLIES.notAdmin);
  return { userId, isAdmin: true };
}

/** Gives the ADMIN role (idempotent). The CUSTOMER role goes: a user has one role, the token carries one. */
export async function promoteToAdmin(ctx: AppContext, userId: number): Promise<User> {
  if (!(await findUserById(ctx.db, userId))) throw notFound(REPLIES.userNotFound);
  await grantAdminRole(ctx, userId);
  return getUser(ctx, userId);
}

export async function grantAdminRole(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await addRole(trx, userId, ROLE_ADMIN);
    await removeRole(trx, userId, ROLE_CUSTOMER);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Login and passwords

/**
 * Counts the attempt before the (slow) password check, so even concurrent guesses get at most the limit of checks:
 * first per account and client address, then against the account's loose ceiling. Returns what to call on success.
 */
async function reserveLoginAttempt(ctx: AppContext, account: string, address: string): Promise<() => Promise<void>> {
  const pairKey = `${account}@${address}`;
  const pair = await ctx.throttle.consume(LOGIN_FAILURES_PER_ADDRESS, pairKey);
  if (!pair.allowed) throw tooManyRequests(REPLIES.tooManyLoginAttempts, pair.retryAfterSeconds);
  const ceiling = await ctx.throttle.consume(LOGIN_FAILURES_PER_ACCOUNT, account);
  if (!ceiling.allowed) {
    await ctx.throttle.reward(LOGIN_FAILURES_PER_ADDRESS, pairKey);
    throw tooManyRequests(REPLIES.accountLoginCeiling, ceiling.retryAfterSeconds);
  }
  // A right password: this address's failures no longer count, and this attempt was no failure.
  return async () => {
    await ctx.throttle.reset(LOGIN_FAILURES_PER_ADDRESS, pairKey);
    await ctx.throttle.reward(LOGIN_FAILURES_PER_ACCOUNT, account);
  };
}

/**
 * POST /api/Auth/login. Unknown user and wrong password get the same 401 after the same work (a dummy argon2
 * verification), and the same 10-failure limit per identifier, so neither the answer nor its timing tells which
 * accounts exist.
 */
export async function login(
  ctx: AppContext,
  body: { email?: string | null; username?: string | null; passwordHash: string },
  clientAddress: string,
): Promise<{ token: string }> {
  const email = body.email?.trim().toLowerCase() || null;
  const username = body.username?.trim() || null;
  const identifier = email ?? username;
  if (!identifier) throw badRequest(VALIDATION.loginIncomplete);
  // Usernames cannot contain '@': such an identifier is an e-mail whichever field it came in.
  const user = identifier.includes('@')
    ? await findUserByEmail(ctx.db, identifier)
    : await findUserByUsername(ctx.db, identifier);
  const account = accountKey(user ? { id: user.id } : { identifier: identifier.toLowerCase() });
  const succeeded = await reserveLoginAttempt(ctx, account, clientAddress);

  const ok = user
    ? await verifyPassword(user.password_hash, body.passwordHash)
    : await verifyAgainstDummy(body.passwordHash);
  if (!user || !ok) throw unauthorized(ERRORS.invalidCredentials);
  await succeeded();
  return { token: await tokenFor(ctx, user) };
}

async function tokenFor(ctx: AppContext, user: { id: number; token_version: number }): Promise<string> {
  const role = (await isAdmin(ctx, user.id)) ? ROLE_ADMIN : ROLE_CUSTOMER;
  return signToken(ctx.config.jwtSecret, user.id, role, user.token_version);
}

/** PUT /api/User/password, reset form: only after this e-mail's reset code was verified, within 15 minutes. */
export async function resetPassword(ctx: AppContext, email: string, newPassword: string): Promise<{ message: string }> {
  const verification = await findVerifiedCode(ctx.db, email, 'reset', RESET_VERIFIED_TTL_MS);
  const user = await findUserByEmail(ctx.db, email);
  if (!verification || !user) throw forbidden(REPLIES.resetNotVerified);
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await consumeCode(trx, verification.id))) throw forbidden(REPLIES.resetNotVerified);
    // A new password ends every session signed before it (docs/decisions/0014-…).
    await updatePasswordHash(trx, user.id, passwordHash);
    await enqueueMail(trx, { to: user.email, ...passwordChangedMail(firstNameOf(user.name), 'reset') });
  });
  ctx.outbox.wake();
  // Whoever proved the mailbox is the owner: the account's failed logins no longer count against them.
  await ctx.throttle.reset(LOGIN_FAILURES_PER_ACCOUNT, accountKey({ id: user.id }));
  return { message: ERRORS.passwordChanged };
}

/**
 * PUT /api/User/password, profile form: the signed-in user's own account only (even an admin cannot change
 * someone else's password this way), and the current password must be right. Wrong guesses count as failed
 * logins, so a stolen token cannot be used to guess the password either.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  actor: AuthenticatedUser,
  input: { email: string; currentPassword: string; newPassword: string },
  clientAddress: string,
): Promise<{ message: string; token: string }> {
  if (input.currentPassword === '') throw badRequest(VALIDATION.currentPasswordRequired);
  const user = await findUserById(ctx.db, actor.id);
  if (!user || user.email !== input.email) throw forbidden();
  const succeeded = await reserveLoginAttempt(ctx, accountKey({ id: user.id }), clientAddress);
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) throw badRequest(API.currentPasswordWrong);
  await succeeded();
  if (input.newPassword === input.currentPassword) throw badRequest(API.newPasswordSameAsCurrent);
  // Every other session ends (docs/decisions/0014-…); this one goes on with the fresh token in the reply.
  const passwordHash = await hashPassword(input.newPassword);
  const tokenVersion = await ctx.db.transaction().execute(async (trx) => {
    const version = await updatePasswordHash(trx, user.id, passwordHash);
    await enqueueMail(trx, { to: user.email, ...passwordChangedMail(firstNameOf(user.name), 'profile') });
    return version;
  });
  ctx.outbox.wake();
  return { message: ERRORS.passwordChanged, token: await tokenFor(ctx, { id: user.id, token_version: tokenVersion }) };
}

/** POST /api/User/logout-all (beyond spec §7, docs/decisions/0014-…): every token of this user stops working. */
export async function logOutEverywhere(ctx: AppContext, actor: AuthenticatedUser): Promise<{ message: string }> {
  if ((await bumpTokenVersion(ctx.db, actor.id)) === undefined) throw notFound(REPLIES.userNotFound);
  return { message: REPLIES.loggedOutEverywhere };
}
