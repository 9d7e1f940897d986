import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigatedTo, renderRoute, stubFetch } from '../../../test/render-route';
import { Component as ResetPasswordPage } from './reset-password-page';

const withEmail = {
  path: '/reset-password',
  entry: { pathname: '/reset-password', state: { email: 'ana@correo.hn' } },
};

async function submit(password: string, confirmation: string) {
  const u = userEvent.setup({ delay: null });
  if (password) await u.type(screen.getByLabelText('Nueva contraseña'), password);
  if (confirmation) await u.type(screen.getByLabelText('Confirmar nueva contraseña'), confirmation);
  await u.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
}

describe('/reset-password', () => {
  it('sends a visitor without an e-mail back to /olvide-contrasena', async () => {
    renderRoute(<ResetPasswordPage />, { path: '/reset-password' });
    expect(await navigatedTo()).toBe('/olvide-contrasena');
  });

  it('needs both fields', async () => {
    const calls = stubFetch(() => ({ status: 200 }));
    renderRoute(<ResetPasswordPage />, withEmail);
    await submit('nueva123', '');
    expect(await screen.findAllByText('Por favor completa todos los campos.')).toHaveLength(1);
    expect(calls).toEqual([]);
  });

  it('needs matching passwords', async () => {
    stubFetch(() => ({ status: 200 }));
    renderRoute(<ResetPasswordPage />, withEmail);
    await submit('nueva123', 'nueva124');
    expect(await screen.findByText('Las contraseñas no coinciden.')).toBeTruthy();
  });

  it('needs at least 6 characters', async () => {
    stubFetch(() => ({ status: 200 }));
    renderRoute(<ResetPasswordPage />, withEmail);
    await submit('corta', 'corta');
    expect(await screen.findByText('La contraseña debe tener al menos 6 caracteres.')).toBeTruthy();
  });

  it('changes the password with {email, newPassword}, says so and goes to /login', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { message: 'Contraseña cambiada correctamente.' } }));
    renderRoute(<ResetPasswordPage />, withEmail);
    await submit('nueva123', 'nueva123');
    expect(await navigatedTo()).toBe('/login');
    expect(await screen.findByText('Contraseña cambiada correctamente.')).toBeTruthy();
    expect(calls.map(({ url, method, body }) => ({ url, method, body }))).toEqual([
      { url: '/api/User/password', method: 'PUT', body: { email: 'ana@correo.hn', newPassword: 'nueva123' } },
    ]);
  });

  it("shows the server's message, or 'Error al cambiar la contraseña.'", async () => {
    stubFetch(() => ({ status: 403, body: { message: 'Primero verifica el código que enviamos a tu correo.' } }));
    const first = renderRoute(<ResetPasswordPage />, withEmail);
    await submit('nueva123', 'nueva123');
    expect(await screen.findByText('Primero verifica el código que enviamos a tu correo.')).toBeTruthy();
    first.unmount();
    stubFetch(() => 'network-error');
    renderRoute(<ResetPasswordPage />, withEmail);
    await submit('nueva123', 'nueva123');
    expect(await screen.findByText('Error al cambiar la contraseña.')).toBeTruthy();
  });
});
