import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/render-route';
import { productFormData, saveProduct } from './save-product';

// docs/decisions/0021-stock-edits-as-changes.md: an edit form tells the server the stock it opened with.
describe('admin edit forms carry the stock they opened with', () => {
  it('product: stockLoaded beside the spec fields, and none on create', () => {
    const fields = { name: 'Pelota', description: 'Suave', price: 150, stock: 7, discount: 0, categoryIds: [2, 3] };
    const edit = productFormData(fields, null, { stockLoaded: 5, stockEditSession: 'a1b2c3d4e5f60718' });
    expect([...edit.entries()]).toEqual([
      ['name', 'Pelota'],
      ['description', 'Suave'],
      ['price', '150'],
      ['stock', '7'],
      ['discount', '0'],
      ['categoryIds', '2'],
      ['categoryIds', '3'],
      ['stockLoaded', '5'],
      ['stockEditSession', 'a1b2c3d4e5f60718'],
    ]);
    expect(productFormData(fields, null).has('stockLoaded')).toBe(false);
  });
});

describe('a product saved again after its image step failed', () => {
  it('takes an image already removed the first time as removed, and uploads the new ones', async () => {
    const product = { productId: 7, stock: 5 };
    const calls = stubFetch((call) =>
      call.method === 'DELETE'
        ? { status: 404, body: { message: 'Imagen no encontrada' } }
        : { status: 200, body: product },
    );
    const fields = { name: 'Pelota', description: '', price: 150, stock: 5, discount: 0, categoryIds: [] };
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'lado.png', { type: 'image/png' });
    const saved = await saveProduct({ productId: 7, fields, image: null, newImages: [photo], removedImageIds: [31] });
    expect(saved.imageError).toBeNull();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'PUT /api/Product/7',
      'DELETE /api/Product/7/images/31',
      'POST /api/Product/7/images',
    ]);
  });
});
