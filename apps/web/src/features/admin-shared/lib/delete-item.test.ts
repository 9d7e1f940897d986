import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { stubFetch } from '../../../test/render-route';
import { deleteItem } from './delete-item';

describe('an admin delete', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes an item already gone (404) as deleted, and any other refusal as a failure', async () => {
    const calls = stubFetch(() => ({ status: 404, body: { message: 'El producto no existe.' } }));
    await expect(deleteItem('/api/Product/7')).resolves.toBeUndefined();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['DELETE /api/Product/7']);

    stubFetch(() => ({ status: 409, body: { message: 'No se puede eliminar.' } }));
    await expect(deleteItem('/api/Category/3')).rejects.toEqual(new ApiError(409, 'No se puede eliminar.'));
    stubFetch(() => 'network-error');
    await expect(deleteItem('/api/Category/3')).rejects.toThrow();
  });
});
