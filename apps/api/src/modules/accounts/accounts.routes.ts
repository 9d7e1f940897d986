import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../errors.js';
import { idParams, userIdParams } from '../../lib/path-ids.js';
import { adminListQuerySchema } from '@tienda/shared/catalog';
import {
  adminUserPageSchema,
  assignAdminBody,
  changePasswordBody,
  createUserBody,
  emailChangeCodeBody,
  loginBody,
  messageReplySchema,
  sendCodeBody,
  sendResetCodeBody,
  tokenReplySchema,
  updateUserBody,
  userSchema,
  verifyCodeBody,
} from '@tienda/shared/accounts';
import type { Limit } from '../../lib/throttle.js';
import { perAddress } from '../../plugins/security.js';
import { assertSelfOrAdmin, loadOptionalUser, requireAdmin, requireAuth } from '../../plugins/auth.js';
import {
  changeOwnPassword,
  createUser,
  adminUserPage,
  getUser,
  listUsers,
  logOutEverywhere,
  login,
  promoteToAdmin,
  removeUser,
  resetPassword,
  sendRegistrationCode,
  sendEmailChangeCode,
  sendResetCode,
  updateUser,
  verifyAdminRole,
  verifyEmailCode,
} from './accounts.service.js';
import { primeDummyHash } from './passwords.js';

// spec §7, Accounts table: exact paths and field names (paths and JSON keys match case-insensitively app-wide).

const TEN_MINUTES = 10 * 60_000;
/**
 * Per-IP limits, on top of the per-account and per-e-mail limits, all on the app's one throttle
 * (docs/decisions/0014-…). Generous on purpose: Honduran carriers put many customers behind one address.
 */
export const IP_LIMITS = {
  sendCode: { name: 'ip-send-code', points: 30, durationMs: TEN_MINUTES },
  sendResetCode: { name: 'ip-send-reset-code', points: 30, durationMs: TEN_MINUTES },
  emailChangeCode: { name: 'ip-email-change-code', points: 30, durationMs: TEN_MINUTES },
  verifyCode: { name: 'ip-verify-code', points: 60, durationMs: TEN_MINUTES },
  login: { name: 'ip-login', points: 100, durationMs: TEN_MINUTES },
  password: { name: 'ip-password', points: 30, durationMs: TEN_MINUTES },
  createUser: { name: 'ip-create-user', points: 60, durationMs: TEN_MINUTES },
} as const satisfies Record<string, Limit>;

const bearer = [{ bearer: [] }];
// The profile form's reply also carries a fresh token: the change revoked every older one (docs/decisions/0014-…).
const passwordReplySchema = z.object({ message: z.string(), token: z.string().optional() });
const tags = ['accounts'];

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  void primeDummyHash();

  app.post(
    '/Email/enviar-codigo',
    {
      schema: {
        tags,
        summary: 'Envía el código de registro',
        body: sendCodeBody,
        response: { 200: messageReplySchema },
      },
      onRequest: [perAddress(IP_LIMITS.sendCode)],
    },
    async (request) => sendRegistrationCode(ctx, request.body.destinatario),
  );

  app.post(
    '/Email/verificar-codigo',
    {
      schema: {
        tags,
        summary: 'Verifica un código de registro o de cambio de contraseña',
        body: verifyCodeBody,
        response: { 200: messageReplySchema },
      },
      onRequest: [perAddress(IP_LIMITS.verifyCode)],
    },
    async (request) => verifyEmailCode(ctx, request.body.correo, request.body.codigo),
  );

  app.post(
    '/Email/send-reset-code',
    {
      schema: {
        tags,
        summary: 'Envía el código para cambiar la contraseña',
        body: sendResetCodeBody,
        response: { 200: messageReplySchema },
      },
      onRequest: [perAddress(IP_LIMITS.sendResetCode)],
    },
    async (request) => sendResetCode(ctx, request.body.email),
  );

  app.post(
    '/api/Auth/login',
    {
      schema: {
        tags,
        summary: 'Inicia sesión con correo o usuario',
        body: loginBody,
        response: { 200: tokenReplySchema },
      },
      onRequest: [perAddress(IP_LIMITS.login)],
    },
    async (request) => login(ctx, request.body, request.ip),
  );

  app.post(
    '/api/User',
    {
      schema: {
        tags,
        summary: 'Crea un usuario (registro con correo verificado, o un administrador)',
        body: createUserBody,
        response: { 201: userSchema },
      },
      onRequest: [perAddress(IP_LIMITS.createUser)],
      preHandler: [loadOptionalUser],
    },
    async (request, reply) => {
      const { name, username, email, passwordHash } = request.body;
      const user = await createUser(ctx, { name, username, email, password: passwordHash }, request.user);
      return reply.status(201).send(user);
    },
  );

  // Static, so it wins over /api/User/:id.
  app.put(
    '/api/User/password',
    {
      schema: {
        tags,
        summary: 'Cambia la contraseña: con código verificado (restablecer) o con la actual y un token (perfil)',
        body: changePasswordBody,
        response: { 200: passwordReplySchema },
      },
      onRequest: [perAddress(IP_LIMITS.password)],
    },
    async (request, reply) => {
      const { email, newPassword, currentPassword } = request.body;
      if (currentPassword === undefined || currentPassword === null) return resetPassword(ctx, email, newPassword);
      await requireAuth(request, reply);
      return changeOwnPassword(ctx, request.user!, { email, currentPassword, newPassword }, request.ip);
    },
  );

  app.get(
    '/api/User',
    {
      schema: { tags, summary: 'Lista los usuarios', security: bearer, response: { 200: z.array(userSchema) } },
      preHandler: [requireAdmin],
    },
    async () => listUsers(ctx),
  );

  // Extension for the users admin (docs/decisions/0035-admin-lists-paged-by-the-server.md); static, so it wins over
  // /api/User/:id.
  app.get(
    '/api/User/admin-list',
    {
      onRequest: [requireAdmin],
      schema: {
        tags,
        summary:
          'Administración: una página de los usuarios, por id; q busca el id (00007), el nombre, el correo o el ' +
          'usuario, sin distinguir mayúsculas ni tildes (page desde 1, pageSize 1–60, 30 si falta)',
        security: bearer,
        querystring: adminListQuerySchema,
        response: { 200: adminUserPageSchema },
      },
    },
    async (request) => adminUserPage(ctx, request.query),
  );

  app.get(
    '/api/User/:id',
    {
      schema: {
        tags,
        summary: 'Un usuario (el propio o, para administradores, cualquiera)',
        security: bearer,
        params: idParams,
        response: { 200: userSchema },
      },
      preHandler: [requireAuth],
    },
    async (request) => {
      assertSelfOrAdmin(request, request.params.id);
      return getUser(ctx, request.params.id);
    },
  );

  app.put(
    '/api/User/:id',
    {
      schema: {
        tags,
        summary: 'Edita nombre, correo y usuario',
        security: bearer,
        params: idParams,
        body: updateUserBody,
        response: { 200: userSchema },
      },
      preHandler: [requireAuth],
    },
    async (request) => {
      assertSelfOrAdmin(request, request.params.id);
      return updateUser(ctx, request.params.id, request.body, request.user!);
    },
  );

  app.post(
    '/api/User/:id/email-code',
    {
      schema: {
        tags,
        summary: 'Envía al correo nuevo el código para cambiar el correo del perfil (extensión, decisión 0014)',
        security: bearer,
        params: idParams,
        body: emailChangeCodeBody,
        response: { 200: messageReplySchema },
      },
      onRequest: [perAddress(IP_LIMITS.emailChangeCode)],
      preHandler: [requireAuth],
    },
    async (request) => {
      // Only for one's own account: an administrator edits other e-mails directly.
      if (request.user!.id !== request.params.id) throw forbidden();
      return sendEmailChangeCode(ctx, request.params.id, request.body.email);
    },
  );

  app.post(
    '/api/User/logout-all',
    {
      schema: {
        tags,
        summary: 'Cierra sesión en todos los dispositivos: invalida cada token emitido (extensión, decisión 0014)',
        security: bearer,
        response: { 200: messageReplySchema },
      },
      preHandler: [requireAuth],
    },
    async (request) => logOutEverywhere(ctx, request.user!),
  );

  app.delete(
    '/api/User/:id',
    { schema: { tags, summary: 'Elimina un usuario', security: bearer, params: idParams }, preHandler: [requireAdmin] },
    async (request, reply) => {
      await removeUser(ctx, request.params.id, request.user!);
      return reply.status(204).send();
    },
  );

  // spec §6: the admin-home check sends no token, so this answers without one. It only tells whether user N is an
  // administrator, which the web app shows to that user anyway.
  app.get(
    '/api/Role/VerifyAdminRole/:userId',
    {
      schema: {
        tags,
        summary: 'Responde 200 si el usuario es administrador',
        params: userIdParams,
        response: { 200: z.object({ userId: z.number(), isAdmin: z.literal(true) }) },
      },
    },
    async (request) => verifyAdminRole(ctx, request.params.userId),
  );

  app.post(
    '/api/Role/CreateAndAssignAdminRole',
    {
      schema: {
        tags,
        summary: 'Hace administrador a un usuario',
        security: bearer,
        body: assignAdminBody,
        response: { 200: userSchema },
      },
      preHandler: [requireAdmin],
    },
    async (request) => promoteToAdmin(ctx, request.body.userId),
  );
};
