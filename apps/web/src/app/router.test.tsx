import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RootLayout } from './layout/root-layout';
import { isUnknownPath, routes } from './router';

describe('routes', () => {
  it('take the owner from /admin to the admin home', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/admin'] });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await expect.poll(() => router.state.location.pathname).toBe('/admin/inicio');
  });

  it('tell the server which addresses only the catch-all 404 page shows (spec §2: any other path)', async () => {
    for (const path of [
      '/',
      '/tienda',
      '/tienda/',
      '/TIENDA',
      '/producto/7',
      '/producto/abc',
      '/combo/3',
      '/reset-code-confirmation',
      '/pedido/4',
      '/admin',
      '/admin/inicio',
      '/editar-combo/3',
      '/admin/orden/9',
    ])
      expect([path, isUnknownPath(path)]).toEqual([path, false]);
    for (const path of ['/no-existe', '/producto', '/producto/7/fotos', '/admin/no-existe', '/tiendas'])
      expect([path, isUnknownPath(path)]).toEqual([path, true]);
    const router = createMemoryRouter(routes, { initialEntries: ['/producto/7/fotos'] });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: '404 - Página no encontrada' })).toBeTruthy();
    expect(document.title).toBe('Página no encontrada · Jugar y Crecer');
  });
});

describe('a screen that fails', () => {
  it('shows the retry screen under the header, whose links stay', async () => {
    function Broken(): never {
      throw new Error('chunk failed to load');
    }
    const router = createMemoryRouter(
      [{ path: '/', element: <RootLayout />, children: [{ path: 'tienda', element: <Broken /> }] }],
      {
        initialEntries: ['/tienda'],
      },
    );
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Algo salió mal' })).toBeTruthy();
    expect(screen.getByRole('banner').textContent).toContain('Tienda');
    quiet.mockRestore();
  });
});
