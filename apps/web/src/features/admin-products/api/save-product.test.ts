import { describe, expect, it } from 'vitest';
import { productFormData } from './save-product';

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
