import { describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RequireLogin } from '../../../components/require-login';
import { endSession, sessionEndedBecause } from '../../../lib/session';
import { expectSentToLogin, fakeToken, navigatedTo, renderRoute, stubFetch } from '../../../test/render-route';
import { REGISTRATION_DONE_FLAG } from '../lib/registration-draft';
import { Component as LoginPage } from './login-page';

async function logIn(identifier: string, password: string) {
  const u = userEvent.setup({ delay: null });
  if (identifier) await u.type(screen.getByLabelText('Correo electrónico o nombre de usuario'), identifier);
  if (password) await u.type(screen.getByLabelText('Contraseña'), password);
  await u.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
}

describe('/login', () => {
  it('forgets why the server ended the session once shown: a guarded screen then says its own message', async () => {
    const token = fakeToken(7);
    localStorage.setItem('token', token);
    endSession(token, 'Token inválido o vencido. Vuelve a iniciar sesión.');
    expect(sessionEndedBecause()).toBe('Token inválido o vencido. Vuelve a iniciar sesión.');
    renderRoute(<LoginPage />, { path: '/login' });
    await screen.findByRole('heading', { name: 'Inicia sesión' });
    expect(sessionEndedBecause()).toBeNull();
    cleanup();
    const cart = (
      <RequireLogin missingMessage="Debes iniciar sesión para ver tu carrito" invalidMessage="Usuario inválido">
        {() => <p>carrito</p>}
      </RequireLogin>
    );
    await expectSentToLogin(cart, '/MiCarrito', null, 'Debes iniciar sesión para ver tu carrito');
    expect(screen.queryByText('Token inválido o vencido. Vuelve a iniciar sesión.')).toBeNull();
  });

  it('needs both fields', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { token: 't' } }));
    renderRoute(<LoginPage />, { path: '/login' });
    // The tab says where the family is (every account screen, through AuthShell).
    expect(document.title).toBe('Inicia sesión · Jugar y Crecer');
    await logIn('ana', '');
    expect(await screen.findAllByText('Todos los campos son necesarios')).toHaveLength(1);
    expect(screen.getByLabelText('Contraseña').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('sends an identifier that looks like an e-mail as email', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { token: 'token-ana' } }));
    renderRoute(<LoginPage />, { path: '/login' });
    await logIn(' ana@correo.hn ', 'secreta1');
    expect(await navigatedTo()).toBe('/');
    expect(calls.map(({ url, method, body }) => ({ url, method, body }))).toEqual([
      { url: '/api/Auth/login', method: 'POST', body: { email: 'ana@correo.hn', passwordHash: 'secreta1' } },
    ]);
    expect(localStorage.getItem('token')).toBe('token-ana');
  });

  it('goes back to the page that sent the visitor here, if it is one of ours (an order opened from an e-mail)', async () => {
    stubFetch(() => ({ status: 200, body: { token: 'token-ana' } }));
    renderRoute(<LoginPage />, { path: '/login', entry: { pathname: '/login', state: { returnTo: '/pedido/12' } } });
    await logIn('ana', 'secreta1');
    expect(await navigatedTo()).toBe('/pedido/12');
  });

  it('goes to / when the page to go back to would leave the site', async () => {
    stubFetch(() => ({ status: 200, body: { token: 'token-ana' } }));
    renderRoute(<LoginPage />, {
      path: '/login',
      entry: { pathname: '/login', state: { returnTo: '//otro-sitio.example/pedido/12' } },
    });
    await logIn('ana', 'secreta1');
    expect(await navigatedTo()).toBe('/');
  });

  it('sends anything else as username', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { token: 'token-ana' } }));
    renderRoute(<LoginPage />, { path: '/login' });
    await logIn('ana@correo', 'secreta1');
    await navigatedTo();
    expect(calls[0]!.body).toEqual({ username: 'ana@correo', passwordHash: 'secreta1' });
  });

  it("shows the server's message when the login is refused", async () => {
    stubFetch(() => ({
      status: 429,
      body: { message: 'Demasiados intentos fallidos. Espera 15 minutos e inténtalo de nuevo.' },
    }));
    renderRoute(<LoginPage />, { path: '/login' });
    await logIn('ana', 'mala');
    expect(
      await screen.findByText('Demasiados intentos fallidos. Espera 15 minutos e inténtalo de nuevo.'),
    ).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("says 'Credenciales inválidas' when the refusal has no message", async () => {
    stubFetch(() => ({ status: 401 }));
    renderRoute(<LoginPage />, { path: '/login' });
    await logIn('ana', 'mala');
    expect(await screen.findByText('Credenciales inválidas')).toBeTruthy();
  });

  it("says 'Ha ocurrido un error inesperado' when the network fails", async () => {
    stubFetch(() => 'network-error');
    renderRoute(<LoginPage />, { path: '/login' });
    await logIn('ana', 'secreta1');
    expect(await screen.findByText('Ha ocurrido un error inesperado')).toBeTruthy();
  });

  it("has 'Recuérdame' and the links to /olvide-contrasena and /registro", () => {
    renderRoute(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('checkbox', { name: 'Recuérdame' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).getAttribute('href')).toBe(
      '/olvide-contrasena',
    );
    expect(screen.getByRole('link', { name: 'Crea una aquí' }).getAttribute('href')).toBe('/registro');
  });

  it('greets once after a registration and forgets the flag', () => {
    localStorage.setItem(REGISTRATION_DONE_FLAG, 'true');
    renderRoute(<LoginPage />, { path: '/login' });
    expect(screen.getByText(/Tu cuenta está lista/)).toBeTruthy();
    expect(localStorage.getItem(REGISTRATION_DONE_FLAG)).toBeNull();
  });
});
