import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROLE_ADMIN } from '@tienda/shared/constants';
import { API } from '@tienda/shared/messages';
import { forbidden, unauthorized } from '../errors.js';
import { verifyToken } from '../lib/tokens.js';

export interface AuthenticatedUser {
  id: number;
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAuth / requireAdmin (or loadOptionalUser) once the token's user is known to exist. */
    user: AuthenticatedUser | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

// The token only names the user; roles are read from the database on each call, so a new admin
// role or a deleted account takes effect at once rather than when the token expires.
async function resolveUser(request: FastifyRequest): Promise<AuthenticatedUser | 'invalid' | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const userId = await verifyToken(request.server.ctx.config.jwtSecret, token);
  if (userId === null) return 'invalid';
  const rows = await request.server.ctx.db
    .selectFrom('users')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .leftJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['users.id', 'roles.name as role'])
    .where('users.id', '=', userId)
    .execute();
  if (rows.length === 0) return 'invalid';
  return { id: userId, isAdmin: rows.some((r) => r.role === ROLE_ADMIN) };
}

/** preHandler: 401 without a valid token of an existing user. */
export async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const user = await resolveUser(request);
  if (user === null) throw unauthorized(API.unauthorized);
  if (user === 'invalid') throw unauthorized(API.invalidTokenReply);
  request.user = user;
}

/** preHandler: 401 without a valid token, 403 for anyone who is not an administrator. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireAuth(request, reply);
  if (!request.user?.isAdmin) throw forbidden();
}

/** preHandler for public calls that behave differently for a signed-in admin; a bad token counts as a guest. */
export async function loadOptionalUser(request: FastifyRequest): Promise<void> {
  const user = await resolveUser(request);
  request.user = user === 'invalid' ? null : user;
}

/** 403 unless the signed-in user is `userId` or an administrator. */
export function assertSelfOrAdmin(request: FastifyRequest, userId: number): void {
  if (!request.user) throw unauthorized();
  if (request.user.id !== userId && !request.user.isAdmin) throw forbidden();
}

export const authPlugin = fp(async (app) => {
  app.decorateRequest('user', null);
});
