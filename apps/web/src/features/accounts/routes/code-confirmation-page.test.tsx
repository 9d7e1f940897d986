import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigatedTo, renderRoute, stubFetch, type FetchCall, type FetchReply } from '../../../test/render-route';
import { REGISTRATION_DONE_FLAG, REGISTRATION_DRAFT_KEY, saveRegistrationDraft } from '../lib/registration-draft';
import { Component as CodeConfirmationPage } from './code-confirmation-page';

const DRAFT = {
  nombreCompleto: 'Ana López',
  nombreUsuario: 'ana.lopez',
  correoElectronico: 'ana@correo.hn',
  contraseña: 'secreta1',
};
const user = () => userEvent.setup({ delay: null });

function replies(verify: FetchReply, create: FetchReply = { status: 201, body: { userId: 9 } }) {
  return (call: FetchCall): FetchReply =>
    call.url === '/Email/verificar-codigo'
      ? verify
      : call.url === '/api/User'
        ? create
        : { status: 200, body: { message: 'ok' } };
}

async function submitCode(code: string) {
  const u = user();
  await u.type(screen.getByLabelText('Código de verificación'), code);
  await u.click(screen.getByRole('button', { name: 'Confirmar' }));
}

describe('/codeconfirmation', () => {
  it('sends a visitor without a registration draft back to /registro', async () => {
    renderRoute(<CodeConfirmationPage />, { path: '/codeconfirmation' });
    expect(await navigatedTo()).toBe('/registro');
  });

  describe('with a draft', () => {
    beforeEach(() => saveRegistrationDraft(DRAFT));

    it('keeps digits only, at most 6, with the numeric keypad and one-time-code autofill', async () => {
      renderRoute(<CodeConfirmationPage />, { path: '/codeconfirmation' });
      const input = screen.getByLabelText('Código de verificación') as HTMLInputElement;
      await user().type(input, 'a1b2 c3-d4e5f6g7');
      expect(input.value).toBe('123456');
      expect(input.getAttribute('inputmode')).toBe('numeric');
      expect(input.getAttribute('autocomplete')).toBe('one-time-code');
      expect(screen.getByText(/ana@correo\.hn/)).toBeTruthy();
    });

    it('asks for 6 digits and sends nothing with fewer', async () => {
      const calls = stubFetch(replies({ status: 200 }));
      renderRoute(<CodeConfirmationPage />, { path: '/codeconfirmation' });
      await submitCode('12345');
      expect(await screen.findByText('El código debe tener 6 dígitos')).toBeTruthy();
      expect(calls).toEqual([]);
    });

    it('says the code is wrong when the server refuses it', async () => {
      stubFetch(replies({ status: 400, body: { message: 'Código incorrecto. Por favor, verifica tu correo.' } }));
      renderRoute(<CodeConfirmationPage />, { path: '/codeconfirmation' });
      await submitCode('111111');
      expect(await screen.findByText('Código incorrecto. Por favor, verifica tu correo.')).toBeTruthy();
    });

    it('reads a refusal without a message as a wrong code too', async () => {
      stubFetch(replies({ status: 400 }));
      renderRoute(<CodeConfirmationPage />, { path: '/codeconfirmation' });
      await submitCode('111111');
      expect(await screen.findByText('Código incorrecto. Por favor, verifica tu correo.')).toBeTruthy();
    });

    it('says the verification failed when the network does', async () => {
      stubFetch(replies('network-error'));
      renderRoute(<CodeConfirmationPage />, { path: '/codeconfirmation' });
      await submitCode('111111');
      expect(await screen.findByText('Ocurrió un error al verificar el código. Inténtalo nuevamente')).toBeTruthy();
    });

    it('warns when the user already exists and stays, keeping the draft', async () => {
      stubFetch(
        replies(
          { status: 200 },
          {
            status: 409,
            body: { message: 'El usuario ya existe. Por favor, intenta con otro correo o nombre de usuario' },
          },
        ),
      );
      renderRoute(<CodeConfirmationPage />, { path: '/codeconfirmation' });
      await submitCode('123456');
      expect(
        await screen.findByText('El usuario ya existe. Por favor, intenta con otro correo o nombre de usuario'),
      ).toBeTruthy();
      expect(screen.queryByTestId('location')).toBeNull();
      // The draft remembers the e-mail was verified: /registro creates the account with another username at once.
      expect(JSON.parse(sessionStorage.getItem(REGISTRATION_DRAFT_KEY)!).verifiedEmail).toBe(
        JSON.parse(sessionStorage.getItem(REGISTRATION_DRAFT_KEY)!).correoElectronico,
      );
      expect(localStorage.getItem(REGISTRATION_DONE_FLAG)).toBeNull();
    });

    it('says the registration failed on any other error', async () => {
      stubFetch(replies({ status: 200 }, { status: 500, body: { message: 'boom' } }));
      renderRoute(<CodeConfirmationPage />, { path: '/codeconfirmation' });
      await submitCode('123456');
      expect(await screen.findByText('Ocurrió un error al registrar el usuario. Inténtalo nuevamente')).toBeTruthy();
    });

    it('verifies, creates the user (plain password in passwordHash), deletes the draft, sets the flag, goes to /login', async () => {
      const calls = stubFetch(replies({ status: 200, body: { message: 'Código verificado correctamente.' } }));
      renderRoute(<CodeConfirmationPage />, { path: '/codeconfirmation' });
      await submitCode('654321');
      expect(await navigatedTo()).toBe('/login');
      expect(calls.map(({ url, method, body }) => ({ url, method, body }))).toEqual([
        { url: '/Email/verificar-codigo', method: 'POST', body: { correo: 'ana@correo.hn', codigo: '654321' } },
        {
          url: '/api/User',
          method: 'POST',
          body: { name: 'Ana López', username: 'ana.lopez', email: 'ana@correo.hn', passwordHash: 'secreta1' },
        },
      ]);
      expect(sessionStorage.getItem(REGISTRATION_DRAFT_KEY)).toBeNull();
      expect(localStorage.getItem(REGISTRATION_DONE_FLAG)).toBe('true');
    });

    it("offers 'Reenviar código', which mails a new code to the draft's e-mail", async () => {
      const calls = stubFetch(() => ({ status: 200, body: { message: 'Código enviado. Revisa tu correo.' } }));
      renderRoute(<CodeConfirmationPage />, { path: '/codeconfirmation' });
      await user().click(screen.getByRole('button', { name: 'Reenviar código' }));
      expect(await screen.findByText('Código enviado. Revisa tu correo.')).toBeTruthy();
      expect(calls.map(({ url, body }) => ({ url, body }))).toEqual([
        { url: '/Email/enviar-codigo', body: { destinatario: 'ana@correo.hn' } },
      ]);
    });
  });
});
