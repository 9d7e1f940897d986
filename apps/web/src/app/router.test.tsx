import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

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
});
