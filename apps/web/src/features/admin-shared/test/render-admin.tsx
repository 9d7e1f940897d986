import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

/**
 * Renders an admin screen as the router would (inside the AdminGuard's outlet) with a fresh query client,
 * at `path`, plus a marker showing where navigation ends up.
 */
export function renderAdminScreen(element: ReactElement, { path, route = path }: { path: string; route?: string }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={element} />
          <Route path="*" element={null} />
        </Routes>
        <WhereAmI />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export interface RecordedCall {
  url: string;
  method: string;
  body: unknown;
}

/**
 * Replaces the browser's fetch (the network, not our code) with a scripted server: each call gets the next
 * reply in order, and every request is recorded with its parsed JSON body.
 */
export function scriptedFetch(replies: Array<{ status: number; body?: unknown }>) {
  const calls: RecordedCall[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const text = typeof init?.body === 'string' ? init.body : undefined;
    calls.push({ url: String(input), method: init?.method ?? 'GET', body: text ? JSON.parse(text) : init?.body });
    const reply = replies[calls.length - 1];
    if (!reply) throw new Error(`Unexpected request ${init?.method ?? 'GET'} ${String(input)}`);
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}
