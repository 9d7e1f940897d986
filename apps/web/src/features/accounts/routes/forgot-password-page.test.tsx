import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigatedTo, navigationState, renderRoute, stubFetch } from '../../../test/render-route';
import { Component as ForgotPasswordPage } from './forgot-password-page';

async function send(email: string) {
  const u = userEvent.setup({ delay: null });
  if (email) await u.type(screen.getByLabelText('Correo electrónico'), email);
  await u.click(screen.getByRole('button', { name: 'Enviar código' }));
}

describe('/olvide-contrasena', () => {
  it('asks for an e-mail', async () => {
    const calls = stubFetch(() => ({ status: 200 }));
    renderRoute(<ForgotPasswordPage />, { path: '/olvide-contrasena' });
    await send('');
    expect(await screen.findByText('Por favor ingresa un correo válido.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("shows 'Enviando...' while busy, then goes on with the e-mail in navigation state", async () => {
    let release!: () => void;
    const calls = stubFetch(
      () =>
        new Promise(
          (resolve) =>
            (release = () => resolve({ status: 200, body: { message: 'Código enviado. Revisa tu correo.' } })),
        ),
    );
    renderRoute(<ForgotPasswordPage />, { path: '/olvide-contrasena' });
    await send('Ana@Correo.hn');
    const busy = await screen.findByRole('button', { name: 'Enviando...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await navigatedTo()).toBe('/reset-code-confirmation');
    expect(navigationState()).toEqual({ email: 'ana@correo.hn' });
    expect(calls.map(({ url, method, body }) => ({ url, method, body }))).toEqual([
      { url: '/Email/send-reset-code', method: 'POST', body: { email: 'ana@correo.hn' } },
    ]);
  });

  it("shows the server's message under the field", async () => {
    const wait = 'Ya enviamos un código hace poco. Espera un minuto antes de pedir otro.';
    stubFetch(() => ({ status: 429, body: { message: wait } }));
    renderRoute(<ForgotPasswordPage />, { path: '/olvide-contrasena' });
    await send('ana@correo.hn');
    const message = await screen.findByText(wait);
    const field = screen.getByLabelText('Correo electrónico');
    expect(field.getAttribute('aria-describedby')).toBe(message.closest('[role="alert"]')!.id);
  });

  it("falls back to 'Error al enviar código'", async () => {
    stubFetch(() => 'network-error');
    renderRoute(<ForgotPasswordPage />, { path: '/olvide-contrasena' });
    await send('ana@correo.hn');
    expect(await screen.findByText('Error al enviar código')).toBeTruthy();
  });
});
