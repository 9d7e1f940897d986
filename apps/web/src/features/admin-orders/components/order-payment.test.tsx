import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
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
      /^Si no se marca como pagada, vence el 25 nov 2026,? (a las )?11:20\sa\.\sm\.$/,
    );
    unmount();
    renderRoute(<OrderPayment order={orderJson({ orderStatus: 1, expiresAt: null })} />);
    expect(screen.getByText('Transferencia bancaria')).toBeTruthy();
    expect(screen.queryByText(/vence el/)).toBeNull();
  });
});
