import { describe, expect, it } from 'vitest';
import { comboFormData } from './save-combo';

// docs/decisions/0021-stock-edits-as-changes.md: an edit form tells the server the stock it opened with.
describe('the combo edit form carries the stock it opened with', () => {
  it('combo: stockLoaded beside the spec fields', () => {
    const fields = { name: 'Combo', description: 'Tres', price: 450, stock: 2, productIds: [4] };
    const form = comboFormData(fields, null, { stockLoaded: 3, stockEditSession: 'a1b2c3d4e5f60718' });
    expect(form.get('Stock')).toBe('2');
    expect(form.get('stockLoaded')).toBe('3');
    expect(form.get('stockEditSession')).toBe('a1b2c3d4e5f60718');
    expect(comboFormData(fields, null).has('stockEditSession')).toBe(false);
  });
});
