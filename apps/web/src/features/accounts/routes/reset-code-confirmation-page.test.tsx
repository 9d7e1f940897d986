import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigatedTo, navigationState, renderRoute, stubFetch } from '../../../test/render-route';
import { Component as ResetCodePage } from './reset-code-confirmation-page';

const withEmail = {
  path: '/reset-code-confirmation',
  entry: { pathname: '/reset-code-confirmation', state: { email: 'ana@correo.hn' } },
};

async function submitCode(code: string) {
  const u = userEvent.setup({ delay: null });
  await u.type(screen.getByLabelText('Código de verificación'), code);
  await u.click(screen.getByRole('button', { name: 'Confirmar' }));
}

describe('reset code confirmation', () => {
  it('sends a visitor without an e-mail back to /olvide-contrasena', async () => {
    renderRoute(<ResetCodePage />, { path: '/reset-code-confirmation' });
    expect(await navigatedTo()).toBe('/olvide-contrasena');
  });

  it('shows the e-mail it was given and one numeric code input', () => {
    renderRoute(<ResetCodePage />, withEmail);
    expect(screen.getByText('ana@correo.hn')).toBeTruthy();
    expect(screen.getByLabelText('Código de verificación').getAttribute('inputmode')).toBe('numeric');
  });

  it('asks for 6 digits', async () => {
    const calls = stubFetch(() => ({ status: 200 }));
    renderRoute(<ResetCodePage />, withEmail);
    await submitCode('12');
    expect(await screen.findByText('El código debe tener 6 dígitos')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('says the code is wrong', async () => {
    stubFetch(() => ({ status: 400, body: { message: 'Código incorrecto. Por favor, verifica tu correo.' } }));
    renderRoute(<ResetCodePage />, withEmail);
    await submitCode('000000');
    expect(await screen.findByText('Código incorrecto. Por favor, verifica tu correo.')).toBeTruthy();
  });

  it('says the verification failed on a network error', async () => {
    stubFetch(() => 'network-error');
    renderRoute(<ResetCodePage />, withEmail);
    await submitCode('000000');
    expect(await screen.findByText('Error al verificar el código. Inténtalo nuevamente.')).toBeTruthy();
  });

  it("verifies, says 'Código verificado correctamente.' and goes to /reset-password with the e-mail", async () => {
    const calls = stubFetch(() => ({ status: 200, body: { message: 'Código verificado correctamente.' } }));
    renderRoute(<ResetCodePage />, withEmail);
    await submitCode('246810');
    expect(await navigatedTo()).toBe('/reset-password');
    expect(navigationState()).toEqual({ email: 'ana@correo.hn' });
    expect(await screen.findByText('Código verificado correctamente.')).toBeTruthy();
    expect(calls.map(({ url, body }) => ({ url, body }))).toEqual([
      { url: '/Email/verificar-codigo', body: { correo: 'ana@correo.hn', codigo: '246810' } },
    ]);
  });
});
