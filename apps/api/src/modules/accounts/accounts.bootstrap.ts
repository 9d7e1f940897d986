import { USERNAME_MAX, USERNAME_MIN } from '@tienda/shared/accounts';
import { ROLE_ADMIN } from '@tienda/shared/constants';
import { nowIso } from '../../db/timestamps.js';
import type { AppContext } from '../../plugins/context.js';
import { grantAdminRole } from './accounts.service.js';
import { hashPassword } from './passwords.js';
import { addRole, findUserByEmail, findUserByUsername, insertUser, isUniqueViolation } from './users.repository.js';

// ADMIN_EMAIL / ADMIN_PASSWORD (README, Configuration): at every start make sure this administrator exists. An existing account
// keeps its password and gains the ADMIN role; a new one is created with the configured password.

/** A username from the e-mail's local part, reduced to the allowed characters and the allowed length. */
function baseUsername(email: string): string {
  const local = email.split('@')[0]!.replace(/[^A-Za-z0-9._-]/g, '');
  return (local.length >= USERNAME_MIN ? local : `${local}admin`).slice(0, USERNAME_MAX);
}

async function freeUsername(ctx: AppContext, wanted: string): Promise<string> {
  if (!(await findUserByUsername(ctx.db, wanted))) return wanted;
  for (let n = 2; ; n += 1) {
    const suffix = String(n);
    const candidate = `${wanted.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;
    if (!(await findUserByUsername(ctx.db, candidate))) return candidate;
  }
}

export async function ensureAdministrator(
  ctx: AppContext,
  admin: { email: string; password: string; username?: string; name?: string },
): Promise<void> {
  const email = admin.email.trim().toLowerCase();
  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    await grantAdminRole(ctx, existing.id);
    return;
  }
  const username = await freeUsername(ctx, admin.username?.trim() || baseUsername(email));
  const passwordHash = await hashPassword(admin.password);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const id = await insertUser(trx, {
        name: admin.name?.trim() || 'Administrador',
        email,
        username,
        username_key: username.toLowerCase(),
        password_hash: passwordHash,
        created_at: nowIso(),
      });
      await addRole(trx, id, ROLE_ADMIN);
    });
  } catch (error) {
    // Several API processes starting together on one PostgreSQL: another one created it first.
    if (!isUniqueViolation(error)) throw error;
    const created = await findUserByEmail(ctx.db, email);
    if (!created) throw error;
    await grantAdminRole(ctx, created.id);
  }
}
