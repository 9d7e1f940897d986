import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderJson } from '@tienda/shared/orders';
import { expectSentToLogin, fakeToken, navigatedTo, renderRoute, stubFetch } from '../../../test/render-route';
import type { FetchCall, FetchReply } from '../../../test/render-route';
import { orderJson } from '../../../test/fixtures';
import { Component as ProfilePage } from './profile-page';
import { withDialogMethods } from '../../../test/dialog-methods';

const USER = {
  userId: 7,
  name: 'Ana López',
  email: 'ana@correo.hn',
  username: 'ana',
  createdAt: '2026-11-01T12:00:00.000Z',
  roles: [{ roleName: 'CUSTOMER' }],
};

function order(orderId: number, createdAt: string, orderStatus = 0): OrderJson {
  return orderJson({
    orderId,
    userId: 7,
    createdAt,
    address: 'Col. Trejo',
    subtotal: 649,
    total: 729,
    orderStatus,
    customerName: 'Ana López',
    customerEmail: 'ana@correo.hn',
    paymentMethod: 'contra_entrega',
    orderProducts: [
      {
        orderProductId: orderId * 10,
        productId: 4,
        quantity: 1,
        unitprice: 649,
        subtotal: 649,
        appliedDiscount: 0,
        name: 'Cubo sensorial',
        imageUrl: null,
      },
    ],
  });
}

function api(over: Partial<Record<string, FetchReply | ((call: FetchCall) => FetchReply)>> = {}) {
  return (call: FetchCall): FetchReply => {
    const key = `${call.method} ${call.url}`;
    const custom = over[key];
    if (custom) return typeof custom === 'function' ? custom(call) : custom;
    if (key === 'GET /api/User/7') return { status: 200, body: USER };
    if (key === 'GET /api/Order/user/7') return { status: 200, body: [] };
    return { status: 404, body: { message: 'no' } };
  };
}

function renderProfile() {
  return renderRoute(<ProfilePage />, { path: '/profile', signedInAs: 7 });
}

const u = () => userEvent.setup({ delay: null });
const personal = () => screen.getByRole('form', { name: 'Datos personales' });
const password = () => screen.getByRole('form', { name: 'Cambiar contraseña' });

describe('/profile guards', () => {
  it("without a token says 'Debes iniciar sesión para ver tu perfil.' and goes to /login", async () => {
    await expectSentToLogin(<ProfilePage />, '/profile', null, 'Debes iniciar sesión para ver tu perfil.');
  });

  it("with an unreadable token says 'Token inválido. Vuelve a iniciar sesión.' and goes to /login", async () => {
    await expectSentToLogin(<ProfilePage />, '/profile', 'basura', 'Token inválido. Vuelve a iniciar sesión.');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("ends a session whose token the server no longer accepts, saying the server's reason", async () => {
    stubFetch(
      api({
        'GET /api/User/7': { status: 401, body: { message: 'Token inválido o vencido. Vuelve a iniciar sesión.' } },
      }),
    );
    renderProfile();
    expect(await navigatedTo()).toBe('/login');
    expect(await screen.findByText('Token inválido o vencido. Vuelve a iniciar sesión.')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('/profile personal data', () => {
  it('loads the user into the form', async () => {
    stubFetch(api());
    renderProfile();
    expect(((await screen.findByLabelText('Nombre completo')) as HTMLInputElement).value).toBe('Ana López');
    expect((screen.getByLabelText('Nombre de usuario') as HTMLInputElement).value).toBe('ana');
    expect((screen.getByLabelText('Correo electrónico') as HTMLInputElement).value).toBe('ana@correo.hn');
  });

  it("says 'Error al cargar datos de usuario.' when the user cannot be loaded", async () => {
    stubFetch(api({ 'GET /api/User/7': { status: 500, body: { message: 'x' } } }));
    renderProfile();
    expect(await screen.findByText('Error al cargar datos de usuario.')).toBeTruthy();
  });

  it.each([
    ['Nombre completo', '', 'El nombre no puede estar vacío.'],
    ['Nombre de usuario', '', 'El username no puede estar vacío.'],
    ['Correo electrónico', '', 'El correo no puede estar vacío.'],
    ['Correo electrónico', 'ana@correo', 'El formato de correo no es válido.'],
  ])('%s = %j gives %s', async (label, value, message) => {
    const calls = stubFetch(api());
    renderProfile();
    const input = await screen.findByLabelText(label);
    await u().clear(input);
    if (value) await u().type(input, value);
    await u().click(within(personal()).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it("saves {name, email, username} and says 'Información actualizada correctamente.'", async () => {
    const calls = stubFetch(
      api({ 'PUT /api/User/7': (call) => ({ status: 200, body: { ...USER, ...(call.body as object) } }) }),
    );
    renderProfile();
    const name = await screen.findByLabelText('Nombre completo');
    await u().clear(name);
    await u().type(name, 'Ana María López');
    await u().click(within(personal()).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Información actualizada correctamente.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map(({ url, body }) => ({ url, body }))).toEqual([
      { url: '/api/User/7', body: { name: 'Ana María López', username: 'ana', email: 'ana@correo.hn' } },
    ]);
    expect(screen.getByText(/¡Hola, Ana!/)).toBeTruthy();
  });

  it("says 'Error al guardar cambios.' when saving fails, and why when the e-mail or username is taken", async () => {
    stubFetch(api({ 'PUT /api/User/7': { status: 500 } }));
    const first = renderProfile();
    await screen.findByLabelText('Nombre completo');
    await u().click(within(personal()).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Error al guardar cambios.')).toBeTruthy();
    first.unmount();

    stubFetch(
      api({
        'PUT /api/User/7': {
          status: 409,
          body: { message: 'El usuario ya existe. Por favor, intenta con otro correo o nombre de usuario' },
        },
      }),
    );
    renderProfile();
    await screen.findByLabelText('Nombre completo');
    await u().click(within(personal()).getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await screen.findByText('El usuario ya existe. Por favor, intenta con otro correo o nombre de usuario'),
    ).toBeTruthy();
  });
});

describe('/profile e-mail change (docs/decisions/0014)', () => {
  it('mails a code to the new e-mail first, then saves with it', async () => {
    const calls = stubFetch(
      api({
        'POST /api/User/7/email-code': { status: 200, body: { message: 'Código enviado. Revisa tu correo.' } },
        'PUT /api/User/7': (call) => {
          const { codigo, ...fields } = call.body as { codigo?: string };
          return codigo === '123456'
            ? { status: 200, body: { ...USER, ...fields } }
            : { status: 400, body: { message: 'Código incorrecto. Por favor, verifica tu correo.' } };
        },
      }),
    );
    renderProfile();
    const email = await screen.findByLabelText('Correo electrónico');
    await u().clear(email);
    await u().type(email, 'Ana.Nueva@Correo.hn');
    await u().click(within(personal()).getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await screen.findByText('Te enviamos un código a ana.nueva@correo.hn. Escríbelo para confirmar tu nuevo correo.'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET').map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'POST', url: '/api/User/7/email-code', body: { email: 'ana.nueva@correo.hn' } },
    ]);

    await u().type(screen.getByLabelText('Código de verificación'), '000000');
    await u().click(screen.getByRole('button', { name: 'Confirmar correo' }));
    expect(await screen.findByText('Código incorrecto. Por favor, verifica tu correo.')).toBeTruthy();

    const code = screen.getByLabelText('Código de verificación');
    await u().clear(code);
    await u().type(code, '123456');
    await u().click(screen.getByRole('button', { name: 'Confirmar correo' }));
    expect(await screen.findByText('Información actualizada correctamente.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map(({ body }) => body)).toEqual([
      { name: 'Ana López', username: 'ana', email: 'ana.nueva@correo.hn', codigo: '000000' },
      { name: 'Ana López', username: 'ana', email: 'ana.nueva@correo.hn', codigo: '123456' },
    ]);
    expect(screen.queryByLabelText('Código de verificación')).toBeNull();
    expect((screen.getByLabelText('Correo electrónico') as HTMLInputElement).value).toBe('ana.nueva@correo.hn');
  });

  it('shows why the code could not be sent, such as an e-mail that another account holds', async () => {
    const calls = stubFetch(
      api({
        'POST /api/User/7/email-code': {
          status: 409,
          body: { message: 'El usuario ya existe. Por favor, intenta con otro correo o nombre de usuario' },
        },
      }),
    );
    renderProfile();
    const email = await screen.findByLabelText('Correo electrónico');
    await u().clear(email);
    await u().type(email, 'otra@correo.hn');
    await u().click(within(personal()).getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await screen.findByText('El usuario ya existe. Por favor, intenta con otro correo o nombre de usuario'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Código de verificación')).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});

describe('/profile sessions', () => {
  withDialogMethods();

  it("'Cerrar sesión en todos los dispositivos' asks first, then ends every session and goes to /login", async () => {
    const calls = stubFetch(
      api({
        'POST /api/User/logout-all': { status: 200, body: { message: 'Cerraste sesión en todos los dispositivos.' } },
      }),
    );
    renderProfile();
    await u().click(await screen.findByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar sesión en todos los dispositivos?' });
    await u().click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(localStorage.getItem('token')).toBe(fakeToken(7));

    await u().click(screen.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }));
    await u().click(
      within(await screen.findByRole('dialog', { name: 'Cerrar sesión en todos los dispositivos?' })).getByRole(
        'button',
        {
          name: 'Cerrar sesiones',
        },
      ),
    );
    expect(await navigatedTo()).toBe('/login');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { url: '/api/User/logout-all', method: 'POST', authorization: `Bearer ${fakeToken(7)}`, body: null },
    ]);
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('/profile password change', () => {
  async function change(current: string, next: string, confirmation: string) {
    const form = await screen.findByRole('form', { name: 'Cambiar contraseña' });
    if (current) await u().type(within(form).getByLabelText('Contraseña actual'), current);
    if (next) await u().type(within(form).getByLabelText('Nueva contraseña'), next);
    if (confirmation) await u().type(within(form).getByLabelText('Confirmar nueva contraseña'), confirmation);
    await u().click(within(form).getByRole('button', { name: 'Cambiar contraseña' }));
  }

  it.each([
    ['', 'nueva123', 'nueva123', 'Escribe tu contraseña actual.'],
    ['secreta1', '', '', 'Escribe la nueva contraseña.'],
    ['secreta1', 'corta', 'corta', 'La contraseña debe tener al menos 6 caracteres.'],
    ['secreta1', 'nueva123', 'nueva124', 'Las contraseñas no coinciden.'],
    ['secreta1', 'secreta1', 'secreta1', 'La nueva contraseña debe ser distinta de la actual.'],
  ])('%j / %j / %j gives %s', async (current, next, confirmation, message) => {
    const calls = stubFetch(api());
    renderProfile();
    await change(current, next, confirmation);
    expect(await within(password()).findByText(message)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it("sends {email, currentPassword, newPassword} with the token and says 'Contraseña cambiada correctamente.'", async () => {
    const calls = stubFetch(
      api({ 'PUT /api/User/password': { status: 200, body: { message: 'Contraseña cambiada correctamente.' } } }),
    );
    renderProfile();
    await change('secreta1', 'nueva123', 'nueva123');
    expect(await screen.findByText('Contraseña cambiada correctamente.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        url: '/api/User/password',
        method: 'PUT',
        authorization: `Bearer ${fakeToken(7)}`,
        body: { email: 'ana@correo.hn', currentPassword: 'secreta1', newPassword: 'nueva123' },
      },
    ]);
    expect((within(password()).getByLabelText('Contraseña actual') as HTMLInputElement).value).toBe('');
  });

  it('keeps this device signed in with the fresh token of the reply (the others are signed out)', async () => {
    stubFetch(
      api({
        'PUT /api/User/password': {
          status: 200,
          body: {
            message: 'Contraseña cambiada correctamente.',
            token: fakeToken(7).replace('.firma', '.nueva-firma'),
          },
        },
      }),
    );
    renderProfile();
    await change('secreta1', 'nueva123', 'nueva123');
    expect(await screen.findByText('Contraseña cambiada correctamente.')).toBeTruthy();
    expect(localStorage.getItem('token')).toBe(fakeToken(7).replace('.firma', '.nueva-firma'));
  });

  it("shows the server's message, or 'Error al cambiar contraseña.'", async () => {
    stubFetch(
      api({ 'PUT /api/User/password': { status: 400, body: { message: 'La contraseña actual no es correcta.' } } }),
    );
    const first = renderProfile();
    await change('mala123', 'nueva123', 'nueva123');
    expect(await screen.findByText('La contraseña actual no es correcta.')).toBeTruthy();
    first.unmount();
    stubFetch(api({ 'PUT /api/User/password': 'network-error' }));
    renderProfile();
    await change('secreta1', 'nueva123', 'nueva123');
    expect(await screen.findByText('Error al cambiar contraseña.')).toBeTruthy();
  });
});

describe('/profile purchase history', () => {
  it("says 'No tienes compras registradas.' when there are none", async () => {
    stubFetch(api());
    renderProfile();
    expect(await screen.findByText('No tienes compras registradas.')).toBeTruthy();
  });

  it("says 'No se pudo cargar el historial de compras.' when it cannot load", async () => {
    stubFetch(api({ 'GET /api/Order/user/7': { status: 500 } }));
    renderProfile();
    expect(await screen.findByText('No se pudo cargar el historial de compras.')).toBeTruthy();
  });

  it('shows each order newest first with its date in Spanish to the minute, status, lines and totals in L', async () => {
    stubFetch(
      api({
        'GET /api/Order/user/7': {
          status: 200,
          body: [
            order(1, '2026-03-05T20:07:00.000Z', 2),
            order(2, '2026-11-21T15:30:00.000Z', 0),
            order(3, '2026-06-10T02:45:00.000Z', 1),
          ],
        },
      }),
    );
    renderProfile();
    const headings = await screen.findAllByRole('heading', { level: 3 });
    expect(headings.map((h) => h.textContent)).toEqual(['Pedido #2', 'Pedido #3', 'Pedido #1']);
    const newest = headings[0]!.closest('li')!;
    // Honduras is UTC−6 all year: 15:30 UTC is 9:30 a. m. there.
    expect(within(newest).getByText(/21 de noviembre de 2026/).textContent).toMatch(
      /^21 de noviembre de 2026,? (a las )?9:30\sa\.\sm\.$/,
    );
    expect(within(newest).getByText('Pendiente')).toBeTruthy();
    expect(within(newest).getByText('Cubo sensorial')).toBeTruthy();
    expect(within(newest).getByText('L 729.00')).toBeTruthy();
    expect(within(newest).getByText('L 80.00')).toBeTruthy();
    expect(within(headings[1]!.closest('li')!).getByText('Pagado')).toBeTruthy();
    expect(within(headings[2]!.closest('li')!).getByText('Entregado')).toBeTruthy();
  });

  it('pages the history by 30', async () => {
    const many = Array.from({ length: 31 }, (_, i) =>
      order(i + 1, new Date(Date.UTC(2026, 0, 1 + i, 12)).toISOString()),
    );
    stubFetch(api({ 'GET /api/Order/user/7': { status: 200, body: many } }));
    renderProfile();
    expect(await screen.findAllByRole('heading', { level: 3 })).toHaveLength(30);
    expect(screen.getByRole('heading', { name: 'Pedido #31' })).toBeTruthy();
    await u().click(screen.getByRole('button', { name: 'Página 2' }));
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Pedido #1']);
  });

  it("opened at its address (an order's 'Mis compras'), brings the history into view once it has loaded", async () => {
    const scrolledTo: string[] = [];
    // jsdom does not lay out or scroll; this records what asked to be brought into view.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledTo.push(this.id);
    };
    try {
      stubFetch(api({ 'GET /api/Order/user/7': { status: 200, body: [order(4, '2026-11-20T12:00:00.000Z')] } }));
      renderRoute(<ProfilePage />, { path: '/profile', entry: '/profile#historial-compras', signedInAs: 7 });
      expect(await screen.findByRole('heading', { name: 'Pedido #4' })).toBeTruthy();
      expect(scrolledTo).toEqual(['historial-compras']);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });
});

// docs/decisions/0040-back-in-stock-alerts.md
describe('the toys a family waits for, on its profile', () => {
  it('lists them with their pages, says which is back, and stops waiting for one', async () => {
    let waited = [
      { productId: 31, name: 'Cubo mágico 2×2', stock: 0 },
      { productId: 12, name: 'Túnel de gateo', stock: 3 },
    ];
    const calls: FetchCall[] = [];
    stubFetch((call) => {
      calls.push(call);
      if (call.method === 'DELETE' && call.url === '/api/Product/31/stock-alert') {
        waited = waited.filter((product) => product.productId !== 31);
        return { status: 200, body: { waiting: false } };
      }
      if (call.url === '/api/Product/stock-alerts') return { status: 200, body: waited };
      return api()(call);
    });
    renderProfile();
    const list = (await screen.findByRole('heading', { name: 'Juguetes que esperas' })).closest('section')!;
    expect(within(list).getByRole('link', { name: 'Cubo mágico 2×2' }).getAttribute('href')).toBe('/producto/31');
    const tunnel = within(list).getByRole('link', { name: 'Túnel de gateo' }).closest('li')!;
    expect(within(tunnel).getByText('Ya volvió')).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: 'Ya no me avises: Cubo mágico 2×2' }));
    await expect.poll(() => within(list).queryByRole('link', { name: 'Cubo mágico 2×2' })).toBeNull();
    expect(within(list).getByRole('link', { name: 'Túnel de gateo' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/Product/31/stock-alert',
    ]);
  });

  it('shows nothing while the family waits for no toy', async () => {
    stubFetch((call) => (call.url === '/api/Product/stock-alerts' ? { status: 200, body: [] } : api()(call)));
    renderProfile();
    await screen.findByRole('heading', { name: 'Mi perfil' });
    await screen.findByDisplayValue('Ana López');
    expect(screen.queryByRole('heading', { name: 'Juguetes que esperas' })).toBeNull();
  });
});
