import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH } from '@tienda/shared/constants';
import type { DbOrTx } from '../../db/database.js';
import type { EmailCodesTable } from '../../db/schema.js';
import { isoAgo, isoFromNow, nowIso } from '../../db/timestamps.js';

// E-mailed 6-digit codes: cryptographically random, stored only as a keyed hash,
// valid 10 minutes, single use, dead after 5 guesses. One table serves registration and password reset.

export type CodePurpose = EmailCodesTable['purpose'];

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** After verification, how long the e-mail counts as proven for creating the account. */
export const REGISTER_VERIFIED_TTL_MS = 30 * 60_000;
/** After verification, how long the reset form may set a new password. */
export const RESET_VERIFIED_TTL_MS = 15 * 60_000;

export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

// A million codes cannot be protected by a slow hash against someone holding the table, so the hash is keyed
// with the server's secret (a pepper): the table alone reveals nothing, and HMAC keeps verification cheap.
export function hashCode(secret: Uint8Array, email: string, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${email.toLowerCase()}\n${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Stores a new code; any older unused code of the same e-mail and purpose stops working. Returns its id. */
export async function storeCode(
  db: DbOrTx,
  secret: Uint8Array,
  email: string,
  purpose: CodePurpose,
  code: string,
): Promise<number> {
  const now = nowIso();
  await db
    .updateTable('email_codes')
    .set({ consumed_at: now })
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
  const { id } = await db
    .insertInto('email_codes')
    .values({
      email,
      purpose,
      code_hash: hashCode(secret, email, purpose, code),
      expires_at: isoFromNow(CODE_TTL_MS),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function deleteCode(db: DbOrTx, id: number): Promise<void> {
  await db.deleteFrom('email_codes').where('id', '=', id).execute();
}

export type VerifyOutcome = 'verified' | 'wrong' | 'locked' | 'expired';

/**
 * Checks `code` against the live codes of this e-mail for `purposes` (at most one per purpose: registration and
 * reset share POST /Email/verificar-codigo; an e-mail change is checked by its own call) and marks the matching one
 * verified.
 * Each guess first reserves one of the code's 5 attempts with a conditional UPDATE, so even concurrent guesses
 * cannot try more than 5 values against one code.
 */
export async function verifyCode(
  db: DbOrTx,
  secret: Uint8Array,
  email: string,
  code: string,
  purposes: readonly CodePurpose[] = ['register', 'reset'],
): Promise<VerifyOutcome> {
  const now = nowIso();
  const candidates = await db
    .selectFrom('email_codes')
    .select(['id', 'purpose', 'code_hash', 'verified_at'])
    .where('email', '=', email)
    .where('purpose', 'in', purposes)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .execute();
  if (candidates.length === 0) return 'expired';

  let guessed = false;
  let attemptsLeft = false;
  for (const candidate of candidates) {
    const reserved = await db
      .updateTable('email_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', candidate.id)
      .where('attempts', '<', CODE_MAX_ATTEMPTS)
      .where('consumed_at', 'is', null)
      .returning('attempts')
      .executeTakeFirst();
    if (!reserved) continue; // locked, or consumed meanwhile
    guessed = true;
    if (sameHash(candidate.code_hash, hashCode(secret, email, candidate.purpose, code))) {
      // A second verification of the same code (a double submit) keeps the first time.
      if (candidate.verified_at === null) {
        await db
          .updateTable('email_codes')
          .set({ verified_at: now })
          .where('id', '=', candidate.id)
          .where('verified_at', 'is', null)
          .execute();
      }
      return 'verified';
    }
    if (reserved.attempts < CODE_MAX_ATTEMPTS) attemptsLeft = true;
  }
  return guessed && attemptsLeft ? 'wrong' : 'locked';
}

/** The newest code of this e-mail and purpose verified within `withinMs` and not yet used up. */
export function findVerifiedCode(
  db: DbOrTx,
  email: string,
  purpose: CodePurpose,
  withinMs: number,
): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('email_codes')
    .select('id')
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('verified_at', '>', isoAgo(withinMs))
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Uses a verified code up; false when another request used it first (single use even under a race). */
export async function consumeCode(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db
    .updateTable('email_codes')
    .set({ consumed_at: nowIso() })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteCodesOf(db: DbOrTx, email: string): Promise<void> {
  await db.deleteFrom('email_codes').where('email', '=', email).execute();
}

/** Codes are useless a day after they were sent (the longest window is 10 min + 30 min verified). */
export async function deleteCodesOlderThan(db: DbOrTx, ageMs: number): Promise<void> {
  await db.deleteFrom('email_codes').where('created_at', '<', isoAgo(ageMs)).execute();
}
