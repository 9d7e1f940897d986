import { describe, expect, it } from 'vitest';
import { SHOP_NAME, SHOP_SLOGAN } from '@tienda/shared/constants';
import { API, ERRORS, VALIDATION } from '@tienda/shared/messages';
import { REPLIES } from '../../replies.js';
import { isoAgo } from '../../db/timestamps.js';
import { testDialects, useTestApp } from '../../test/test-app.js';
import { caller, codeFrom, nextIp, requestCode, strangerGuesses, uniqueEmail } from './accounts.test-helpers.js';
import { LOGIN_FAILURE_LIMIT } from './accounts.service.js';

// spec §7: POST /Email/send-reset-code, POST /Email/verificar-codigo (reset code), PUT /api/User/password.

const changed = { message: 'Contraseña cambiada correctamente.' };

describe.each(testDialects)('accounts: password reset and change (%s)', (dialect) => {
  const t = useTestApp(dialect);

  const login = (email: string, password: string, ip?: string) =>
    caller(t, ip).post('/api/Auth/login', { email, passwordHash: password });

  it('resets a forgotten password by e-mailed code; the old password stops working; the code works once', async () => {
    const user = await t.createCustomer({ name: 'maría josé', password: 'vieja-clave' });
    const client = caller(t);

    const sent = await client.post('/Email/send-reset-code', { email: user.email.toUpperCase() });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: 'Código enviado. Revisa tu correo.' });
    const mail = await t.mail.waitFor(user.email);
    const code = codeFrom(mail);
    expect(mail.subject).toBe('Código para cambiar tu contraseña');
    // The account is known: its owner is greeted by name.
    expect(mail.text).toContain('Hola, María:');
    expect(mail.text).toContain('El código vence en 10 minutos y solo se puede usar una vez.');
    expect(mail.text).toContain('Si no pediste cambiar tu contraseña, puedes ignorar este correo');
    expect(mail.text).toContain(SHOP_SLOGAN);

    // Not verified yet: the reset form is refused.
    const early = await client.put('/api/User/password', { email: user.email, newPassword: 'nueva-clave' });
    expect({ status: early.statusCode, body: early.json() }).toEqual({
      status: 403,
      body: { message: REPLIES.resetNotVerified },
    });

    const verified = await client.post('/Email/verificar-codigo', { correo: user.email, codigo: code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: ERRORS.resetCodeVerified });

    const reset = await client.put('/api/user/PASSWORD', { Email: user.email, NewPassword: 'nueva-clave' });
    expect({ status: reset.statusCode, body: reset.json() }).toEqual({ status: 200, body: changed });
    // A reset ends every session signed before it (a stolen token among them).
    const before = await client.get(`/api/User/${user.id}`, user.auth);
    expect({ status: before.statusCode, body: before.json() }).toEqual({
      status: 401,
      body: { message: REPLIES.invalidTokenReply },
    });

    expect((await login(user.email, 'vieja-clave')).statusCode).toBe(401);
    expect((await login(user.email, 'nueva-clave')).statusCode).toBe(200);
    const notice = await t.mail.waitFor(user.email, (m) => m.subject === 'Tu contraseña cambió');
    expect(notice.text).toContain('se cambió con un código enviado a este correo.');
    expect(notice.text).toContain('cerramos tu sesión en los demás dispositivos');

    // Single use: the same verification cannot reset again, nor can the code be verified again.
    const reuse = await client.put('/api/User/password', { email: user.email, newPassword: 'tercera-clave' });
    expect({ status: reuse.statusCode, body: reuse.json() }).toEqual({
      status: 403,
      body: { message: REPLIES.resetNotVerified },
    });
    const reverify = await client.post('/Email/verificar-codigo', { correo: user.email, codigo: code });
    expect({ status: reverify.statusCode, body: reverify.json() }).toEqual({
      status: 400,
      body: { message: REPLIES.codeExpired },
    });
    expect((await login(user.email, 'nueva-clave')).statusCode).toBe(200);
  });

  it('refuses a reset verified more than 15 minutes ago, and a registration code used for a reset', async () => {
    const user = await t.createCustomer();
    const code = await requestCode(t, '/Email/send-reset-code', user.email);
    const client = caller(t);
    expect((await client.post('/Email/verificar-codigo', { correo: user.email, codigo: code })).statusCode).toBe(200);
    await t.db
      .updateTable('email_codes')
      .set({ verified_at: isoAgo(16 * 60_000) })
      .where('email', '=', user.email)
      .execute();
    const late = await client.put('/api/User/password', { email: user.email, newPassword: 'nueva-clave' });
    expect({ status: late.statusCode, body: late.json() }).toEqual({
      status: 403,
      body: { message: REPLIES.resetNotVerified },
    });

    // A verified registration code is no reset code.
    const email = uniqueEmail();
    const registration = await requestCode(t, '/Email/enviar-codigo', email);
    expect((await client.post('/Email/verificar-codigo', { correo: email, codigo: registration })).statusCode).toBe(
      200,
    );
    const asReset = await client.put('/api/User/password', { email, newPassword: 'nueva-clave' });
    expect(asReset.statusCode).toBe(403);
  });

  it('answers an e-mail without an account as one with it, mailing a note instead of a code, and limits resending', async () => {
    const nobody = uniqueEmail('nadie');
    const unknown = await caller(t).post('/Email/send-reset-code', { email: nobody });
    const user = await t.createCustomer();
    const known = await caller(t).post('/Email/send-reset-code', { email: user.email });
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
      status: known.statusCode,
      body: known.json(),
    });
    expect(unknown.statusCode).toBe(200);
    const note = await t.mail.waitFor(nobody, (m) => m.subject === 'No hay una cuenta con este correo');
    expect(note.text).toContain('pero no hay ninguna cuenta con él');
    // Named as the shop names it (the header's 'Crear cuenta').
    expect(note.text).toContain('puedes crear una con «Crear cuenta» en la tienda.');
    expect(() => codeFrom(note)).toThrow();
    const tooSoon = await caller(t).post('/Email/send-reset-code', { email: nobody });
    expect({ status: tooSoon.statusCode, body: tooSoon.json() }).toEqual({
      status: 429,
      body: { message: REPLIES.codeResendWait },
    });

    const bad = await caller(t).post('/Email/send-reset-code', { email: '' });
    expect({ status: bad.statusCode, body: bad.json() }).toEqual({
      status: 400,
      body: { message: VALIDATION.recoveryEmailRequired },
    });

    const again = await caller(t).post('/Email/send-reset-code', { email: user.email });
    expect({ status: again.statusCode, body: again.json() }).toEqual({
      status: 429,
      body: { message: REPLIES.codeResendWait },
    });
  });

  it('answers guesses at a reset code for an e-mail without an account exactly as for one with it', async () => {
    const nobody = uniqueEmail('nadie');
    const user = await t.createCustomer();
    for (const email of [nobody, user.email]) {
      expect((await caller(t).post('/Email/send-reset-code', { email })).statusCode).toBe(200);
      await t.mail.waitFor(email);
    }
    const expected = [
      ...Array.from({ length: 4 }, () => ({ status: 400, message: ERRORS.wrongCode, retryAfter: undefined })),
      ...Array.from({ length: 2 }, () => ({ status: 429, message: REPLIES.codeLocked, retryAfter: '60' })),
    ];
    expect(await strangerGuesses(t, nobody)).toEqual(expected);
    expect(await strangerGuesses(t, user.email)).toEqual(expected);
  });

  it('validates the new password length (6 to 128)', async () => {
    const user = await t.createCustomer();
    const client = caller(t);
    const short = await client.put('/api/User/password', { email: user.email, newPassword: '12345' });
    expect({ status: short.statusCode, body: short.json() }).toEqual({
      status: 400,
      body: { message: VALIDATION.passwordMin },
    });
    const long = await client.put('/api/User/password', { email: user.email, newPassword: 'x'.repeat(129) });
    expect({ status: long.statusCode, body: long.json() }).toEqual({
      status: 400,
      body: { message: VALIDATION.passwordMax },
    });
    const missing = await client.put('/api/User/password', { email: user.email });
    expect({ status: missing.statusCode, body: missing.json() }).toEqual({
      status: 400,
      body: { message: VALIDATION.newPasswordRequired },
    });
  });

  describe('profile form (bearer, current password)', () => {
    it('changes the own password when the current one is right; other sessions end, this one gets a new token', async () => {
      const user = await t.createCustomer({ password: 'actual-123' });
      const otherDevice = await login(user.email, 'actual-123');
      const client = caller(t);
      const res = await client.put(
        '/api/User/password',
        { email: user.email, currentPassword: 'actual-123', newPassword: 'nueva-456' },
        user.auth,
      );
      expect({ status: res.statusCode, body: { ...res.json(), token: typeof res.json().token } }).toEqual({
        status: 200,
        body: { ...changed, token: 'string' },
      });
      expect((await login(user.email, 'actual-123')).statusCode).toBe(401);
      expect((await login(user.email, 'nueva-456')).statusCode).toBe(200);
      const notice = await t.mail.waitFor(user.email);
      expect(notice.subject).toBe('Tu contraseña cambió');
      expect(notice.text).toContain(`La contraseña de tu cuenta en ${SHOP_NAME} se cambió desde tu perfil.`);

      const me = (authorization: string) => client.get(`/api/User/${user.id}`, { authorization });
      for (const revoked of [user.token, otherDevice.json().token as string]) {
        const res401 = await me(`Bearer ${revoked}`);
        expect({ status: res401.statusCode, body: res401.json() }).toEqual({
          status: 401,
          body: { message: REPLIES.invalidTokenReply },
        });
      }
      expect((await me(`Bearer ${res.json().token}`)).statusCode).toBe(200);
    });

    it('refuses a wrong current password, and counts it as a failed login from that address', async () => {
      const user = await t.createCustomer({ password: 'actual-123' });
      const ip = nextIp();
      const client = caller(t, ip);
      // The reply as status and body, so each attempt states both.
      const changeFrom = async (currentPassword: string) => {
        const res = await client.put(
          '/api/User/password',
          { email: user.email, currentPassword, newPassword: 'nueva-456' },
          user.auth,
        );
        return { status: res.statusCode, body: res.json() as unknown };
      };
      expect(await changeFrom('otra')).toEqual({
        status: 400,
        body: { message: API.currentPasswordWrong },
      });
      expect(await changeFrom('')).toEqual({
        status: 400,
        body: { message: VALIDATION.currentPasswordRequired },
      });
      for (let i = 1; i < LOGIN_FAILURE_LIMIT; i += 1) {
        await changeFrom(`otra${i}`);
      }
      expect(await changeFrom('actual-123')).toEqual({
        status: 429,
        body: { message: REPLIES.tooManyLoginAttempts },
      });
      expect((await login(user.email, 'actual-123', ip)).statusCode).toBe(429);
      expect((await login(user.email, 'actual-123')).statusCode).toBe(200);
    });

    it('refuses a new password equal to the current one, and changes nothing', async () => {
      const user = await t.createCustomer({ password: 'actual-123' });
      const res = await caller(t).put(
        '/api/User/password',
        { email: user.email, currentPassword: 'actual-123', newPassword: 'actual-123' },
        user.auth,
      );
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 400,
        body: { message: API.newPasswordSameAsCurrent },
      });
      // The session goes on (a change would have ended the others), and nothing was mailed.
      expect((await caller(t).get(`/api/User/${user.id}`, user.auth)).statusCode).toBe(200);
      const queued = await t.db.selectFrom('outbox').select('subject').where('recipient', '=', user.email).execute();
      expect(queued).toEqual([]);
    });

    it("refuses another user's e-mail, even for an admin, and needs a valid token", async () => {
      const owner = await t.createCustomer({ password: 'del-dueno' });
      const other = await t.createCustomer({ password: 'del-otro' });
      const admin = await t.createAdmin({ password: 'del-admin' });
      const client = caller(t);
      const body = { email: owner.email, currentPassword: 'del-otro', newPassword: 'robada-1' };
      const byOther = await client.put('/api/User/password', body, other.auth);
      expect({ status: byOther.statusCode, body: byOther.json() }).toEqual({
        status: 403,
        body: { message: REPLIES.forbidden },
      });
      const byAdmin = await client.put('/api/User/password', { ...body, currentPassword: 'del-admin' }, admin.auth);
      expect(byAdmin.statusCode).toBe(403);
      const noToken = await client.put('/api/User/password', { ...body, currentPassword: 'del-dueno' });
      expect({ status: noToken.statusCode, body: noToken.json() }).toEqual({
        status: 401,
        body: { message: REPLIES.unauthorized },
      });
      const badToken = await client.put(
        '/api/User/password',
        { ...body, currentPassword: 'del-dueno' },
        { authorization: 'Bearer x.y.z' },
      );
      expect(badToken.statusCode).toBe(401);
      expect((await login(owner.email, 'del-dueno')).statusCode).toBe(200);
    });
  });
});
