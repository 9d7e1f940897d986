import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AdminStats } from '@tienda/shared/orders';
import { renderRoute, stubFetch } from '../../../test/render-route';
import { Component as AdminHomePage } from './admin-home-page';

const stats: AdminStats = {
  pendingOrders: 0,
  paidNotDelivered: 0,
  salesThisMonth: 0,
  ordersThisMonth: 0,
  paidThisMonth: 0,
  salesByDay: [],
  lowStockThreshold: 3,
  bestSellers: [],
  lowStock: [
    { productId: 1, name: 'Túnel de gateo plegable', stock: 0, imageUrl: null, waiting: 3 },
    { productId: 2, name: 'Pelota sensorial', stock: 0, imageUrl: null, waiting: 1 },
    { productId: 3, name: 'Caballete de madera', stock: 2, imageUrl: null, waiting: 0 },
  ],
};

// docs/decisions/0040-back-in-stock-alerts.md: the owner sees how many families wait for each sold-out toy.
describe('the admin home low-stock list', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('says how many families wait for each toy', async () => {
    stubFetch(({ url }) =>
      url === '/api/admin/stats' ? { status: 200, body: stats } : { status: 200, body: { backups: [] } },
    );
    renderRoute(<AdminHomePage />, { path: '/admin/inicio', signedInAs: 1 });
    const tunnel = (await screen.findByText('Túnel de gateo plegable')).closest('li')!;
    expect(within(tunnel).getByText('3 familias esperan')).toBeTruthy();
    const ball = screen.getByText('Pelota sensorial').closest('li')!;
    expect(within(ball).getByText('1 familia espera')).toBeTruthy();
    const easel = screen.getByText('Caballete de madera').closest('li')!;
    expect(easel.textContent).toBe('Caballete de maderaQuedan 2');
  });
});
