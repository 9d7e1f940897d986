import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, NetworkError, outcomeUnknown } from './api-client';

describe('the API client', () => {
  afterEach(() => vi.unstubAllGlobals());

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
