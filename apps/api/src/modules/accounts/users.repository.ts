import { sql } from 'kysely';
import { USER_ID_DIGITS, userSearchText, type User } from '@tienda/shared/accounts';
import { ROLE_ADMIN } from '@tienda/shared/constants';
import type { DbOrTx } from '../../db/database.js';
import type { NewUser, UserRow } from '../../db/schema.js';
import { toIsoString } from '../../db/timestamps.js';
import { matchesIdOrSearchText } from '../../lib/search-text.js';

// Users and their roles. Every function takes the database or an open transaction first (GUIDE).

export function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username_key', '=', username.toLowerCase()).executeTakeFirst();
}

/** Another account already holding this e-mail or (case-insensitively) this username. */
export function findClash(
  db: DbOrTx,
  { email, username, exceptId }: { email: string; username: string; exceptId?: number },
): Promise<Pick<UserRow, 'id'> | undefined> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('email', '=', email.toLowerCase()), eb('username_key', '=', username.toLowerCase())]));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export async function insertUser(db: DbOrTx, user: NewUser): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({ ...user, search_text: userSearchText(user) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateProfile(
  db: DbOrTx,
  id: number,
  fields: { name: string; email: string; username: string },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      name: fields.name,
      email: fields.email.toLowerCase(),
      username: fields.username,
      username_key: fields.username.toLowerCase(),
      search_text: userSearchText(fields),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Sets a new password and revokes every token signed before it; returns the new token version. */
export async function updatePasswordHash(db: DbOrTx, id: number, passwordHash: string): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .returning('token_version')
    .executeTakeFirstOrThrow();
  return row.token_version;
}

/** Revokes every token of the user; the new version, or undefined for no such user. */
export async function bumpTokenVersion(db: DbOrTx, id: number): Promise<number | undefined> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .returning('token_version')
    .executeTakeFirst();
  return row?.token_version;
}

/**
 * What plugins/auth.ts needs on every authenticated call, in one indexed query: the token version (revocation) and
 * the role names. undefined when the user no longer exists.
 */
export async function findSessionUser(
  db: DbOrTx,
  id: number,
): Promise<{ tokenVersion: number; roles: string[] } | undefined> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .leftJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['users.token_version', 'roles.name as role'])
    .where('users.id', '=', id)
    .execute();
  if (rows.length === 0) return undefined;
  return {
    tokenVersion: rows[0]!.token_version,
    roles: rows.flatMap((row) => (row.role === null ? [] : [row.role])),
  };
}

export async function deleteUser(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export function listUserRows(db: DbOrTx): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('id').execute();
}

/** Role names per user id: of one user, of a page of users, or of everyone (without a huge IN list). */
/** Whether any account holds the ADMIN role (a restored shop has its administrators, with their passwords). */
export async function hasAdministrator(db: DbOrTx): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('user_roles.user_id')
    .where('roles.name', '=', ROLE_ADMIN)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function rolesOf(db: DbOrTx, userId: number | readonly number[] | 'all'): Promise<Map<number, string[]>> {
  let query = db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['user_roles.user_id', 'roles.name'])
    .orderBy('roles.name');
  if (typeof userId === 'number') query = query.where('user_roles.user_id', '=', userId);
  else if (userId !== 'all') query = query.where('user_roles.user_id', 'in', userId);
  const roles = new Map<number, string[]>();
  for (const row of await query.execute()) {
    const list = roles.get(row.user_id);
    if (list) list.push(row.name);
    else roles.set(row.user_id, [row.name]);
  }
  return roles;
}

/** Adds a role (a no-op when the user already has it). */
export async function addRole(db: DbOrTx, userId: number, roleName: string): Promise<void> {
  const role = await db.selectFrom('roles').select('id').where('name', '=', roleName).executeTakeFirstOrThrow();
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, role_id: role.id })
    .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
    .execute();
}

export async function removeRole(db: DbOrTx, userId: number, roleName: string): Promise<void> {
  await db
    .deleteFrom('user_roles')
    .where('user_id', '=', userId)
    .where('role_id', 'in', (eb) => eb.selectFrom('roles').select('id').where('name', '=', roleName))
    .execute();
}

/** spec §3 User, the one row → JSON mapping. The password hash never leaves this module. */
export function toUserJson(row: UserRow, roles: string[]): User {
  return {
    userId: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    createdAt: toIsoString(row.created_at),
    roles: roles.map((roleName) => ({ roleName })),
  };
}

export async function loadUserJson(db: DbOrTx, id: number): Promise<User | undefined> {
  const row = await findUserById(db, id);
  if (!row) return undefined;
  const roles = await rolesOf(db, id);
  return toUserJson(row, roles.get(id) ?? []);
}

export async function listUsersJson(db: DbOrTx): Promise<User[]> {
  const rows = await listUserRows(db);
  const roles = await rolesOf(db, 'all');
  return rows.map((row) => toUserJson(row, roles.get(row.id) ?? []));
}

/**
 * The id as the users admin shows it, in SQL both dialects read alike: padded with zeros to USER_ID_DIGITS, longer
 * ids whole (shared/accounts.ts padUserId).
 */
const digits = sql.lit(USER_ID_DIGITS);
const idText = sql`cast(id as text)`;
const paddedId = sql<string>`substr(${sql.lit('0'.repeat(USER_ID_DIGITS - 1))} || ${idText}, case when length(${idText}) < ${digits} then length(${idText}) else ${digits} end)`;

/** The users the admin's term finds (spec §9): the padded id, or the folded name, e-mail or username. */
function adminUsers(db: DbOrTx, term: string) {
  const users = db.selectFrom('users');
  const needle = term.trim();
  if (needle === '') return users;
  return users.where(matchesIdOrSearchText(needle, paddedId));
}

/** One page of the users the admin's term finds, by id as GET /api/User lists them, and how many it finds. */
export async function adminUserPage(
  db: DbOrTx,
  term: string,
  slice: { offset: number; limit: number },
): Promise<{ users: User[]; total: number }> {
  const [{ count }, rows] = await Promise.all([
    adminUsers(db, term)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow(),
    adminUsers(db, term).selectAll().orderBy('id').offset(slice.offset).limit(slice.limit).execute(),
  ]);
  const roles =
    rows.length === 0
      ? new Map<number, string[]>()
      : await rolesOf(
          db,
          rows.map((row) => row.id),
        );
  return { users: rows.map((row) => toUserJson(row, roles.get(row.id) ?? [])), total: Number(count) };
}

/** True for a UNIQUE violation in either dialect: two requests raced past the clash check. */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object' || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
