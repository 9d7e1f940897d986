import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app.js';
import { ensureAdministrator } from './accounts.bootstrap.js';
import { caller, uniqueEmail } from './accounts.test-helpers.js';

// ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_USERNAME: at every start make sure this administrator exists.

describe.each(testDialects)('accounts: ensureAdministrator (%s)', (dialect) => {
  let t: TestApp;
  let adminToken = '';
  const configured = { email: 'Duena.Tienda@Correo.hn', password: 'clave-de-la-duena', name: 'Dueña de la tienda' };
  beforeAll(async () => {
    t = await createTestApp(dialect, { admin: configured });
  });
  afterAll(() => t.close());

  const userByEmail = (email: string) =>
    t.app
      .inject({ method: 'GET', url: '/api/User', headers: { authorization: `Bearer ${adminToken}` } })
      .then((res) =>
        (res.json() as Array<{ email: string; username: string; name: string; roles: unknown }>).find(
          (u) => u.email === email,
        ),
      );
  const login = (body: object) => caller(t).post('/api/Auth/login', body);

  it('creates the configured administrator when the app starts, with that password', async () => {
    const res = await login({ email: 'duena.tienda@correo.hn', passwordHash: 'clave-de-la-duena' });
    expect(res.statusCode).toBe(200);
    adminToken = res.json().token;
    expect(await userByEmail('duena.tienda@correo.hn')).toMatchObject({
      name: 'Dueña de la tienda',
      username: 'duena.tienda',
      roles: [{ roleName: 'ADMIN' }],
    });
    // The username is the e-mail's local part (the e-mail is stored lower-cased); login ignores case.
    expect((await login({ username: 'Duena.Tienda', passwordHash: 'clave-de-la-duena' })).statusCode).toBe(200);
  });

  it('is idempotent at the next start: one account, password unchanged', async () => {
    await ensureAdministrator(t.app.ctx, { ...configured, password: 'otra-clave-distinta' });
    const rows = await t.db.selectFrom('users').select('id').where('email', '=', 'duena.tienda@correo.hn').execute();
    expect(rows).toHaveLength(1);
    expect((await login({ email: configured.email, passwordHash: 'clave-de-la-duena' })).statusCode).toBe(200);
  });

  it('promotes an existing customer with that e-mail instead of creating one', async () => {
    const customer = await t.createCustomer({ password: 'la-de-siempre' });
    await ensureAdministrator(t.app.ctx, { email: customer.email.toUpperCase(), password: 'ignorada-aqui' });
    expect(await userByEmail(customer.email)).toMatchObject({
      username: customer.username,
      roles: [{ roleName: 'ADMIN' }],
    });
    expect((await login({ email: customer.email, passwordHash: 'la-de-siempre' })).statusCode).toBe(200);
    const verify = await caller(t).get(`/api/Role/VerifyAdminRole/${customer.id}`);
    expect(verify.statusCode).toBe(200);
  });

  it('takes ADMIN_USERNAME when given, and makes a taken username unique', async () => {
    const email = uniqueEmail('jefe');
    await ensureAdministrator(t.app.ctx, { email, password: 'secreto123', username: 'JefeTienda' });
    expect((await userByEmail(email))?.username).toBe('JefeTienda');

    const second = uniqueEmail('otro');
    await ensureAdministrator(t.app.ctx, { email: second, password: 'secreto123', username: 'jefetienda' });
    expect((await userByEmail(second))?.username).toBe('jefetienda2');

    // A local part too short or with other characters still gives a valid username.
    await ensureAdministrator(t.app.ctx, { email: 'a+b@tienda.hn', password: 'secreto123' });
    expect(await userByEmail('a+b@tienda.hn')).toMatchObject({
      username: 'abadmin',
      name: 'Administrador',
      roles: [{ roleName: 'ADMIN' }],
    });
    expect((await login({ username: 'abadmin', passwordHash: 'secreto123' })).statusCode).toBe(200);
  });
});
