import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager } from '@tanstack/react-query';
import type { CartLine } from '@tienda/shared/cart';
import { OTHER_CITY_ADDRESS_HINT } from '@tienda/shared/orders';
import {
  fakeToken,
  itSendsVisitorsWithoutAUserToLogin,
  navigatedTo,
  renderRoute,
  stubFetch,
} from '../../../test/render-route';
import type { FetchCall, FetchReply } from '../../../test/render-route';
import { cartLines } from '../../../test/fixtures';
import { Component as CheckoutPage } from './checkout-page';

const LINES = cartLines({ productStock: 9 });

function api(
  order: FetchReply = { status: 201, body: { orderId: 1, paymentMethod: 'contra_entrega' } },
  lines: CartLine[] = LINES,
) {
  return (call: FetchCall): FetchReply => {
    if (call.url === '/api/Cart/User/7') return { status: 200, body: lines };
    if (call.url === '/api/Order/') return order;
    return { status: 404, body: { message: 'no' } };
  };
}

function renderCheckout() {
  return renderRoute(<CheckoutPage />, { path: '/pagar', signedInAs: 7 });
}

const fee = () => screen.getByTestId('checkout-delivery-fee').textContent;
const total = () => screen.getByTestId('checkout-total').textContent;

async function fill(
  u: ReturnType<typeof userEvent.setup>,
  { department = 'Cortés', city = 'San Pedro Sula', address = 'Col. Trejo, casa 12', phone = '99887766' } = {},
) {
  if (department) await u.selectOptions(screen.getByLabelText('Departamento'), department);
  if (city) await u.selectOptions(screen.getByLabelText('Ciudad'), city);
  if (address) await u.type(screen.getByLabelText('Dirección'), address);
  if (phone) await u.type(screen.getByLabelText('Teléfono'), phone);
}

/** Opens the page on the cart, fills the delivery details (see fill) and presses 'Confirmar pedido'. */
async function confirmOrder(u: ReturnType<typeof userEvent.setup>, details?: Parameters<typeof fill>[1]) {
  const rendered = renderCheckout();
  await screen.findByText('Cubo sensorial');
  await fill(u, details);
  const button = screen.getByRole('button', { name: 'Confirmar pedido' });
  await u.click(button);
  return { ...rendered, button };
}

describe('/pagar', () => {
  itSendsVisitorsWithoutAUserToLogin(<CheckoutPage />, '/pagar', 'Debes iniciar sesión para continuar');

  it('lists the cart and shows the fee as soon as a city is chosen: L 80.00 in San Pedro Sula, L 100.00 elsewhere', async () => {
    stubFetch(api());
    const u = userEvent.setup({ delay: null });
    renderCheckout();
    expect(await screen.findByText('Cubo sensorial')).toBeTruthy();
    expect(document.title).toBe('Finalizar compra · Jugar y Crecer');
    expect(screen.getByText('Kit de calma')).toBeTruthy();
    expect(screen.getByTestId('checkout-subtotal').textContent).toBe('L 1,198.00');
    expect(fee()).toBe('Elige una ciudad');
    await u.selectOptions(screen.getByLabelText('Departamento'), 'Cortés');
    await u.selectOptions(screen.getByLabelText('Ciudad'), 'San Pedro Sula');
    expect(fee()).toBe('L 80.00');
    expect(total()).toBe('L 1,278.00');
    await u.selectOptions(screen.getByLabelText('Ciudad'), 'Choloma');
    expect(fee()).toBe('L 100.00');
    expect(total()).toBe('L 1,298.00');
  });

  it('resets the city when the department changes and offers only that department’s cities', async () => {
    stubFetch(api());
    const u = userEvent.setup({ delay: null });
    renderCheckout();
    const city = screen.getByLabelText('Ciudad') as HTMLSelectElement;
    expect(city.disabled).toBe(true);
    await u.selectOptions(screen.getByLabelText('Departamento'), 'Cortés');
    await u.selectOptions(city, 'San Pedro Sula');
    await u.selectOptions(screen.getByLabelText('Departamento'), 'Yoro');
    expect(city.value).toBe('');
    expect(
      within(city)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Elige la ciudad', 'Yoro', 'El Progreso', 'Olanchito', 'Santa Rita', 'Morazán', 'Otra']);
  });

  it("asks for the town in the address when the city is 'Otra'", async () => {
    stubFetch(api());
    const u = userEvent.setup({ delay: null });
    renderCheckout();
    const address = screen.getByLabelText('Dirección') as HTMLTextAreaElement;
    expect(screen.queryByText(OTHER_CITY_ADDRESS_HINT)).toBeNull();
    await u.selectOptions(screen.getByLabelText('Departamento'), 'Olancho');
    await u.selectOptions(screen.getByLabelText('Ciudad'), 'Otra');
    expect(screen.getByText(OTHER_CITY_ADDRESS_HINT).id).toBe(address.getAttribute('aria-describedby'));
    expect(address.placeholder).toBe('Ciudad o pueblo, colonia, calle, número de casa y un punto de referencia');
    await u.selectOptions(screen.getByLabelText('Ciudad'), 'Juticalpa');
    expect(screen.queryByText(OTHER_CITY_ADDRESS_HINT)).toBeNull();
    expect(address.placeholder).toBe('Colonia, calle, número de casa y un punto de referencia');
  });

  it('asks once for the missing delivery details', async () => {
    const calls = stubFetch(api());
    const u = userEvent.setup({ delay: null });
    await confirmOrder(u, { address: '', phone: '' });
    expect(await screen.findAllByText('Por favor completa toda la información de entrega')).toHaveLength(1);
    expect(screen.getByLabelText('Dirección').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Teléfono').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Departamento').hasAttribute('aria-invalid')).toBe(false);
    expect(calls.filter((c) => c.url === '/api/Order/')).toEqual([]);
  });

  it('needs a phone of exactly 8 digits', async () => {
    const calls = stubFetch(api());
    const u = userEvent.setup({ delay: null });
    await confirmOrder(u, { phone: '9988-776' });
    expect(await screen.findByText('Por favor ingrese un formato de telefono valido XXXXXXXX')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/Order/')).toEqual([]);
  });

  it('sends a phone written with a dash or +504 as its 8 digits', async () => {
    const calls = stubFetch(api());
    const u = userEvent.setup({ delay: null });
    await confirmOrder(u, { phone: '+504 9988-7766' });
    expect(await navigatedTo()).toBe('/');
    expect(calls.filter((c) => c.url === '/api/Order/').map((c) => (c.body as { phone: string }).phone)).toEqual([
      '99887766',
    ]);
  });

  it("says 'Tu carrito está vacío' when there is nothing to order", async () => {
    const calls = stubFetch(api(undefined, []));
    const u = userEvent.setup({ delay: null });
    renderCheckout();
    expect(await screen.findByText('Tu carrito está vacío')).toBeTruthy();
    await fill(u);
    await u.click(screen.getByRole('button', { name: 'Confirmar pedido' }));
    // The page's notice is there already; wait until the submit's own message joins it.
    await waitFor(() => expect(screen.getAllByText('Tu carrito está vacío')).toHaveLength(2));
    expect(calls.filter((c) => c.url === '/api/Order/')).toEqual([]);
  });

  it('reads the cart again when the family comes back to the tab, and orders the cart as it is then', async () => {
    stubFetch(api());
    const u = userEvent.setup({ delay: null });
    renderCheckout();
    await screen.findByText('Kit de calma');
    // Meanwhile another tab took the combo out of the cart.
    const calls = stubFetch(api(undefined, [LINES[0]!]));
    const later = Date.now() + 11_000;
    vi.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
      await waitFor(() => expect(screen.queryByText('Kit de calma')).toBeNull());
    } finally {
      focusManager.setFocused(undefined);
    }
    expect(screen.getByTestId('checkout-subtotal').textContent).toBe('L 649.00');
    await fill(u);
    await u.click(screen.getByRole('button', { name: 'Confirmar pedido' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/Order/')).toHaveLength(1));
    const sent = calls.find((c) => c.url === '/api/Order/')!.body as {
      OrderProducts: unknown[];
      OrderCombos: unknown[];
    };
    expect([sent.OrderProducts.length, sent.OrderCombos]).toEqual([1, []]);
  });

  it("places the order with the spec payload, says '¡Orden creada correctamente!' and goes to /", async () => {
    const calls = stubFetch(api());
    const u = userEvent.setup({ delay: null });
    await confirmOrder(u);
    expect(await navigatedTo()).toBe('/');
    expect(await screen.findByText('¡Orden creada correctamente!')).toBeTruthy();
    // / is handed the order, to say what comes next and link to it (lib/placed-order.ts).
    expect(JSON.parse(screen.getByTestId('location-state').textContent!)).toEqual({
      placedOrder: { orderId: 1, paymentMethod: 'contra_entrega' },
    });
    const orders = calls.filter((c) => c.url === '/api/Order/');
    expect(orders).toEqual([
      {
        url: '/api/Order/',
        method: 'POST',
        authorization: `Bearer ${fakeToken(7)}`,
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) as string,
        body: {
          userId: 7,
          department: 'Cortés',
          city: 'San Pedro Sula',
          address: 'Col. Trejo, casa 12',
          phone: '99887766',
          // Beyond the spec's payload: the method the family chose (cash on delivery unless changed).
          paymentMethod: 'contra_entrega',
          subtotal: 1198,
          appliedDiscount: 0,
          deliveryFee: 80,
          total: 1278,
          OrderProducts: [{ productId: 4, quantity: 2, unitprice: 324.5, subtotal: 649, appliedDiscount: 0 }],
          OrderCombos: [{ comboId: 3, quantity: 1, unitprice: 549, subtotal: 549 }],
        },
      },
    ]);
  });

  it('sends one order even when the button is pressed twice', async () => {
    let release!: () => void;
    const calls = stubFetch((call) =>
      call.url === '/api/Order/'
        ? new Promise((resolve) => (release = () => resolve({ status: 201, body: { orderId: 1 } })))
        : api()(call),
    );
    const u = userEvent.setup({ delay: null });
    const { button } = await confirmOrder(u);
    await u.click(button);
    expect((await screen.findByRole('button', { name: 'Enviando pedido...' })) as HTMLButtonElement).toHaveProperty(
      'disabled',
      true,
    );
    release();
    await navigatedTo();
    expect(calls.filter((c) => c.url === '/api/Order/')).toHaveLength(1);
  });

  it("sends a proxy's 502 again with the same Idempotency-Key, and starts a new attempt when the details change", async () => {
    const replies: FetchReply[] = [
      // deploy/nginx.conf.template when no API process answered: the order may have been placed.
      { status: 502, body: { message: 'La tienda no respondió a tiempo. Vuelve a intentarlo en unos segundos.' } },
      { status: 503, body: { message: 'La tienda está muy ocupada en este momento.' } },
      { status: 201, body: { orderId: 1 } },
    ];
    const calls = stubFetch((call) => (call.url === '/api/Order/' ? replies.shift()! : api()(call)));
    const u = userEvent.setup({ delay: null });
    const { button } = await confirmOrder(u);
    // The 502 is tried again a second later, by itself; the shop's own 503 is a refusal, said as spec §8 says it.
    expect(
      await screen.findByText('Error al crear la orden: La tienda está muy ocupada en este momento.', undefined, {
        timeout: 3_000,
      }),
    ).toBeTruthy();
    await u.type(screen.getByLabelText('Dirección'), ', portón verde');
    await u.click(button);
    expect(await navigatedTo()).toBe('/');
    const keys = calls.filter((c) => c.url === '/api/Order/').map((c) => c.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });

  describe('when the connection fails', () => {
    beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] }));
    afterEach(() => vi.useRealTimers());
    const user = () => userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });

    it('sends the same order again a second later when its answer is lost, and gets the order placed', async () => {
      // The first request placed the order and emptied the cart; its answer never came back.
      let placed = false;
      const calls = stubFetch((call) => {
        if (call.url !== '/api/Order/') return api(undefined, placed ? [] : LINES)(call);
        if (placed) return { status: 201, body: { orderId: 1, paymentMethod: 'contra_entrega' } };
        placed = true;
        return 'network-error';
      });
      await confirmOrder(user());
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await navigatedTo()).toBe('/');
      const sent = calls.filter((c) => c.url === '/api/Order/');
      expect(sent).toHaveLength(2);
      expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
      expect(sent[1]!.body).toEqual(sent[0]!.body);
    });

    it('says so after two more tries, and the next tap sends the same order even once the cart is empty', async () => {
      let online = false;
      let placed = false;
      let emptyCartReads = 0;
      const calls = stubFetch((call) => {
        if (placed && call.url === '/api/Cart/User/7') emptyCartReads += 1;
        if (call.url !== '/api/Order/') return api(undefined, placed ? [] : LINES)(call);
        if (!online) {
          // The first try reaches the shop and is placed; the connection is then lost for good.
          placed = true;
          return 'network-error';
        }
        return { status: 201, body: { orderId: 1, paymentMethod: 'contra_entrega' } };
      });
      const u = user();
      const { button } = await confirmOrder(u);
      await vi.advanceTimersByTimeAsync(4_000);
      expect(
        await screen.findByText(
          'Se perdió la conexión y no sabemos si tu pedido llegó. Revisa tu conexión y vuelve a tocar «Confirmar pedido»: si ya lo recibimos, no se repetirá.',
        ),
      ).toBeTruthy();
      expect(calls.filter((c) => c.url === '/api/Order/')).toHaveLength(3);
      // The cart the server holds is empty now (the order was placed), and has been read again; the summary still
      // shows what was sent, not 'Tu carrito está vacío' beside the request to tap again.
      await waitFor(() => expect(emptyCartReads).toBeGreaterThan(0));
      expect(screen.getByText('Cubo sensorial')).toBeTruthy();
      expect(screen.queryByText('Tu carrito está vacío')).toBeNull();
      // What a tap sends again is the order as it left: its details are locked, its fee is its city's.
      for (const label of ['Departamento', 'Ciudad', 'Dirección', 'Teléfono']) {
        expect(screen.getByLabelText(label).matches(':disabled'), label).toBe(true);
      }
      expect(fee()).toBe('L 80.00');
      expect(
        screen.getByText(
          'Estos son los datos del pedido que enviaste: no se pueden cambiar mientras confirmamos si llegó.',
        ),
      ).toBeTruthy();
      online = true;
      await u.click(button);
      expect(await navigatedTo()).toBe('/');
      const sent = calls.filter((c) => c.url === '/api/Order/');
      expect(sent).toHaveLength(4);
      expect(new Set(sent.map((c) => c.idempotencyKey)).size).toBe(1);
      expect(sent[3]!.body).toEqual(sent[0]!.body);
    });
  });

  it('says at once that nothing was sent when the phone is offline, and sends it once it is back', async () => {
    const calls = stubFetch(api());
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const u = userEvent.setup({ delay: null });
      const { button } = await confirmOrder(u);
      expect(
        await screen.findByText(
          'Sin conexión: tu pedido no se envió. Vuelve a tocar «Confirmar pedido» cuando vuelva la señal.',
        ),
      ).toBeTruthy();
      expect(calls.filter((c) => c.url === '/api/Order/')).toHaveLength(0);
      online.mockReturnValue(true);
      await u.click(button);
      expect(await navigatedTo()).toBe('/');
      expect(calls.filter((c) => c.url === '/api/Order/')).toHaveLength(1);
    } finally {
      online.mockRestore();
    }
  });

  it("says 'Error al crear la orden: {reason}' with the server's reason, or 'No se pudo crear la orden'", async () => {
    const calls = stubFetch(
      api({ status: 409, body: { message: 'No hay suficiente stock de «Cubo sensorial». Queda 1.' } }),
    );
    const u = userEvent.setup({ delay: null });
    const cartReads = () => calls.filter((c) => c.url === '/api/Cart/User/7').length;
    const first = renderCheckout();
    await screen.findByText('Cubo sensorial');
    await fill(u);
    const readsBefore = cartReads();
    await u.click(screen.getByRole('button', { name: 'Confirmar pedido' }));
    expect(
      await screen.findByText('Error al crear la orden: No hay suficiente stock de «Cubo sensorial». Queda 1.'),
    ).toBeTruthy();
    // Short of stock: the cart is read again, and the way to it offered, where its line says what to lower.
    expect(screen.getByRole('link', { name: 'Revisar mi carrito' }).getAttribute('href')).toBe('/MiCarrito');
    await waitFor(() => expect(cartReads()).toBe(readsBefore + 1));
    first.unmount();

    // Each try below in a tab of its own: the details typed in this one are kept for it (delivery-draft.ts).
    sessionStorage.clear();
    stubFetch(api({ status: 409, body: { message: 'Ya tienes 5 órdenes pendientes de pago.' } }));
    const second = await confirmOrder(u);
    expect(await screen.findByText('Error al crear la orden: Ya tienes 5 órdenes pendientes de pago.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Revisar mi carrito' })).toBeNull();
    second.unmount();

    sessionStorage.clear();
    stubFetch(api({ status: 500 }));
    await confirmOrder(u);
    expect(await screen.findByText('No se pudo crear la orden')).toBeTruthy();
  });

  it('keeps the delivery details typed while the family goes back to the cart and returns', async () => {
    stubFetch(api());
    const u = userEvent.setup({ delay: null });
    const first = renderCheckout();
    await screen.findByText('Cubo sensorial');
    await fill(u, { department: 'Atlántida', city: 'La Ceiba', address: 'Barrio El Centro', phone: '9988 7766' });
    first.unmount();

    renderCheckout();
    await screen.findByText('Cubo sensorial');
    const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
    expect([value('Departamento'), value('Ciudad'), value('Dirección'), value('Teléfono')]).toEqual([
      'Atlántida',
      'La Ceiba',
      'Barrio El Centro',
      '9988 7766',
    ]);
  });

  it('forgets the delivery details typed once the order is placed', async () => {
    stubFetch(api());
    const u = userEvent.setup({ delay: null });
    const placed = await confirmOrder(u);
    expect(await navigatedTo()).toBe('/');
    placed.unmount();

    renderCheckout();
    await screen.findByText('Cubo sensorial');
    expect((screen.getByLabelText('Dirección') as HTMLInputElement).value).toBe('');
  });

  it("fills the delivery details from the customer's last order on request", async () => {
    stubFetch((call) =>
      call.url === '/api/Order/user/7'
        ? {
            status: 200,
            body: [
              {
                orderId: 4,
                createdAt: '2026-10-01T10:00:00.000Z',
                department: 'Cortés',
                city: 'Choloma',
                address: 'Antigua',
                phone: '11112222',
                orderProducts: [],
                orderCombos: [],
              },
              {
                orderId: 5,
                createdAt: '2026-11-01T10:00:00.000Z',
                department: 'Yoro',
                city: 'El Progreso',
                address: 'Col. Palmira',
                phone: '33334444',
                orderProducts: [],
                orderCombos: [],
              },
            ],
          }
        : api()(call),
    );
    const u = userEvent.setup({ delay: null });
    renderCheckout();
    await u.click(await screen.findByRole('button', { name: 'Usar los datos de mi último pedido' }));
    expect((screen.getByLabelText('Departamento') as HTMLSelectElement).value).toBe('Yoro');
    expect((screen.getByLabelText('Ciudad') as HTMLSelectElement).value).toBe('El Progreso');
    expect((screen.getByLabelText('Dirección') as HTMLTextAreaElement).value).toBe('Col. Palmira');
    expect((screen.getByLabelText('Teléfono') as HTMLInputElement).value).toBe('33334444');
    expect(fee()).toBe('L 100.00');
  });

  it('asks how the family pays and shows the bank accounts for a transfer', async () => {
    const calls = stubFetch(api());
    const u = userEvent.setup({ delay: null });
    renderCheckout();
    const methods = screen.getByRole('group', { name: '¿Cómo quieres pagar?' });
    const radios = within(methods).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.querySelector('span span')?.textContent)).toEqual([
      'Pago contra entrega',
      'Transferencia bancaria',
      'Enlace de pago',
    ]);
    expect((within(methods).getByRole('radio', { name: /Pago contra entrega/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.queryByText('Banco Atlántida')).toBeNull();
    await u.click(within(methods).getByRole('radio', { name: /Transferencia bancaria/ }));
    expect(screen.getByText('Banco Atlántida')).toBeTruthy();
    expect(screen.getByText('2010-1234-5678')).toBeTruthy();
    expect(screen.getByText(/No realizamos reembolsos/)).toBeTruthy();

    await screen.findByText('Cubo sensorial');
    await fill(u);
    await u.click(screen.getByRole('button', { name: 'Confirmar pedido' }));
    expect(await navigatedTo()).toBe('/');
    const order = calls.find((c) => c.url === '/api/Order/');
    expect((order?.body as { paymentMethod: string }).paymentMethod).toBe('transferencia');
  });
});
