import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiBlob, apiRequest, NetworkError, outcomeUnknown } from './api-client';
import { getToken, sessionEndedBecause, setToken } from './session';

describe('the API client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const answering = (response: Response | Error) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (response instanceof Error) throw response;
        return response;
      }),
    );
  const failure = (request: Promise<unknown>) =>
    request.then(
      () => undefined,
      (error: unknown) => error,
    );

  it("reads the shop's Spanish {message}, and the body as text when it is not JSON (spec §7)", async () => {
    answering(new Response(JSON.stringify({ message: 'El producto no existe.' }), { status: 404 }));
    expect(await failure(apiRequest('/api/Product/9'))).toEqual(new ApiError(404, 'El producto no existe.'));
    answering(new Response('Stock insuficiente', { status: 409, headers: { 'content-type': 'text/plain' } }));
    expect(await failure(apiRequest('/api/Cart/AddProduct'))).toEqual(new ApiError(409, 'Stock insuficiente'));
  });

  it("gives no reason for a proxy's HTML error page: the screen says its own text", async () => {
    answering(
      new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
        status: 502,
        headers: { 'content-type': 'text/html' },
      }),
    );
    const error = await failure(apiRequest('/api/Order/'));
    expect(error).toEqual(new ApiError(502, ''));
  });

  const refused = () =>
    new Response(JSON.stringify({ message: 'Token inválido o vencido. Vuelve a iniciar sesión.' }), { status: 401 });

  it('ends the session when the server refuses the token a call carried', async () => {
    setToken('a.b.c');
    answering(refused());
    expect(await failure(apiRequest('/api/Cart/7'))).toEqual(
      new ApiError(401, 'Token inválido o vencido. Vuelve a iniciar sesión.'),
    );
    expect(getToken()).toBeNull();
    expect(sessionEndedBecause()).toBe('Token inválido o vencido. Vuelve a iniciar sesión.');
    // The next login starts afresh.
    setToken('d.e.f');
    expect(sessionEndedBecause()).toBeNull();
    answering(refused());
    expect(await failure(apiBlob('/api/Order/3/comprobante'))).toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
  });

  it('keeps the session on a 401 to a call without the token, and a token that replaced the refused one', async () => {
    setToken('a.b.c');
    answering(new Response(JSON.stringify({ message: 'Credenciales inválidas' }), { status: 401 }));
    await failure(apiRequest('/api/Auth/login', { method: 'POST', json: {}, auth: false }));
    expect(getToken()).toBe('a.b.c');
    // A login in another tab while the refused call was on its way: the new token stays.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        setToken('new.token.here');
        return refused();
      }),
    );
    await failure(apiRequest('/api/Cart/7'));
    expect(getToken()).toBe('new.token.here');
    expect(sessionEndedBecause()).toBeNull();
  });

  it('calls a write unknown when nothing or a proxy answered, and known when the shop did', async () => {
    expect(
      [
        new NetworkError(),
        new ApiError(502, ''),
        new ApiError(504, ''),
        new ApiError(503, 'La tienda se está reiniciando.'),
        new ApiError(500, ''),
        new ApiError(409, 'Agotado'),
      ].map(outcomeUnknown),
    ).toEqual([true, true, true, false, false, false]);
  });
});
