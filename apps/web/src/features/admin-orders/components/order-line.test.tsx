import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { scriptedFetch } from '../../admin-shared/test/render-admin';
import { OrderComboLine, OrderProductLine } from './order-line';

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ul>{children}</ul>
    </QueryClientProvider>,
  );
}

describe('admin order detail lines (spec §2, §8)', () => {
  it("uses the order's own snapshot without asking the server", () => {
    const server = scriptedFetch([]);
    vi.stubGlobal('fetch', server.fetch);
    wrap(
      <OrderProductLine
        fallbackId={1}
        line={{
          productId: 5,
          quantity: 2,
          unitprice: 189,
          subtotal: 378,
          name: 'Botella de calma',
          imageUrl: '/uploads/b.webp',
        }}
      />,
    );
    expect(screen.getByText('Botella de calma')).toBeTruthy();
    const detail = screen.getByText((_, element) => element?.textContent === 'Cantidad: 2 × L 189.00');
    // The price never breaks between 'L' and its amount on a phone.
    expect(within(detail).getByText('L 189.00').className).toBe('whitespace-nowrap');
    expect(screen.getByText('L 378.00')).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it("falls back to GET /api/Product/{id}, then to 'Producto ID: n' with a fallback image, only logging the failure", async () => {
    const server = scriptedFetch([{ status: 404, body: { message: 'El producto no existe.' } }]);
    vi.stubGlobal('fetch', server.fetch);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    wrap(
      <OrderProductLine
        fallbackId={1}
        line={{ productId: 5, quantity: 1, unitprice: 100, subtotal: 100, name: '', imageUrl: null }}
      />,
    );
    expect(await screen.findByText('Producto ID: 5')).toBeTruthy();
    // The shop's own placeholder picture, as for any item without one.
    expect(screen.getByRole('img', { name: 'Imagen no disponible' })).toBeTruthy();
    expect(server.calls).toEqual([{ url: '/api/Product/5', method: 'GET', body: undefined }]);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('shows a combo found through GET /api/Combo/{id} when the line has no snapshot', async () => {
    const server = scriptedFetch([
      {
        status: 200,
        body: {
          comboId: 3,
          name: 'Tarde de patio',
          imageUrl: '/uploads/t.webp',
          thumbnailUrl: '/uploads/t-thumb.webp',
        },
      },
    ]);
    vi.stubGlobal('fetch', server.fetch);
    const { container } = wrap(
      <OrderComboLine
        fallbackId={1}
        line={{ comboId: 3, quantity: 1, unitprice: 899, subtotal: 899, name: null, imageUrl: null }}
      />,
    );
    expect(await screen.findByText('Tarde de patio')).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/uploads/t-thumb.webp');
  });

  it("shows 'Combo ID: n' when the combo is gone", async () => {
    vi.stubGlobal('fetch', scriptedFetch([{ status: 404, body: { message: 'El combo no existe.' } }]).fetch);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    wrap(
      <OrderComboLine
        fallbackId={1}
        line={{ comboId: 9, quantity: 1, unitprice: 500, subtotal: 500, name: '', imageUrl: null }}
      />,
    );
    expect(await screen.findByText('Combo ID: 9')).toBeTruthy();
    log.mockRestore();
  });
});
