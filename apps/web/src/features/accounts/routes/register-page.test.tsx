import { describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeToken, navigatedTo, renderRoute, stubFetch } from '../../../test/render-route';
import { REGISTRATION_DRAFT_KEY } from '../lib/registration-draft';
import { Component as RegisterPage } from './register-page';

const user = () => userEvent.setup({ delay: null });

async function fillAll(u: ReturnType<typeof userEvent.setup>, overrides: Partial<Record<string, string>> = {}) {
  const values = {
    name: 'Ana López',
    username: 'ana.lopez',
    email: 'Ana.Lopez@Correo.hn',
    password: 'secreta1',
    confirm: 'secreta1',
    ...overrides,
  };
  if (values.name) await u.type(screen.getByLabelText('Nombre completo'), values.name);
  if (values.username) await u.type(screen.getByLabelText('Nombre de usuario'), values.username);
  if (values.email) await u.type(screen.getByLabelText('Correo electrónico'), values.email);
  if (values.password) await u.type(screen.getByLabelText('Contraseña'), values.password);
  if (values.confirm) await u.type(screen.getByLabelText('Confirmar contraseña'), values.confirm);
}

describe('/registro', () => {
  it('asks for every field once, marks the empty ones and sends nothing', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { message: 'ok' } }));
    const u = user();
    renderRoute(<RegisterPage />, { path: '/registro' });
    await u.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findAllByText('Por favor, completa todos los campos.')).toHaveLength(1);
    expect(screen.getByLabelText('Nombre completo').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('checkbox', { name: /He leído y acepto/ }).getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('requires the policies checkbox even when every text field is filled', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { message: 'ok' } }));
    const u = user();
    renderRoute(<RegisterPage />, { path: '/registro' });
    await fillAll(u);
    await u.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('Por favor, completa todos los campos.')).toBeTruthy();
    expect(screen.getByLabelText('Nombre completo').hasAttribute('aria-invalid')).toBe(false);
    expect(calls).toEqual([]);
  });

  it('says the passwords do not match', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { message: 'ok' } }));
    const u = user();
    renderRoute(<RegisterPage />, { path: '/registro' });
    await fillAll(u, { confirm: 'secreta2' });
    await u.click(screen.getByRole('checkbox', { name: /He leído y acepto/ }));
    await u.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    const confirm = screen.getByLabelText('Confirmar contraseña');
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeTruthy();
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(confirm.getAttribute('aria-describedby')).toBe(
      screen.getByText('Las contraseñas no coinciden').closest('[role="alert"]')!.id,
    );
    expect(calls).toEqual([]);
  });

  it('shows and hides each password with its own button', async () => {
    const u = user();
    renderRoute(<RegisterPage />, { path: '/registro' });
    const password = screen.getByLabelText('Contraseña');
    const confirm = screen.getByLabelText('Confirmar contraseña');
    expect(password.getAttribute('type')).toBe('password');
    await u.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(confirm.getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: 'Ocultar contraseña' }).getAttribute('aria-pressed')).toBe('true');
    await u.click(screen.getByRole('button', { name: 'Mostrar confirmar contraseña' }));
    expect(confirm.getAttribute('type')).toBe('text');
    await u.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('links to the policies and to the login', () => {
    renderRoute(<RegisterPage />, { path: '/registro' });
    expect(screen.getByRole('link', { name: 'políticas de la tienda' }).getAttribute('href')).toBe('/politicas');
    expect(screen.getByRole('link', { name: 'Inicia sesión' }).getAttribute('href')).toBe('/login');
  });

  it('keeps the draft in sessionStorage only, mails the code and goes to /codeconfirmation', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { message: 'Código enviado. Revisa tu correo.' } }));
    const u = user();
    renderRoute(<RegisterPage />, { path: '/registro' });
    await fillAll(u);
    await u.click(screen.getByRole('checkbox', { name: /He leído y acepto/ }));
    await u.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await navigatedTo()).toBe('/codeconfirmation');
    expect(calls).toEqual([
      {
        url: '/Email/enviar-codigo',
        method: 'POST',
        body: { destinatario: 'ana.lopez@correo.hn' },
        authorization: null,
      },
    ]);
    expect(JSON.parse(sessionStorage.getItem(REGISTRATION_DRAFT_KEY)!)).toEqual({
      nombreCompleto: 'Ana López',
      nombreUsuario: 'ana.lopez',
      correoElectronico: 'ana.lopez@correo.hn',
      contraseña: 'secreta1',
    });
    expect(localStorage.length).toBe(0);
  });

  describe('back from a taken username, with the e-mail already verified', () => {
    const verifiedDraft = {
      nombreCompleto: 'Ana López',
      nombreUsuario: 'ana',
      correoElectronico: 'ana.lopez@correo.hn',
      contraseña: 'secreta1',
      verifiedEmail: 'ana.lopez@correo.hn',
    };
    const resubmit = async (changes: { username?: string; email?: string }) => {
      sessionStorage.setItem(REGISTRATION_DRAFT_KEY, JSON.stringify(verifiedDraft));
      const u = user();
      renderRoute(<RegisterPage />, { path: '/registro' });
      if (changes.username) {
        await u.clear(screen.getByLabelText('Nombre de usuario'));
        await u.type(screen.getByLabelText('Nombre de usuario'), changes.username);
      }
      if (changes.email) {
        await u.clear(screen.getByLabelText('Correo electrónico'));
        await u.type(screen.getByLabelText('Correo electrónico'), changes.email);
      }
      await u.type(screen.getByLabelText('Contraseña'), 'secreta1');
      await u.type(screen.getByLabelText('Confirmar contraseña'), 'secreta1');
      await u.click(screen.getByRole('checkbox', { name: /He leído y acepto/ }));
      await u.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    };

    it('creates the account with the new username at once, without a new code', async () => {
      const calls = stubFetch(() => ({ status: 201, body: { userId: 9 } }));
      await resubmit({ username: 'ana.lopez.hn' });
      expect(await navigatedTo()).toBe('/login');
      expect(calls.map((call) => [call.method, call.url, (call.body as { username?: string }).username])).toEqual([
        ['POST', '/api/User', 'ana.lopez.hn'],
      ]);
      expect(sessionStorage.getItem(REGISTRATION_DRAFT_KEY)).toBeNull();
      expect(localStorage.getItem('registroExitoso')).toBe('true');
    });

    it('says the username is still taken, and stays', async () => {
      stubFetch(() => ({
        status: 409,
        body: { message: 'El usuario ya existe. Por favor, intenta con otro correo o nombre de usuario' },
      }));
      await resubmit({ username: 'ana2' });
      expect(
        await screen.findByText('El usuario ya existe. Por favor, intenta con otro correo o nombre de usuario'),
      ).toBeTruthy();
      expect(screen.queryByTestId('location')).toBeNull();
    });

    it('mails a new code when the proof ran out, or for another e-mail', async () => {
      let calls = stubFetch((call) =>
        call.url === '/api/User'
          ? { status: 403, body: { message: 'Verifica tu correo primero.' } }
          : { status: 200, body: { message: 'Código enviado. Revisa tu correo.' } },
      );
      await resubmit({ username: 'ana3' });
      expect(await navigatedTo()).toBe('/codeconfirmation');
      expect(calls.map((call) => call.url)).toEqual(['/api/User', '/Email/enviar-codigo']);
      cleanup();
      localStorage.clear();
      calls = stubFetch(() => ({ status: 200, body: { message: 'Código enviado. Revisa tu correo.' } }));
      await resubmit({ email: 'otra@correo.hn' });
      expect(await navigatedTo()).toBe('/codeconfirmation');
      expect(calls.map((call) => call.url)).toEqual(['/Email/enviar-codigo']);
    });
  });

  it("says 'Error al enviar el correo de verificación' when the code cannot be sent", async () => {
    stubFetch(() => ({ status: 503, body: { message: 'SMTP caído' } }));
    const u = user();
    renderRoute(<RegisterPage />, { path: '/registro' });
    await fillAll(u);
    await u.click(screen.getByRole('checkbox', { name: /He leído y acepto/ }));
    await u.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    const alert = await screen.findByText('Error al enviar el correo de verificación');
    expect(
      within(alert.closest('[role="alert"]') as HTMLElement).getByText('Error al enviar el correo de verificación'),
    ).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('does not send a token it may hold from another session', async () => {
    localStorage.setItem('token', fakeToken(3));
    const calls = stubFetch(() => ({ status: 200, body: { message: 'ok' } }));
    const u = user();
    renderRoute(<RegisterPage />, { path: '/registro' });
    await fillAll(u);
    await u.click(screen.getByRole('checkbox', { name: /He leído y acepto/ }));
    await u.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await screen.findByTestId('location');
    expect(calls[0]!.authorization).toBeNull();
  });
});
