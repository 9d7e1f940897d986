import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderJson } from '../../../test/fixtures';
import { renderRoute, stubFetch } from '../../../test/render-route';
import { OrderPayment } from './order-payment';

// The payment card of the owner's order page (docs/decisions/0020-payment-methods.md).
describe('admin order payment', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names when an unpaid transfer order expires, a receipt waiting for her included', async () => {
    stubFetch(() => ({ status: 404, body: { message: 'Esta orden todavía no tiene comprobante.' } }));
    const order = orderJson({ orderStatus: 0, expiresAt: '2026-11-25T17:20:00.000Z' });
    const { unmount } = renderRoute(<OrderPayment order={order} />);
    // 17:20 UTC is 11:20 in Honduras; ICU versions join the date and the time with ',' or 'a las'.
    expect(screen.getByText(/^Si no se marca como pagada, vence el/).textContent).toMatch(
      /^Si no se marca como pagada, vence el 25 nov 2026,? (a las )?11:20\sa\.\sm\. y sus juguetes vuelven a la tienda\.$/,
    );
    unmount();
    renderRoute(<OrderPayment order={orderJson({ orderStatus: 1, expiresAt: null })} />);
    expect(screen.getByText('Transferencia bancaria')).toBeTruthy();
    expect(screen.queryByText(/vence el/)).toBeNull();
  });

  it('says a lost connection as such, not as a bad link, and that a link already sent is not sent twice', async () => {
    stubFetch(() => 'network-error');
    const link = 'https://pagos.bac.hn/link/XYZ';
    renderRoute(<OrderPayment order={orderJson({ orderStatus: 0, paymentMethod: 'enlace', paymentLink: link })} />);
    expect(
      screen.getByText('Ya enviamos este enlace al cliente. Solo un enlace distinto se le vuelve a enviar.'),
    ).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Guardar y enviar al cliente' }));
    expect(await screen.findByText('Error de red. Revisa tu conexión e inténtalo de nuevo.')).toBeTruthy();
    expect(screen.queryByText('El enlace de pago debe ser una dirección que empiece con https://.')).toBeNull();
  });
});
