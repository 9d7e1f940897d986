import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { expect, it, vi } from 'vitest';
import { CLAIM_USER_ID } from '@tienda/shared/constants';

// Test harness for screens: the real providers (query client, router, toasts) around one route, and a probe
// at every other path that shows where the screen navigated to (and with which state).

function LocationProbe() {
  const location = useLocation();
  return (
    <div>
      <p data-testid="location">{location.pathname}</p>
      <p data-testid="location-state">{JSON.stringify(location.state ?? null)}</p>
    </div>
  );
}

export interface RenderRouteOptions {
  /** The route pattern the screen is mounted at (default: the entry's path). */
  path?: string;
  /** Where the memory history starts, optionally with navigation state. */
  entry?: InitialEntry;
  /** Renders as this user, logged in: their (fake) token is stored first. */
  signedInAs?: number;
}

export function renderRoute(screen: ReactElement, { path = '/', entry = path, signedInAs }: RenderRouteOptions = {}) {
  if (signedInAs !== undefined) localStorage.setItem('token', fakeToken(signedInAs));
  const queryClient = new QueryClient({
    // No refetch on focus, as the app's client (app/providers.tsx): only the queries that ask for it do.
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path={path} element={screen} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
      <ToastContainer autoClose={false} />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export interface FetchCall {
  url: string;
  method: string;
  body: unknown;
  authorization: string | null;
  /** Only on requests that carry one. */
  idempotencyKey?: string;
}

export type FetchReply = { status: number; body?: unknown } | 'network-error';

/**
 * Replaces the browser's fetch (the network edge, not our code) with `reply`, recording every request.
 * setup.ts undoes it after each test (vi.unstubAllGlobals()).
 */
export function stubFetch(reply: (call: FetchCall) => FetchReply | Promise<FetchReply>): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      const call: FetchCall = {
        url: String(input),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? null),
        authorization: headers.get('authorization'),
        ...(headers.has('idempotency-key') ? { idempotencyKey: headers.get('idempotency-key')! } : {}),
      };
      calls.push(call);
      const answer = await reply(call);
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      const text =
        answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      return new Response(answer.status === 204 ? null : text, {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** A token shaped like the API's: only its payload matters to the client (it reads the user id claim). */
export function fakeToken(userId: unknown): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ [CLAIM_USER_ID]: userId, exp: 4_102_444_800 })}.firma`;
}

/** The path the screen navigated to (waits for the probe to appear). */
export async function navigatedTo(): Promise<string | null> {
  return (await screen.findByTestId('location')).textContent;
}

/**
 * Mounts a signed-in visitor's screen at `path` with `token` in storage (none when null) and checks that it sent
 * the visitor to /login with `message`.
 */
export async function expectSentToLogin(element: ReactElement, path: string, token: string | null, message: string) {
  if (token !== null) localStorage.setItem('token', token);
  renderRoute(element, { path });
  expect(await navigatedTo()).toBe('/login');
  expect(await screen.findByText(message)).toBeTruthy();
}

/**
 * The two tests of a screen that needs a signed-in user (spec §2): no token gives `signedOutMessage`, and a token
 * without a usable user id gives 'Usuario inválido' and is dropped; both go to /login.
 */
export function itSendsVisitorsWithoutAUserToLogin(element: ReactElement, path: string, signedOutMessage: string) {
  it(`without a token says '${signedOutMessage}' and goes to /login`, async () => {
    await expectSentToLogin(element, path, null, signedOutMessage);
  });

  it("with a token that has no valid user id says 'Usuario inválido', drops it and goes to /login", async () => {
    await expectSentToLogin(element, path, fakeToken('abc'), 'Usuario inválido');
    expect(screen.queryByText(signedOutMessage)).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
}

/** The navigation state the screen passed along. */
export function navigationState(): unknown {
  return JSON.parse(screen.getByTestId('location-state').textContent ?? 'null');
}
