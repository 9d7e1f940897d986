import { screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CANCEL_MESSAGES, PAYMENT_MESSAGES, type OrderJson } from '@tienda/shared/orders';
import { withDialogMethods } from '../../../test/dialog-methods';
import { orderJson } from '../../../test/fixtures';
import { navigatedTo, navigationState, renderRoute, stubFetch, type FetchReply } from '../../../test/render-route';
import { Component as OrderPage } from './order-page';

// The order's page (docs/decisions/0020-payment-methods.md): what the family does next, by status and method.
describe('order page', () => {
  withDialogMethods();
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  /** Order #12's page, signed in as its customer, with the API answering `reply`. */
  function openOrder12(reply: () => FetchReply) {
    stubFetch(reply);
    renderRoute(<OrderPage />, { path: '/pedido/:orderId', entry: '/pedido/12', signedInAs: 3 });
  }

  function show(order: OrderJson) {
    stubFetch(() => ({ status: 200, body: order }));
    renderRoute(<OrderPage />, { path: '/pedido/:orderId', entry: `/pedido/${order.orderId}`, signedInAs: 3 });
  }

  it('tells a family waiting to pay by transfer to send the receipt below, not to look for this page', async () => {
    show(orderJson({ orderStatus: 0, paymentMethod: 'transferencia' }));
    expect(
      await screen.findByText(
        'Transfiere L 1,314.50, el total de tu orden, a una de estas cuentas y sube aquí abajo la foto del comprobante. Te avisaremos por correo cuando confirmemos el pago.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Mi perfil → Historial de compras/)).toBeNull();
    expect(screen.queryByText('Pago confirmado.')).toBeNull();
  });

  it('says the receipt is being checked once it is sent, no longer to send it', async () => {
    stubFetch((call) =>
      call.url.endsWith('/receipt')
        ? { status: 200, body: 'png' }
        : {
            status: 200,
            body: orderJson({
              orderStatus: 0,
              paymentMethod: 'transferencia',
              receiptUploadedAt: '2026-11-26T15:00:00Z',
            }),
          },
    );
    renderRoute(<OrderPage />, { path: '/pedido/:orderId', entry: '/pedido/7', signedInAs: 3 });
    expect(
      await screen.findByText(
        'Recibimos tu comprobante y la tienda lo está revisando. Te avisaremos por correo cuando confirmemos el pago. Si enviaste la foto equivocada, cámbiala aquí abajo.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/sube aquí abajo la foto del comprobante/)).toBeNull();
    expect(screen.getByLabelText('Cambiar el comprobante')).toBeTruthy();
  });

  it('reads the order again when the family comes back to the tab: the shop may have confirmed the payment', async () => {
    let status = 0;
    stubFetch(() => ({ status: 200, body: orderJson({ orderStatus: status, paymentMethod: 'transferencia' }) }));
    renderRoute(<OrderPage />, { path: '/pedido/:orderId', entry: '/pedido/7', signedInAs: 3 });
    await screen.findByText(/sube aquí abajo la foto del comprobante/);
    status = 1;
    try {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
      expect(await screen.findByText('Pago confirmado.')).toBeTruthy();
    } finally {
      focusManager.setFocused(undefined);
    }
  });

  it('reads the order again when a receipt is refused: an order the shop deleted says so', async () => {
    let deleted = false;
    stubFetch((call) => {
      if (call.method === 'POST') {
        deleted = true;
        return { status: 404, body: { message: 'La orden no existe.' } };
      }
      return deleted
        ? { status: 404, body: { message: 'La orden no existe.' } }
        : { status: 200, body: orderJson({ orderStatus: 0, paymentMethod: 'transferencia' }) };
    });
    renderRoute(<OrderPage />, { path: '/pedido/:orderId', entry: '/pedido/7', signedInAs: 3 });
    const user = userEvent.setup();
    await user.upload(
      await screen.findByLabelText('Foto o captura del comprobante'),
      new File(['png'], 'recibo.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Enviar comprobante' }));
    await waitFor(() => expect(screen.queryByText(/sube aquí abajo la foto del comprobante/)).toBeNull());
    expect(await screen.findByText(/No encontramos este pedido en tu cuenta/)).toBeTruthy();
  });

  it('says until when a family can pay, while it has something to pay', async () => {
    // 17:20 UTC is 11:20 in Honduras. ICU versions join the date and the time with ',' or 'a las'.
    const deadline = new RegExp(
      '^Tienes hasta el 25 de noviembre de 2026,? (a las )?11:20\\sa\\.\\sm\\. para pagar\\. Si no recibimos el ' +
        'pago, el pedido vence y los juguetes vuelven a la tienda\\.$',
    );
    const expiresAt = '2026-11-25T17:20:00.000Z';
    const pending = { orderStatus: 0, expiresAt };
    const deadlineShown = async (order: OrderJson) => {
      show(order);
      await screen.findByText(/Forma de pago/);
      const shown = screen.queryByText(/Tienes hasta el/)?.textContent ?? null;
      document.body.innerHTML = '';
      return shown;
    };
    expect(await deadlineShown(orderJson({ ...pending, paymentMethod: 'transferencia' }))).toMatch(deadline);
    // The receipt is sent, or the pay link is still to come: the order waits on the shop, and the server names no
    // time for it.
    const withReceipt = {
      ...pending,
      expiresAt: null,
      paymentMethod: 'transferencia' as const,
      receiptUploadedAt: expiresAt,
    };
    expect(await deadlineShown(orderJson(withReceipt))).toBeNull();
    expect(await deadlineShown(orderJson({ ...pending, expiresAt: null, paymentMethod: 'enlace' }))).toBeNull();
    const link = 'https://pagos.example.hn/p/7';
    expect(await deadlineShown(orderJson({ ...pending, paymentMethod: 'enlace', paymentLink: link }))).toMatch(
      deadline,
    );
  });

  it('says an expired order expired unpaid, with no payment confirmed and no accounts to pay into', async () => {
    show(orderJson({ orderStatus: 3, paymentMethod: 'transferencia' }));
    expect(await screen.findByText(/Este pedido venció sin pago y los juguetes volvieron a la tienda/)).toBeTruthy();
    expect(screen.queryByText('Pago confirmado.')).toBeNull();
    expect(screen.queryByText('Banco Atlántida')).toBeNull();
  });

  it('says the shop cancelled a paid order and that the money comes back, with nothing left to do', async () => {
    stubFetch(() => ({
      status: 200,
      body: orderJson({
        orderId: 7,
        orderStatus: 4,
        cancelledBy: 'tienda',
        paymentMethod: 'transferencia',
        paidAt: '2026-11-23T06:00:00.000Z',
      }),
    }));
    renderRoute(<OrderPage />, { path: '/pedido/:orderId', entry: '/pedido/7', signedInAs: 3 });
    expect(
      await screen.findByText(
        'La tienda canceló este pedido y los juguetes volvieron a la tienda. Como ya lo habías pagado, te ' +
          'escribiremos para devolverte el dinero.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Cancelaste este pedido/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).toBeNull();
  });

  it('lets the family cancel a pending order after asking, then shows it cancelled with the focus on its status', async () => {
    let status = 0;
    const calls = stubFetch((call) => {
      if (call.method === 'PUT') status = 4;
      return { status: 200, body: orderJson({ orderId: 7, orderStatus: status, paymentMethod: 'contra_entrega' }) };
    });
    renderRoute(<OrderPage />, { path: '/pedido/:orderId', entry: '/pedido/7', signedInAs: 3 });
    const user = userEvent.setup();
    expect(await screen.findByText(CANCEL_MESSAGES.offer)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancelar pedido' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar el pedido #7?' });
    expect(dialog.textContent).toContain(CANCEL_MESSAGES.confirm);
    // 'No, conservarlo' closes it and changes nothing.
    await user.click(screen.getByRole('button', { name: 'No, conservarlo' }));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancelar pedido' }));
    await user.click(await screen.findByRole('button', { name: 'Sí, cancelarlo' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).toBeNull());
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.url)).toEqual(['/api/Order/7/cancel']);
    expect(screen.getByText(/Cancelaste este pedido y los juguetes volvieron a la tienda/)).toBeTruthy();
    // Its steps end with the cancellation, not with 'Pagado' and 'Entregado' still to come.
    const steps = within(screen.getByText(/^Ahora:/).closest('section')!).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      // ICU versions join the date and the time with ',' or 'a las', and may space 'p. m.' with a narrow space.
      expect.stringMatching(/^✓Recibido22 de noviembre de 2026,? (a las )?11:30\sp\.\sm\.$/),
      '✕CanceladoLos juguetes volvieron a la tienda',
    ]);
    expect(screen.queryByText('Pagas en efectivo al recibir tu pedido.')).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Ahora: Cancelado'));
  });

  it('keeps the dialog while the cancel is sent, and takes a lost answer for what the order then says', async () => {
    let status = 0;
    let answer: (() => void) | undefined;
    const calls = stubFetch(async (call) => {
      if (call.method === 'PUT') {
        // The cancel goes through, and its answer is lost on the way back.
        await new Promise<void>((resolve) => (answer = resolve));
        status = 4;
        return 'network-error';
      }
      return { status: 200, body: orderJson({ orderId: 7, orderStatus: status, paymentMethod: 'contra_entrega' }) };
    });
    renderRoute(<OrderPage />, { path: '/pedido/:orderId', entry: '/pedido/7', signedInAs: 3 });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancelar pedido' }));
    await user.click(await screen.findByRole('button', { name: 'Sí, cancelarlo' }));
    const sending = await screen.findByRole('button', { name: 'Cancelando…' });
    expect(sending.hasAttribute('disabled')).toBe(true);
    // 'No, conservarlo' is disabled, and Escape does not close it: it would look like an undo.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: '¿Cancelar el pedido #7?' })).toBeTruthy();
    answer!();
    expect(await screen.findByText(/Cancelaste este pedido y los juguetes volvieron a la tienda/)).toBeTruthy();
    expect(await screen.findByText(CANCEL_MESSAGES.cancelled)).toBeTruthy();
    expect(screen.queryByText(CANCEL_MESSAGES.failed)).toBeNull();
    expect(calls.map((call) => call.method)).toEqual(['GET', 'PUT', 'GET']);
  });

  it('says why a pending order can no longer be cancelled, and where to ask, once a receipt or a pay link was sent', async () => {
    const shown = async (order: OrderJson) => {
      stubFetch((call) =>
        call.url.endsWith('/receipt') ? { status: 200, body: 'png' } : { status: 200, body: order },
      );
      renderRoute(<OrderPage />, { path: '/pedido/:orderId', entry: `/pedido/${order.orderId}`, signedInAs: 3 });
      await screen.findByText(/Forma de pago/);
      const offered = screen.queryByRole('button', { name: 'Cancelar pedido' }) !== null;
      const why = [CANCEL_MESSAGES.receiptSent, CANCEL_MESSAGES.linkSent].find((text) => screen.queryByText(text));
      document.body.innerHTML = '';
      return { offered, why: why ?? null };
    };
    const receipt = { paymentMethod: 'transferencia' as const, receiptUploadedAt: '2026-11-26T15:00:00Z' };
    const link = { paymentMethod: 'enlace' as const, paymentLink: 'https://pagos.example.hn/p/7' };
    expect(await shown(orderJson({ orderStatus: 0, paymentMethod: 'transferencia' }))).toEqual({
      offered: true,
      why: null,
    });
    expect(await shown(orderJson({ orderStatus: 0, paymentMethod: 'enlace' }))).toEqual({ offered: true, why: null });
    expect(await shown(orderJson({ orderStatus: 0, ...receipt }))).toEqual({
      offered: false,
      why: CANCEL_MESSAGES.receiptSent,
    });
    expect(await shown(orderJson({ orderStatus: 0, ...link }))).toEqual({
      offered: false,
      why: CANCEL_MESSAGES.linkSent,
    });
    expect(await shown(orderJson({ orderStatus: 1 }))).toEqual({ offered: false, why: null });
    expect(await shown(orderJson({ orderStatus: 3 }))).toEqual({ offered: false, why: null });
  });

  it('says why when the shop got there first, with the focus on the reason', async () => {
    // The owner marked it paid meanwhile: the 409's reason stays, and the page shows it paid.
    const refusal = CANCEL_MESSAGES.notPending('Pagado');
    let status = 0;
    stubFetch((call) => {
      if (call.method === 'PUT') {
        status = 1;
        return { status: 409, body: { message: refusal } };
      }
      return { status: 200, body: orderJson({ orderId: 7, orderStatus: status }) };
    });
    renderRoute(<OrderPage />, { path: '/pedido/:orderId', entry: '/pedido/7', signedInAs: 3 });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancelar pedido' }));
    await user.click(await screen.findByRole('button', { name: 'Sí, cancelarlo' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(refusal);
    expect(await screen.findByText('Pago confirmado.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).toBeNull();
    // On the reason's own box (focusable by script), not on the page's body.
    await waitFor(() => expect(document.activeElement).toBe(alert.parentElement));
  });

  it('confirms the payment of a paid order', async () => {
    show(orderJson({ orderStatus: 1, paymentMethod: 'enlace', paymentLink: 'https://pagos.example.hn/p/7' }));
    expect(await screen.findByText('Pago confirmado.')).toBeTruthy();
    // Back to the purchase history itself, below the profile's forms.
    expect(screen.getByRole('link', { name: /Mis compras/ }).getAttribute('href')).toBe('/profile#historial-compras');
    expect(screen.queryByRole('link', { name: 'Pagar ahora' })).toBeNull();
  });

  it("says an order deleted, or another account's, is not in this account, and offers the shop on WhatsApp", async () => {
    openOrder12(() => ({ status: 404, body: { message: 'La orden no existe.' } }));
    expect(
      await screen.findByText(
        'No encontramos este pedido en tu cuenta: quizá lo hiciste con otra cuenta o la tienda lo eliminó. Si tienes dudas, escríbenos.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /Preguntar por WhatsApp/ }).getAttribute('href')).toContain(
      encodeURIComponent('mi pedido #12'),
    );
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('offers to try again after a load lost on the way, and shows the order once it comes', async () => {
    let answer: FetchReply = 'network-error';
    openOrder12(() => answer);
    expect(
      await screen.findByText('No pudimos cargar tu pedido. Revisa tu conexión e inténtalo de nuevo.'),
    ).toBeTruthy();
    answer = { status: 200, body: orderJson({ orderId: 12, orderStatus: 1, paymentMethod: 'transferencia' }) };
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Pago confirmado.')).toBeTruthy();
  });

  it('keeps the plain refusal, with nothing to retry, for any other refusal', async () => {
    openOrder12(() => ({ status: 403, body: { message: 'Prohibido' } }));
    expect(
      await screen.findByText('No pudimos cargar este pedido. Revisa que sea tuyo o inténtalo de nuevo.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('sends a visitor without a session to /login, to come back to this order after it', async () => {
    stubFetch(() => ({ status: 401, body: { message: 'No autorizado' } }));
    renderRoute(<OrderPage />, { path: '/pedido/:orderId', entry: '/pedido/12' });
    expect(await navigatedTo()).toBe('/login');
    expect(navigationState()).toEqual({ returnTo: '/pedido/12' });
    expect(await screen.findByText('Debes iniciar sesión para continuar')).toBeTruthy();
  });

  it('says at once that a file over 10 MB is too heavy, without sending it', async () => {
    const calls = stubFetch(() => ({
      status: 200,
      body: orderJson({ orderStatus: 0, paymentMethod: 'transferencia' }),
    }));
    renderRoute(<OrderPage />, { path: '/pedido/:orderId', entry: '/pedido/7', signedInAs: 3 });
    // A format the browser cannot redraw smaller (a phone's HEIC), over the server's limit.
    const heavy = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'recibo.heic', { type: 'image/heic' });
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await screen.findByLabelText('Foto o captura del comprobante'), heavy);
    await user.click(screen.getByRole('button', { name: 'Enviar comprobante' }));
    expect(await screen.findByText('Cada imagen puede pesar como máximo 10 MB.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('says a receipt sent without an answer was not sent, and keeps the photo chosen', async () => {
    const calls = stubFetch((call) =>
      call.method === 'POST'
        ? 'network-error'
        : { status: 200, body: orderJson({ orderStatus: 0, paymentMethod: 'transferencia' }) },
    );
    renderRoute(<OrderPage />, { path: '/pedido/:orderId', entry: '/pedido/7', signedInAs: 3 });
    // A format the browser does not redraw (sent as it is), small enough to send.
    const photo = new File([new Uint8Array(2048)], 'recibo.heic', { type: 'image/heic' });
    const user = userEvent.setup({ applyAccept: false });
    const field = await screen.findByLabelText('Foto o captura del comprobante');
    // Before she picks a file: the bank's PDF is not taken, a screenshot of it is.
    expect(field.getAttribute('accept')).toBe('image/*');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Si tu banco te da el comprobante en PDF, toma una captura de pantalla y súbela.',
    );
    await user.upload(field, photo);
    await user.click(screen.getByRole('button', { name: 'Enviar comprobante' }));
    expect(
      await screen.findByText(
        'No se pudo enviar el comprobante. Revisa tu conexión y vuelve a tocar «Enviar comprobante».',
      ),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(screen.queryByText('Sube la foto o captura del comprobante.')).toBeNull();
  });

  it("offers the receipt's photo through a Spanish button: 'Ningún archivo elegido', then the photo's name", async () => {
    const sent = orderJson({
      orderStatus: 0,
      paymentMethod: 'transferencia',
      receiptUploadedAt: '2026-11-26T15:00:00Z',
    });
    const calls = stubFetch((call) =>
      call.method === 'POST'
        ? { status: 200, body: sent }
        : call.url.endsWith('/receipt')
          ? { status: 200, body: 'png' }
          : { status: 200, body: orderJson({ orderStatus: 0, paymentMethod: 'transferencia' }) },
    );
    renderRoute(<OrderPage />, { path: '/pedido/:orderId', entry: '/pedido/7', signedInAs: 3 });
    const user = userEvent.setup();
    const field = await screen.findByLabelText<HTMLInputElement>('Foto o captura del comprobante');
    // The browser's own input, named by the field's label and by the button that stands in for its English one.
    const labels = () => Array.from(field.labels ?? [], (label) => label.textContent?.trim());
    expect(field.type).toBe('file');
    expect(labels()).toEqual(['Foto o captura del comprobante', 'Elegir comprobante']);
    expect(screen.getByText('Ningún archivo elegido')).toBeTruthy();
    // Still in the keyboard's path: back from 'Enviar comprobante' lands on it.
    screen.getByRole('button', { name: 'Enviar comprobante' }).focus();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(field);

    await user.upload(field, new File(['png'], 'recibo-banco.png', { type: 'image/png' }));
    expect(screen.getByText('recibo-banco.png')).toBeTruthy();
    expect(screen.queryByText('Ningún archivo elegido')).toBeNull();
    expect(labels()).toEqual(['Foto o captura del comprobante', 'Cambiar comprobante']);

    await user.click(screen.getByRole('button', { name: 'Enviar comprobante' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.receiptUploaded)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual(['/api/Order/7/receipt']);
    // Sent: the field is empty again, ready for a replacement.
    const again = await screen.findByLabelText<HTMLInputElement>('Cambiar el comprobante');
    expect(again.value).toBe('');
    expect(screen.getByText('Ningún archivo elegido')).toBeTruthy();
    expect(Array.from(again.labels ?? [], (label) => label.textContent?.trim())).toEqual([
      'Cambiar el comprobante',
      'Elegir comprobante',
    ]);
  });
});
