import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordFormSchema,
  codeFormSchema,
  createUserFormSchema,
  forgotPasswordFormSchema,
  loginFormSchema,
  loginPayload,
  looksLikeEmail,
  padUserId,
  profileFormSchema,
  registrationFormSchema,
  resetPasswordFormSchema,
  sanitizeCodeInput,
  sendCodeBody,
  userSearchText,
} from './accounts.js';

// spec §5: the accounts forms' rules and their exact Spanish texts.

/** The first message a schema gives for `value`, or null when it passes (what a form shows first). */
function firstMessage(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
}

describe('registration form', () => {
  const good = {
    nombreCompleto: 'Ana Pérez',
    nombreUsuario: 'ana.perez',
    correoElectronico: 'ana@correo.hn',
    contraseña: 'secreto123',
    confirmación: 'secreto123',
    acceptPolicies: true,
  };

  it('passes a complete form and normalises the e-mail', () => {
    const parsed = registrationFormSchema.parse({ ...good, correoElectronico: ' Ana@Correo.HN ' });
    expect(parsed.correoElectronico).toBe('ana@correo.hn');
  });

  it('requires every field and the accept checkbox', () => {
    for (const key of Object.keys(good)) {
      expect(firstMessage(registrationFormSchema, { ...good, [key]: key === 'acceptPolicies' ? false : '' })).toBe(
        'Por favor, completa todos los campos.',
      );
      const { [key as keyof typeof good]: _dropped, ...missing } = good;
      expect(firstMessage(registrationFormSchema, missing)).toBe('Por favor, completa todos los campos.');
    }
    expect(firstMessage(registrationFormSchema, { ...good, nombreCompleto: '   ' })).toBe(
      'Por favor, completa todos los campos.',
    );
  });

  it('requires matching passwords', () => {
    expect(firstMessage(registrationFormSchema, { ...good, confirmación: 'otra-cosa' })).toBe(
      'Las contraseñas no coinciden',
    );
    const issue = registrationFormSchema.safeParse({ ...good, confirmación: 'otra-cosa' }).error!.issues[0]!;
    expect(issue.path).toEqual(['confirmación']);
  });

  it('checks what the server will check: e-mail, username, password length', () => {
    expect(firstMessage(registrationFormSchema, { ...good, correoElectronico: 'ana@correo' })).toBe(
      'El formato de correo no es válido.',
    );
    expect(firstMessage(registrationFormSchema, { ...good, nombreUsuario: 'ana perez' })).toMatch(
      /^El nombre de usuario solo puede/,
    );
    expect(firstMessage(registrationFormSchema, { ...good, contraseña: '12345', confirmación: '12345' })).toBe(
      'La contraseña debe tener al menos 6 caracteres.',
    );
  });
});

describe('code', () => {
  it('needs exactly 6 digits', () => {
    expect(firstMessage(codeFormSchema, { code: '123456' })).toBeNull();
    for (const code of ['', '12345', '1234567', '12a456', ' 12 34']) {
      expect(firstMessage(codeFormSchema, { code })).toBe('El código debe tener 6 dígitos');
    }
  });

  it('keeps digits only, at most 6, while typing', () => {
    expect(sanitizeCodeInput('12-3a45 678')).toBe('123456');
    expect(sanitizeCodeInput('abc')).toBe('');
  });
});

describe('login form', () => {
  it('requires both fields', () => {
    expect(firstMessage(loginFormSchema, { identifier: '', password: 'x' })).toBe('Todos los campos son necesarios');
    expect(firstMessage(loginFormSchema, { identifier: 'ana', password: '' })).toBe('Todos los campos son necesarios');
    expect(firstMessage(loginFormSchema, { identifier: 'ana', password: 'x' })).toBeNull();
  });

  it('sends an identifier that looks like an e-mail as email, anything else as username (spec §5)', () => {
    expect(looksLikeEmail('ana@correo.hn')).toBe(true);
    expect(looksLikeEmail('a@b.c')).toBe(true);
    for (const text of ['ana', 'ana@correo', '@correo.hn', 'ana@.hn', 'ana @correo.hn', 'ana@correo.', '']) {
      expect(looksLikeEmail(text)).toBe(false);
    }
    expect(loginPayload(' ana@correo.hn ', 'clave')).toEqual({ email: 'ana@correo.hn', passwordHash: 'clave' });
    expect(loginPayload('ana.perez', 'clave')).toEqual({ username: 'ana.perez', passwordHash: 'clave' });
  });
});

describe('forgot and reset password forms', () => {
  it('needs a valid e-mail to send the code', () => {
    expect(firstMessage(forgotPasswordFormSchema, { email: '' })).toBe('Por favor ingresa un correo válido.');
    expect(firstMessage(forgotPasswordFormSchema, { email: 'ana' })).toBe('Por favor ingresa un correo válido.');
    expect(firstMessage(forgotPasswordFormSchema, { email: 'ana@correo.hn' })).toBeNull();
  });

  it('needs both passwords, matching, of at least 6 characters', () => {
    expect(firstMessage(resetPasswordFormSchema, { newPassword: '', confirmPassword: '' })).toBe(
      'Por favor completa todos los campos.',
    );
    expect(firstMessage(resetPasswordFormSchema, { newPassword: 'secreto1', confirmPassword: '' })).toBe(
      'Por favor completa todos los campos.',
    );
    expect(firstMessage(resetPasswordFormSchema, { newPassword: 'secreto1', confirmPassword: 'secreto2' })).toBe(
      'Las contraseñas no coinciden.',
    );
    expect(firstMessage(resetPasswordFormSchema, { newPassword: '123', confirmPassword: '123' })).toBe(
      'La contraseña debe tener al menos 6 caracteres.',
    );
    expect(firstMessage(resetPasswordFormSchema, { newPassword: 'secreto1', confirmPassword: 'secreto1' })).toBeNull();
  });
});

describe('profile forms', () => {
  const good = { name: 'Ana', username: 'ana', email: 'ana@correo.hn' };
  it('gives the spec message per empty field and for a bad e-mail', () => {
    expect(firstMessage(profileFormSchema, { ...good, name: ' ' })).toBe('El nombre no puede estar vacío.');
    expect(firstMessage(profileFormSchema, { ...good, username: '' })).toBe('El username no puede estar vacío.');
    expect(firstMessage(profileFormSchema, { ...good, email: '' })).toBe('El correo no puede estar vacío.');
    expect(firstMessage(profileFormSchema, { ...good, email: 'ana@' })).toBe('El formato de correo no es válido.');
    expect(firstMessage(profileFormSchema, good)).toBeNull();
  });

  it('checks the password change in the spec order', () => {
    const ok = { currentPassword: 'actual', newPassword: 'nueva-1', confirmPassword: 'nueva-1' };
    expect(firstMessage(changePasswordFormSchema, { ...ok, currentPassword: '' })).toBe(
      'Escribe tu contraseña actual.',
    );
    expect(firstMessage(changePasswordFormSchema, { ...ok, newPassword: '' })).toBe('Escribe la nueva contraseña.');
    expect(firstMessage(changePasswordFormSchema, { ...ok, newPassword: '12345', confirmPassword: '12345' })).toBe(
      'La contraseña debe tener al menos 6 caracteres.',
    );
    expect(firstMessage(changePasswordFormSchema, { ...ok, confirmPassword: 'otra' })).toBe(
      'Las contraseñas no coinciden.',
    );
    expect(firstMessage(changePasswordFormSchema, ok)).toBeNull();
  });
});

describe('create user form (admin)', () => {
  const good = { name: 'Admin Dos', email: 'admin2@tienda.hn', username: 'admin2', password: 'secreto123' };
  it('requires every field', () => {
    for (const key of Object.keys(good)) {
      expect(firstMessage(createUserFormSchema, { ...good, [key]: '' })).toBe('Todos los campos son obligatorios');
    }
    expect(firstMessage(createUserFormSchema, good)).toBeNull();
  });
});

describe('the e-mail addresses the API stores and mails to', () => {
  const accepted = (email: string) => sendCodeBody.safeParse({ destinatario: email }).success;
  it('accepts ordinary addresses and refuses what a mailer could read as more than one', () => {
    for (const email of ['ana@correo.hn', 'ana.perez+tienda@sub.correo.hn', "o'neil@x.com"])
      expect(accepted(email)).toBe(true);
    for (const email of ['a@b.hn, c@d.hn', '"a b"@x.hn', 'a@b', 'a@-b.hn', '<a@b.hn>', `${'a'.repeat(250)}@b.hn`]) {
      expect(accepted(email)).toBe(false);
    }
  });
});

describe('users admin search', () => {
  it('pads user ids to 5 digits and shows longer ones whole (spec §2)', () => {
    expect(padUserId(7)).toBe('00007');
    expect(padUserId(12345)).toBe('12345');
    expect(padUserId(123456)).toBe('123456');
  });

  it('folds the name, e-mail and username one per line', () => {
    expect(userSearchText({ name: 'José Núñez', email: 'jose@correo.hn', username: 'PepeÑ' })).toBe(
      'jose nunez\njose@correo.hn\npepen',
    );
  });
});
