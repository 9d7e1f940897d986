import { beforeAll, describe, expect, it } from 'vitest';
import { SHOP_NAME } from '@tienda/shared/constants';
import { API, ERRORS, VALIDATION } from '@tienda/shared/messages';
import { REPLIES } from '../../replies.js';
import { insertProduct } from '../../test/catalog-fixtures.js';
import { orderOneProduct } from '../../test/order-fixtures.js';
import { testDialects, type TestUser, useTestApp } from '../../test/test-app.js';
import { caller, codeFrom, uniqueEmail, uniqueUsername } from './accounts.test-helpers.js';

// spec §7: GET/PUT/DELETE /api/User[/{id}], GET /api/Role/VerifyAdminRole/{userId},
// POST /api/Role/CreateAndAssignAdminRole, with the access rules of spec §6.

const unauthorized = { status: 401, body: { message: REPLIES.unauthorized } };
const forbidden = { status: 403, body: { message: REPLIES.forbidden } };

describe.each(testDialects)('accounts: users and roles (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let admin: TestUser;
  let customer: TestUser;
  beforeAll(async () => {
    admin = await t.createAdmin({ name: 'Administradora' });
    customer = await t.createCustomer({ name: 'Carlos Cliente' });
  });

  const call = async (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, user?: TestUser, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: user ? user.auth : {}, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };

  it("keeps one person's answers out of every cache; the catalogue's stay revalidated, token or not", async () => {
    const cacheControl = async (url: string, user?: TestUser) =>
      (await t.app.inject({ method: 'GET', url, headers: user ? user.auth : {} })).headers['cache-control'];
    expect([
      await cacheControl(`/api/User/${customer.id}`, customer),
      await cacheControl(`/api/User/${customer.id}`),
      await cacheControl('/api/User', admin),
      await cacheControl('/api/Order/admin-list', admin),
      await cacheControl('/api/Product/featured', customer),
      await cacheControl('/api/Product/featured'),
    ]).toEqual([
      'private, no-store',
      'private, no-store',
      'private, no-store',
      'private, no-store',
      'no-cache',
      'no-cache',
    ]);
  });

  describe('GET /api/User', () => {
    it('lists every user for an admin, with roles and without password hashes', async () => {
      const res = await call('GET', '/api/User', admin);
      expect(res.status).toBe(200);
      const listed = res.body as Array<Record<string, unknown>>;
      expect(listed.find((u) => u.userId === customer.id)).toEqual({
        userId: customer.id,
        name: 'Carlos Cliente',
        email: customer.email,
        username: customer.username,
        createdAt: expect.stringMatching(/Z$/),
        roles: [{ roleName: 'CUSTOMER' }],
      });
      expect(listed.find((u) => u.userId === admin.id)?.roles).toEqual([{ roleName: 'ADMIN' }]);
      expect(JSON.stringify(listed)).not.toContain('argon2');
      const ids = listed.map((u) => u.userId as number);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    });

    it('answers 401 without a token and 403 for a customer', async () => {
      expect(await call('GET', '/api/User')).toEqual(unauthorized);
      expect(await call('GET', '/api/User', customer)).toEqual(forbidden);
    });
  });

  describe('GET /api/User/{id}', () => {
    it('shows a customer their own record, and any record to an admin', async () => {
      const own = await call('GET', `/api/User/${customer.id}`, customer);
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ userId: customer.id, name: 'Carlos Cliente', email: customer.email });
      const byAdmin = await call('GET', `/api/user/${customer.id}/`, admin);
      expect(byAdmin.status).toBe(200);
    });

    it("refuses another user's record to a customer (403 even when it does not exist), 404 to an admin", async () => {
      expect(await call('GET', `/api/User/${admin.id}`, customer)).toEqual(forbidden);
      expect(await call('GET', '/api/User/999999', customer)).toEqual(forbidden);
      expect(await call('GET', '/api/User/999999', admin)).toEqual({
        status: 404,
        body: { message: REPLIES.userNotFound },
      });
      expect(await call('GET', `/api/User/${customer.id}`)).toEqual(unauthorized);
    });

    it('answers 400 for an id that is not a positive integer', async () => {
      for (const id of ['abc', '0', '-1', '1.5', '99999999999', '1e3']) {
        expect(await call('GET', `/api/User/${id}`, admin)).toEqual({ status: 400, body: { message: API.invalidId } });
      }
    });
  });

  describe('PUT /api/User/{id}', () => {
    it('lets a customer edit their own name and username as spec §7 says, and returns the updated user', async () => {
      const user = await t.createCustomer();
      const username = uniqueUsername('Nuevo.Nombre');
      const res = await call('PUT', `/api/User/${user.id}`, user, {
        Name: ' Nombre Nuevo ',
        EMAIL: user.email.toUpperCase(),
        username,
      });
      expect(res).toEqual({
        status: 200,
        body: {
          userId: user.id,
          name: 'Nombre Nuevo',
          email: user.email,
          username,
          createdAt: expect.any(String),
          roles: [{ roleName: 'CUSTOMER' }],
        },
      });
      // The new username logs in (any case).
      const login = await caller(t).post('/api/Auth/login', {
        username: username.toLowerCase(),
        passwordHash: user.password,
      });
      expect(login.statusCode).toBe(200);
      // Saving the same values again is no clash with oneself.
      const again = { name: 'Nombre Nuevo', email: user.email, username };
      expect((await call('PUT', `/api/User/${user.id}`, user, again)).status).toBe(200);
    });

    it('changes the own e-mail only with the code mailed to the new address', async () => {
      const user = await t.createCustomer({ name: 'Ana' });
      const email = uniqueEmail('nuevo');
      const body = { name: 'Ana María', email: email.toUpperCase(), username: user.username };

      // A spec client without the code: nothing changes, and the reason is in Spanish.
      expect(await call('PUT', `/api/User/${user.id}`, user, body)).toEqual({
        status: 400,
        body: { message: REPLIES.emailChangeCodeRequired },
      });
      expect((await call('GET', `/api/User/${user.id}`, user)).body).toMatchObject({ name: 'Ana', email: user.email });

      const sent = await call('POST', `/api/User/${user.id}/email-code`, user, { email });
      expect(sent).toEqual({ status: 200, body: { message: API.codeSent } });
      const mail = await t.mail.waitFor(email);
      expect(mail.subject).toBe('Código para confirmar tu nuevo correo');
      const code = codeFrom(mail);
      expect(t.mail.messages.filter((m) => m.to.includes(user.email))).toHaveLength(0);

      // The public verification call does not know e-mail change codes.
      const publicVerify = await caller(t).post('/Email/verificar-codigo', { correo: email, codigo: code });
      expect({ status: publicVerify.statusCode, body: publicVerify.json() }).toEqual({
        status: 400,
        body: { message: REPLIES.codeExpired },
      });
      const wrongCode = code === '000000' ? '111111' : '000000';
      expect(await call('PUT', `/api/User/${user.id}`, user, { ...body, codigo: wrongCode })).toEqual({
        status: 400,
        body: { message: ERRORS.wrongCode },
      });
      const saved = await call('PUT', `/api/User/${user.id}`, user, { ...body, codigo: code });
      expect(saved).toEqual({
        status: 200,
        body: {
          userId: user.id,
          name: 'Ana María',
          email,
          username: user.username,
          createdAt: expect.any(String),
          roles: [{ roleName: 'CUSTOMER' }],
        },
      });
      const login = await caller(t).post('/api/Auth/login', { email, passwordHash: user.password });
      expect(login.statusCode).toBe(200);
      // The old address hears of it, in case someone else made the change.
      const notice = await t.mail.waitFor(user.email);
      expect(notice.subject).toBe('El correo de tu cuenta cambió');
      expect(notice.text).toContain('Hola, Ana:');
      expect(notice.text).toContain(`El correo de tu cuenta en ${SHOP_NAME} ahora es ${email}.`);
      expect(notice.text).toContain('Si no fuiste tú, responde a este correo de inmediato');

      // Single use: the same code cannot move the e-mail again.
      const back = { name: 'Ana María', email: user.email, username: user.username, codigo: code };
      expect(await call('PUT', `/api/User/${user.id}`, user, back)).toEqual({
        status: 400,
        body: { message: REPLIES.codeExpired },
      });
    });

    it("sends e-mail change codes only for a free e-mail of one's own account", async () => {
      const user = await t.createCustomer();
      const other = await t.createCustomer();
      expect(await call('POST', `/api/User/${user.id}/email-code`, user, { email: other.email })).toEqual({
        status: 409,
        body: { message: ERRORS.userExists },
      });
      expect(await call('POST', `/api/User/${user.id}/email-code`, user, { email: user.email })).toEqual({
        status: 400,
        body: { message: REPLIES.emailChangeSameEmail },
      });
      expect(await call('POST', `/api/User/${other.id}/email-code`, user, { email: uniqueEmail() })).toEqual(forbidden);
      expect(await call('POST', `/api/User/${user.id}/email-code`, admin, { email: uniqueEmail() })).toEqual(forbidden);
      expect(await call('POST', `/api/User/${user.id}/email-code`, undefined, { email: uniqueEmail() })).toEqual(
        unauthorized,
      );
      expect(await call('POST', `/api/User/${user.id}/email-code`, user, { email: 'correo-malo' })).toEqual({
        status: 400,
        body: { message: VALIDATION.emailFormat },
      });
    });

    it("refuses another user's record to a customer, and lets an admin edit anyone", async () => {
      const target = await t.createCustomer();
      const placed = await orderOneProduct(t, target, await insertProduct(t.db, { stock: 2 }));
      const orderId = (placed.json() as { orderId: number }).orderId;
      const body = { name: 'Cambiado', email: uniqueEmail(), username: uniqueUsername() };
      expect(await call('PUT', `/api/User/${target.id}`, customer, body)).toEqual(forbidden);
      expect(await call('PUT', `/api/User/${target.id}`, undefined, body)).toEqual(unauthorized);
      const byAdmin = await call('PUT', `/api/User/${target.id}`, admin, body);
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body).toMatchObject({ name: 'Cambiado', email: body.email, username: body.username });
      // The account's order follows it: its page, the orders admin's search and its e-mails use the new address.
      const order = await call('GET', `/api/Order/${orderId}`, admin);
      expect((order.body as { customerEmail: string }).customerEmail).toBe(body.email);
      const found = await call('GET', `/api/Order/admin-list?q=${encodeURIComponent(body.email)}`, admin);
      expect((found.body as { items: Array<{ orderId: number }> }).items.map((o) => o.orderId)).toEqual([orderId]);
      const notice = await t.mail.waitFor(target.email, (m) => m.subject === 'El correo de tu cuenta cambió');
      expect(notice.text).toContain(`La tienda cambió el correo de tu cuenta en ${SHOP_NAME} a ${body.email}.`);
      // A save that keeps the e-mail sends nothing.
      const renamed = await call('PUT', `/api/User/${target.id}`, admin, { ...body, name: 'Otra Vez' });
      expect(renamed.status).toBe(200);
      const queued = await t.db
        .selectFrom('outbox')
        .select('recipient')
        .where('subject', '=', notice.subject)
        .execute();
      expect(queued.filter((row) => [target.email, body.email].includes(row.recipient))).toEqual([
        { recipient: target.email },
      ]);
      expect(await call('PUT', '/api/User/999999', admin, body)).toEqual({
        status: 404,
        body: { message: REPLIES.userNotFound },
      });
    });

    it('answers 409 when the e-mail or the username (any case) belongs to someone else', async () => {
      const user = await t.createCustomer();
      const other = await t.createCustomer({ username: uniqueUsername('Otra.Persona') });
      const takenName = await call('PUT', `/api/User/${user.id}`, user, {
        name: 'X',
        email: user.email,
        username: other.username.toUpperCase(),
      });
      expect(takenName).toEqual({ status: 409, body: { message: ERRORS.userExists } });
      const takenEmail = await call('PUT', `/api/User/${user.id}`, user, {
        name: 'X',
        email: other.email,
        username: user.username,
      });
      expect(takenEmail).toEqual({ status: 409, body: { message: ERRORS.userExists } });
    });

    it('answers ten e-mail or username checks of an account an hour, then says when to try again', async () => {
      const user = await t.createCustomer();
      const other = await t.createCustomer();
      const probe = (email: string) =>
        call('PUT', `/api/User/${user.id}`, user, { name: 'X', email, username: user.username });
      // Ten checks, of every kind: taken and free e-mails, a code for a new one, a taken username.
      // A free e-mail without its code is a 400 (emailChangeCodeRequired), a taken one a 409.
      for (let i = 0; i < 7; i += 1)
        expect((await probe(i % 2 ? other.email : uniqueEmail())).status).toBe(i % 2 ? 409 : 400);
      expect((await call('POST', `/api/User/${user.id}/email-code`, user, { email: uniqueEmail() })).status).toBe(200);
      const name = await call('PUT', `/api/User/${user.id}`, user, {
        name: 'X',
        email: user.email,
        username: other.username,
      });
      expect(name.status).toBe(409);
      expect((await probe(other.email)).status).toBe(409);
      const over = await t.app.inject({
        method: 'PUT',
        url: `/api/User/${user.id}`,
        headers: user.auth,
        payload: { name: 'X', email: other.email, username: user.username },
      });
      expect({ status: over.statusCode, body: over.json() }).toEqual({
        status: 429,
        body: { message: REPLIES.tooManyRequests },
      });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(59 * 60);
      expect(await call('POST', `/api/User/${user.id}/email-code`, user, { email: other.email })).toEqual({
        status: 429,
        body: { message: REPLIES.tooManyRequests },
      });
      // Saving the same e-mail and username (a new name) is no check; an admin editing the account is not counted.
      expect(
        (await call('PUT', `/api/User/${user.id}`, user, { name: 'Y', email: user.email, username: user.username }))
          .status,
      ).toBe(200);
      expect(
        (
          await call('PUT', `/api/User/${user.id}`, admin, {
            name: 'Z',
            email: uniqueEmail(),
            username: uniqueUsername(),
          })
        ).status,
      ).toBe(200);
    });

    it('validates with the profile messages of spec §5', async () => {
      const user = await t.createCustomer();
      const good = { name: 'Nombre', email: user.email, username: user.username };
      const cases: Array<[object, string]> = [
        [{ ...good, name: '  ' }, VALIDATION.profileNameEmpty],
        [{ ...good, username: '' }, VALIDATION.profileUsernameEmpty],
        [{ ...good, email: '' }, VALIDATION.profileEmailEmpty],
        [{ ...good, email: 'correo-malo' }, VALIDATION.emailFormat],
        [{ ...good, username: 'tiene espacio' }, API.usernameInvalid],
        [{ ...good, name: 'n'.repeat(101) }, API.nameTooLong],
      ];
      for (const [body, message] of cases) {
        expect(await call('PUT', `/api/User/${user.id}`, user, body)).toEqual({ status: 400, body: { message } });
      }
    });
  });

  describe('DELETE /api/User/{id}', () => {
    it('lets an admin delete a user (204); their token stops working; their orders would stay', async () => {
      const doomed = await t.createCustomer();
      expect(await call('DELETE', `/api/User/${doomed.id}`, admin)).toEqual({ status: 204, body: null });
      expect(await call('GET', `/api/User/${doomed.id}`, admin)).toEqual({
        status: 404,
        body: { message: REPLIES.userNotFound },
      });
      expect(await call('GET', `/api/User/${doomed.id}`, doomed)).toEqual({
        status: 401,
        body: { message: REPLIES.invalidTokenReply },
      });
      expect(await call('DELETE', `/api/User/${doomed.id}`, admin)).toEqual({
        status: 404,
        body: { message: REPLIES.userNotFound },
      });
    });

    it('answers 401 without a token, 403 for a customer (even for themselves), 400 for an admin deleting themselves', async () => {
      const target = await t.createCustomer();
      expect(await call('DELETE', `/api/User/${target.id}`)).toEqual(unauthorized);
      expect(await call('DELETE', `/api/User/${target.id}`, customer)).toEqual(forbidden);
      expect(await call('DELETE', `/api/User/${target.id}`, target)).toEqual(forbidden);
      expect(await call('DELETE', `/api/User/${admin.id}`, admin)).toEqual({
        status: 400,
        body: { message: REPLIES.cannotDeleteSelf },
      });
      expect((await call('GET', `/api/User/${target.id}`, admin)).status).toBe(200);
    });
  });

  describe('roles', () => {
    it('VerifyAdminRole: 200 for an admin, 403 for a customer, 404 for nobody — without a token (spec §6)', async () => {
      expect(await call('GET', `/api/Role/VerifyAdminRole/${admin.id}`)).toEqual({
        status: 200,
        body: { userId: admin.id, isAdmin: true },
      });
      expect(await call('GET', `/api/role/verifyadminrole/${customer.id}`)).toEqual({
        status: 403,
        body: { message: REPLIES.notAdmin },
      });
      expect(await call('GET', '/api/Role/VerifyAdminRole/999999')).toEqual({
        status: 404,
        body: { message: REPLIES.userNotFound },
      });
      expect(await call('GET', '/api/Role/VerifyAdminRole/abc')).toEqual({
        status: 400,
        body: { message: API.invalidId },
      });
    });

    it('CreateAndAssignAdminRole: an admin promotes a user, idempotently; the new role counts at once', async () => {
      const user = await t.createCustomer();
      // roleId is sent as 0 by the client and ignored; field names bind in any case.
      const first = await call('POST', '/api/Role/CreateAndAssignAdminRole', admin, { UserId: user.id, RoleId: 0 });
      expect(first).toEqual({
        status: 200,
        body: expect.objectContaining({ userId: user.id, roles: [{ roleName: 'ADMIN' }] }),
      });
      const second = await call('POST', '/api/Role/CreateAndAssignAdminRole', admin, {
        userId: String(user.id),
        roleId: 0,
      });
      expect(second.body.roles).toEqual([{ roleName: 'ADMIN' }]);
      expect((await call('GET', `/api/Role/VerifyAdminRole/${user.id}`)).status).toBe(200);
      // The token signed before the promotion already opens admin calls: roles are read on each call.
      expect((await call('GET', '/api/User', user)).status).toBe(200);
    });

    it('CreateAndAssignAdminRole: 401 without a token, 403 for a customer, 404 for no such user, 400 for a bad id', async () => {
      const body = { userId: customer.id, roleId: 0 };
      expect(await call('POST', '/api/Role/CreateAndAssignAdminRole', undefined, body)).toEqual(unauthorized);
      expect(await call('POST', '/api/Role/CreateAndAssignAdminRole', customer, body)).toEqual(forbidden);
      expect((await call('GET', `/api/Role/VerifyAdminRole/${customer.id}`)).status).toBe(403);
      expect(await call('POST', '/api/Role/CreateAndAssignAdminRole', admin, { userId: 999999, roleId: 0 })).toEqual({
        status: 404,
        body: { message: REPLIES.userNotFound },
      });
      for (const userId of ['abc', 0, -3, 1.5, null, true]) {
        expect(await call('POST', '/api/Role/CreateAndAssignAdminRole', admin, { userId, roleId: 0 })).toEqual({
          status: 400,
          body: { message: API.invalidId },
        });
      }
    });
  });
});
