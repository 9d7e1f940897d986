import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROLE_ADMIN } from '@tienda/shared/constants';
import { REPLIES } from '../replies.js';
import { forbidden, unauthorized } from '../errors.js';
import { verifyToken } from '../lib/tokens.js';
import { findSessionUser } from '../modules/accounts/users.repository.js';

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

// The token only names the user; roles and the token version are read from the database on each call (one indexed
// query), so a new admin role, a deleted account or a revocation (docs/decisions/0014-…) takes effect at once
// rather than when the token expires. A revoked token answers like an expired one.
async function resolveUser(request: FastifyRequest): Promise<AuthenticatedUser | 'invalid' | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const claims = await verifyToken(request.server.ctx.config.jwtSecret, token);
  if (claims === null) return 'invalid';
  const session = await findSessionUser(request.server.ctx.db, claims.userId);
  if (!session || session.tokenVersion !== claims.tokenVersion) return 'invalid';
  return { id: claims.userId, isAdmin: session.roles.includes(ROLE_ADMIN) };
}

/**
 * preHandler: 401 without a valid token of an existing user. What such a call answers is one person's (a cart, an
 * order, the admin's lists): no cache, shared or the browser's own, keeps it.
 */
export async function requireAuth(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'private, no-store');
  const user = await resolveUser(request);
  if (user === null) throw unauthorized(REPLIES.unauthorized);
  if (user === 'invalid') throw unauthorized(REPLIES.invalidTokenReply);
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
