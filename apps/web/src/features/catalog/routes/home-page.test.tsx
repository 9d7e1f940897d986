import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderRoute, stubFetch } from '../../../test/render-route';
import { HomePage } from './home-page';

afterEach(() => vi.restoreAllMocks());

const FEATURED = [
  {
    productId: 52,
    name: 'Botella de calma con purpurina',
    imageUrl: '/uploads/a.webp',
    thumbnailUrl: '/uploads/a-thumb.webp',
    price: 189,
    discount: 0,
  },
  { productId: 47, name: 'Arcoíris apilable de madera', imageUrl: null, thumbnailUrl: null, price: 599, discount: 15 },
];

describe('home page', () => {
  it("shows the hero, 'Ver Catálogo' to /tienda and 'Cargando productos...' until the best sellers arrive", async () => {
    const calls = stubFetch(() => ({ status: 200, body: FEATURED }));
    renderRoute(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Juguetes que Inspiran Creatividad' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver Catálogo' }).getAttribute('href')).toBe('/tienda');
    expect(screen.getByRole('heading', { name: 'Nuestros Best Sellers' })).toBeTruthy();
    expect(screen.getByText('Cargando productos...')).toBeTruthy();
    const details = await screen.findAllByRole('link', { name: /^Ver Detalles/ });
    expect(details.map((a) => a.getAttribute('href'))).toEqual(['/producto/52', '/producto/47']);
    expect(screen.queryByText('Cargando productos...')).toBeNull();
    // The discounted best seller shows what you pay, the struck original and its badge.
    expect(screen.getByText('L 509.15')).toBeTruthy();
    expect(screen.getByText('−15%')).toBeTruthy();
    // Cards load the thumbnail, with its size reserved; the first ones are not lazy (above the fold on phones).
    const image = document.querySelector('img[src="/uploads/a-thumb.webp"]')!;
    expect([image.getAttribute('width'), image.getAttribute('height'), image.getAttribute('loading')]).toEqual([
      '400',
      '400',
      'eager',
    ]);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/Product/featured']);
  });

  it("on failure stays on 'Cargando productos...' and only logs 'Error al cargar productos destacados:'", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = stubFetch(() => ({ status: 500, body: { message: 'fallo' } }));
    renderRoute(<HomePage />);
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(log.mock.calls[0]![0]).toBe('Error al cargar productos destacados:');
    expect((log.mock.calls[0]![1] as Error).message).toBe('fallo');
    expect(screen.getByText('Cargando productos...')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    // Called once: no retries.
    expect(calls).toHaveLength(1);
  });

  it('after a checkout by transfer, shows the total and the accounts to send it to at once', async () => {
    stubFetch(() => ({ status: 200, body: FEATURED }));
    renderRoute(<HomePage />, {
      entry: {
        pathname: '/',
        state: { placedOrder: { orderId: 32, paymentMethod: 'transferencia', total: 1314.5 } },
      },
    });
    const note = await screen.findByRole('region', { name: 'Recibimos tu pedido #32' });
    expect(note.textContent).toContain('Total: L 1,314.50');
    expect(note.textContent).toContain(
      'Transfiere L 1,314.50, el total de tu orden, a una de estas cuentas y sube la foto del comprobante en la ' +
        'página de tu pedido. Te avisaremos por correo cuando confirmemos el pago.',
    );
    expect(note.textContent).toContain('Banco Atlántida');
    expect(note.textContent).toContain('2010-1234-5678');
    expect(screen.getByRole('link', { name: 'Ver mi pedido' }).getAttribute('href')).toBe('/pedido/32');
  });

  it('after a checkout paid on delivery, shows the total and what happens next, and no accounts', async () => {
    stubFetch(() => ({ status: 200, body: FEATURED }));
    renderRoute(<HomePage />, {
      entry: { pathname: '/', state: { placedOrder: { orderId: 33, paymentMethod: 'contra_entrega', total: 539 } } },
    });
    const note = await screen.findByRole('region', { name: 'Recibimos tu pedido #33' });
    expect(note.textContent).toContain('Total: L 539.00');
    expect(note.textContent).toContain('Pagas al recibir tu pedido. Te contactaremos para coordinar la entrega.');
    expect(note.textContent).not.toContain('Banco Atlántida');
  });

  it('after a checkout by transfer, says what to do next and links to the order', async () => {
    stubFetch(() => ({ status: 200, body: FEATURED }));
    renderRoute(<HomePage />, {
      entry: { pathname: '/', state: { placedOrder: { orderId: 31, paymentMethod: 'transferencia' } } },
    });
    const note = await screen.findByRole('region', { name: 'Recibimos tu pedido #31' });
    expect(note.textContent).toContain(
      'Transfiere el total a una de nuestras cuentas y sube la foto del comprobante en la página de tu pedido.',
    );
    expect(screen.getByRole('link', { name: 'Ver mi pedido' }).getAttribute('href')).toBe('/pedido/31');
  });

  it('says nothing of an order on an ordinary visit, nor for a state it does not recognise', async () => {
    stubFetch(() => ({ status: 200, body: FEATURED }));
    for (const placedOrder of [
      { orderId: '31', paymentMethod: 'transferencia' },
      { orderId: 31, paymentMethod: 'trueque' },
    ]) {
      const { unmount } = renderRoute(<HomePage />, { entry: { pathname: '/', state: { placedOrder } } });
      await screen.findAllByRole('link', { name: /^Ver Detalles/ });
      expect(screen.queryByRole('link', { name: 'Ver mi pedido' })).toBeNull();
      expect(screen.queryByText(/Recibimos tu pedido/)).toBeNull();
      unmount();
    }
  });
});
