import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_NAME, SHOP_SLOGAN } from '@tienda/shared/constants';
import { API, ERRORS, VALIDATION } from '@tienda/shared/messages';
import { REPLIES } from '../../replies.js';
import { isoAgo } from '../../db/timestamps.js';
import { createTestApp, testDialects, type TestApp, useTestApp } from '../../test/test-app.js';
import {
  caller,
  codeFrom,
  type Caller,
  nextIp,
  registerByCode,
  requestCode,
  strangerGuesses,
  uniqueEmail,
  uniqueUsername,
} from './accounts.test-helpers.js';
import { IP_LIMITS } from './accounts.routes.js';

// spec §7 Accounts: POST /Email/enviar-codigo, POST /Email/verificar-codigo, POST /api/User.

/** POST /api/User with the tests' usual password; `username` is a fresh one unless given. */
const signUp = (client: Caller, name: string, email: string, username = uniqueUsername()) =>
  client.post('/api/User', { name, username, email, passwordHash: 'secreto123' });

const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe.each(testDialects)('accounts: registration by e-mailed code (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it('registers a customer end to end: code by e-mail, verification, account, login', async () => {
    const email = uniqueEmail('registro');
    const username = uniqueUsername('Ana.Perez');
    const client = caller(t);

    const sent = await client.post('/Email/enviar-codigo', { destinatario: `  ${email.toUpperCase()} ` });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: 'Código enviado. Revisa tu correo.' });

    const mail = await t.mail.waitFor(email);
    const code = codeFrom(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toBe('Tu código de verificación');
    expect(mail.text).toContain(`Gracias por crear tu cuenta en ${SHOP_NAME}.`);
    expect(mail.text).toContain('El código vence en 10 minutos y solo se puede usar una vez.');
    expect(mail.text).toContain('Si no pediste crear una cuenta, puedes ignorar este correo.');
    expect(mail.text).toContain(SHOP_SLOGAN);
    expect(mail.raw).toContain('Content-Type: text/html');

    // Stored hashed, never as the code itself.
    const rows = await t.db.selectFrom('email_codes').selectAll().where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.purpose).toBe('register');
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.code_hash).not.toContain(code);

    // Field names bind case-insensitively.
    const verified = await client.post('/email/VERIFICAR-CODIGO', { Correo: email, CODIGO: code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'Código verificado correctamente.' });

    const created = await client.post('/api/User', {
      name: ' Ana Pérez ',
      username,
      email,
      passwordHash: 'mi clave 123',
    });
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(user).toEqual({
      userId: expect.any(Number),
      name: 'Ana Pérez',
      email,
      username,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      roles: [{ roleName: 'CUSTOMER' }],
    });
    const stored = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const login = await client.post('/api/Auth/login', { email, passwordHash: 'mi clave 123' });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ token: expect.any(String) });

    // The verification is used up: it cannot create a second account.
    const again = await signUp(client, 'Otra', email);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ message: REPLIES.emailNotVerified });
  });

  it('answers a wrong code with the spec message, and the right code still works afterwards', async () => {
    const email = uniqueEmail();
    const code = await requestCode(t, '/Email/enviar-codigo', email);
    const client = caller(t);
    const wrong = await client.post('/Email/verificar-codigo', { correo: email, codigo: otherCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: ERRORS.wrongCode });
    const right = await client.post('/Email/verificar-codigo', { correo: email, codigo: code });
    expect(right.statusCode).toBe(200);
  });

  it('kills a code after 5 wrong guesses, even for the right code', async () => {
    const email = uniqueEmail();
    const code = await requestCode(t, '/Email/enviar-codigo', email);
    const client = caller(t);
    const answers: Array<[number, string]> = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await client.post('/Email/verificar-codigo', { correo: email, codigo: otherCode(code) });
      answers.push([res.statusCode, res.json().message]);
    }
    expect(answers).toEqual([
      [400, ERRORS.wrongCode],
      [400, ERRORS.wrongCode],
      [400, ERRORS.wrongCode],
      [400, ERRORS.wrongCode],
      [429, REPLIES.codeLocked],
    ]);
    const right = await client.post('/Email/verificar-codigo', { correo: email, codigo: code });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ message: REPLIES.codeLocked });
    const create = await signUp(client, 'X', email);
    expect(create.statusCode).toBe(403);
  });

  it('refuses an expired code, and a verification without any code', async () => {
    const email = uniqueEmail();
    const code = await requestCode(t, '/Email/enviar-codigo', email);
    await t.db
      .updateTable('email_codes')
      .set({ expires_at: isoAgo(1000) })
      .where('email', '=', email)
      .execute();
    const client = caller(t);
    const expired = await client.post('/Email/verificar-codigo', { correo: email, codigo: code });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: REPLIES.codeExpired });

    const never = await client.post('/Email/verificar-codigo', { correo: uniqueEmail(), codigo: '123456' });
    expect(never.statusCode).toBe(400);
    expect(never.json()).toEqual({ message: REPLIES.codeExpired });
  });

  it('limits resending per e-mail: one a minute, five an hour; only the newest code works', async () => {
    const email = uniqueEmail();
    const minuteKey = `tienda:code-send-minute:register:${email}`;
    const first = await requestCode(t, '/Email/enviar-codigo', email);

    const tooSoon = await caller(t).post('/Email/enviar-codigo', { destinatario: email });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({ message: REPLIES.codeResendWait });
    expect(t.mail.messages.filter((m) => m.to.includes(email))).toHaveLength(1);

    // A minute later (events moved back in time) another code goes out, and the first one stops working.
    await t.db
      .updateTable('throttle_counters')
      .set({ expires_at: Date.now() - 1 })
      .where('key', '=', minuteKey)
      .execute();
    const second = await requestCode(t, '/Email/enviar-codigo', email);
    if (second !== first) {
      const old = await caller(t).post('/Email/verificar-codigo', { correo: email, codigo: first });
      expect(old.json()).toEqual({ message: ERRORS.wrongCode });
    }
    for (let sends = 3; sends <= 5; sends += 1) {
      await t.db
        .updateTable('throttle_counters')
        .set({ expires_at: Date.now() - 1 })
        .where('key', '=', minuteKey)
        .execute();
      await requestCode(t, '/Email/enviar-codigo', email);
    }
    await t.db
      .updateTable('throttle_counters')
      .set({ expires_at: Date.now() - 1 })
      .where('key', '=', minuteKey)
      .execute();
    const sixth = await caller(t).post('/Email/enviar-codigo', { destinatario: email });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ message: REPLIES.tooManyRequests });
  });

  it('limits code requests per IP address, generously', async () => {
    const client = caller(t, nextIp());
    const within = await Promise.all(
      Array.from({ length: IP_LIMITS.sendCode.points }, () =>
        client.post('/Email/enviar-codigo', { destinatario: uniqueEmail('ip') }),
      ),
    );
    expect(within.map((res) => res.statusCode)).toEqual(Array.from({ length: IP_LIMITS.sendCode.points }, () => 200));
    const over = await client.post('/Email/enviar-codigo', { destinatario: uniqueEmail('ip') });
    expect({ status: over.statusCode, body: over.json() }).toEqual({
      status: 429,
      body: { message: REPLIES.tooManyRequests },
    });
    // Retry-After: what is left of the 10-minute window that the first send opened.
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(9 * 60);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(10 * 60);
    // Another address is not affected.
    const other = await caller(t).post('/Email/enviar-codigo', { destinatario: uniqueEmail('ip') });
    expect(other.statusCode).toBe(200);
  });

  it('mails a note instead of a code to an e-mail that already has an account, with the same reply', async () => {
    const existing = await t.createCustomer();
    const res = await caller(t).post('/Email/enviar-codigo', { destinatario: existing.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Código enviado. Revisa tu correo.' });
    const mail = await t.mail.waitFor(existing.email);
    expect(mail.subject).toBe('Ya tienes una cuenta con este correo');
    expect(mail.text).toContain('Si no fuiste tú, puedes ignorar este correo: tu cuenta no ha cambiado.');
    expect(mail.text).not.toMatch(/^ {4}\d{6}\s*$/m);
    // A code is stored all the same, one nobody receives: guesses are answered as for a new e-mail (below).
    const codes = await t.db.selectFrom('email_codes').select('id').where('email', '=', existing.email).execute();
    expect(codes).toHaveLength(1);
  });

  it('answers guesses for an e-mail that has an account exactly as for a new one, up to the lock', async () => {
    const existing = await t.createCustomer();
    const fresh = uniqueEmail('nueva');
    await requestCode(t, '/Email/enviar-codigo', fresh);
    expect((await caller(t).post('/Email/enviar-codigo', { destinatario: existing.email })).statusCode).toBe(200);
    await t.mail.waitFor(existing.email);
    const expected = [
      ...Array.from({ length: 4 }, () => ({ status: 400, message: ERRORS.wrongCode, retryAfter: undefined })),
      ...Array.from({ length: 2 }, () => ({ status: 429, message: REPLIES.codeLocked, retryAfter: '60' })),
    ];
    expect(await strangerGuesses(t, existing.email)).toEqual(expected);
    expect(await strangerGuesses(t, fresh)).toEqual(expected);
  });

  it('refuses to create an account without a verified e-mail, or with a verification older than 30 minutes', async () => {
    const client = caller(t);
    const unverified = await signUp(client, 'Sin código', uniqueEmail());
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({ message: REPLIES.emailNotVerified });

    // Only requested, never verified.
    const email = uniqueEmail();
    const code = await requestCode(t, '/Email/enviar-codigo', email);
    const requested = await signUp(client, 'Sin verificar', email);
    expect(requested.statusCode).toBe(403);

    expect((await client.post('/Email/verificar-codigo', { correo: email, codigo: code })).statusCode).toBe(200);
    await t.db
      .updateTable('email_codes')
      .set({ verified_at: isoAgo(31 * 60_000) })
      .where('email', '=', email)
      .execute();
    const stale = await signUp(client, 'Tarde', email);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ message: REPLIES.emailNotVerified });

    // A customer's token is no admin token.
    const customer = await t.createCustomer();
    const byCustomer = await client.post(
      '/api/User',
      { name: 'X', username: uniqueUsername(), email: uniqueEmail(), passwordHash: 'secreto123' },
      customer.auth,
    );
    expect(byCustomer.statusCode).toBe(403);
  });

  it('answers 409 for a taken username (any case) and keeps the verification for a second try', async () => {
    const taken = await t.createCustomer({ username: uniqueUsername('Pedro') });
    const email = uniqueEmail();
    const code = await requestCode(t, '/Email/enviar-codigo', email);
    const client = caller(t);
    expect((await client.post('/Email/verificar-codigo', { correo: email, codigo: code })).statusCode).toBe(200);

    const clash = await signUp(client, 'Pedro', email, taken.username.toUpperCase());
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({
      message: 'El usuario ya existe. Por favor, intenta con otro correo o nombre de usuario',
    });

    const retry = await signUp(client, 'Pedro', email, uniqueUsername('Pedro'));
    expect(retry.statusCode).toBe(201);
  });

  it('lets an admin create a user without a code, and answers 409 for a taken e-mail', async () => {
    const admin = await t.createAdmin();
    const client = caller(t);
    const email = uniqueEmail('creado');
    const username = uniqueUsername('creado');
    const created = await client.post(
      '/api/User',
      { name: 'Creado por admin', username, email, passwordHash: 'secreto123' },
      admin.auth,
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Creado por admin',
      email,
      username,
      roles: [{ roleName: 'CUSTOMER' }],
    });

    const sameEmail = await client.post(
      '/api/User',
      { name: 'Otro', username: uniqueUsername(), email: email.toUpperCase(), passwordHash: 'secreto123' },
      admin.auth,
    );
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ message: ERRORS.userExists });
  });

  it('validates the new user with Spanish messages and writes nothing on bad input', async () => {
    const admin = await t.createAdmin();
    const client = caller(t);
    const good = { name: 'Ana', username: uniqueUsername(), email: uniqueEmail('valida'), passwordHash: 'secreto123' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, name: undefined }, API.userFieldsRequired],
      [{ ...good, name: '   ' }, API.userFieldsRequired],
      [{ ...good, username: '' }, API.userFieldsRequired],
      [{ ...good, passwordHash: undefined }, API.userFieldsRequired],
      [{ ...good, email: 'no-es-correo' }, API.emailInvalid],
      [{ ...good, email: 'a@b.hn, c@d.hn' }, API.emailInvalid],
      [{ ...good, username: 'con espacio' }, API.usernameInvalid],
      [{ ...good, username: 'ab' }, API.usernameInvalid],
      [{ ...good, username: 'x'.repeat(51) }, API.usernameInvalid],
      [{ ...good, passwordHash: '12345' }, VALIDATION.passwordMin],
      [{ ...good, passwordHash: 'x'.repeat(129) }, VALIDATION.passwordMax],
      [{ ...good, name: 'n'.repeat(101) }, API.nameTooLong],
      [{ ...good, name: 42 }, API.userFieldsRequired],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/User', body, admin.auth);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { message } });
    }
    const written = await t.db.selectFrom('users').select('id').where('email', '=', good.email).execute();
    expect(written).toHaveLength(0);
    // The limits themselves pass: 128-character password, 100-character name, 50-character username.
    const edge = await client.post(
      '/api/User',
      { ...good, name: 'n'.repeat(100), username: `u${'x'.repeat(49)}`.slice(0, 50), passwordHash: 'p'.repeat(128) },
      admin.auth,
    );
    expect(edge.statusCode).toBe(201);
  });

  it('validates the code calls', async () => {
    const client = caller(t);
    const cases: Array<[string, unknown, string]> = [
      ['/Email/enviar-codigo', {}, API.emailInvalid],
      ['/Email/enviar-codigo', { destinatario: 'sin-arroba' }, API.emailInvalid],
      ['/Email/enviar-codigo', { destinatario: `${'a'.repeat(250)}@x.hn` }, API.emailInvalid],
      ['/Email/verificar-codigo', { correo: uniqueEmail(), codigo: '12345' }, VALIDATION.codeLength],
      ['/Email/verificar-codigo', { correo: uniqueEmail(), codigo: '12a456' }, VALIDATION.codeLength],
      ['/Email/verificar-codigo', { correo: uniqueEmail(), codigo: 123456 }, VALIDATION.codeLength],
      ['/Email/verificar-codigo', { correo: 'x', codigo: '123456' }, API.emailInvalid],
    ];
    for (const [url, body, message] of cases) {
      const res = await client.post(url, body);
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 400, body: { message } });
    }
  });

  it('registers through the shared helper too (sanity of the flow used by other tests)', async () => {
    const user = await registerByCode(t, { name: 'Luis' });
    expect(user.userId).toBeGreaterThan(0);
  });
});

describe.each(testDialects)('accounts: mail server down (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // The mailer points at a port where nothing listens.
    t = await createTestApp(dialect, {
      mail: { smtpUrl: 'smtp://127.0.0.1:9', from: 'tienda@test.hn', outboxDir: '/nonexistent' },
    });
  });
  afterAll(() => t.close());

  it('answers 503 with the spec message and Retry-After, and does not count the failed send against the customer', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 2; i += 1) {
      const res = await caller(t).post('/Email/enviar-codigo', { destinatario: email });
      expect({ status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.json() }).toEqual({
        status: 503,
        retryAfter: '30',
        body: { message: 'Error al enviar el correo de verificación' },
      });
    }
    const codes = await t.db.selectFrom('email_codes').select('id').where('email', '=', email).execute();
    expect(codes).toHaveLength(0);
  });
});
