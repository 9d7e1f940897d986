import { describe, expect, it } from 'vitest';
import { comboFormData } from './save-combo';

// docs/decisions/0021-stock-edits-as-changes.md: an edit form tells the server the stock it opened with.
describe('the combo edit form carries the stock it opened with', () => {
  it('combo: stockLoaded beside the spec fields', () => {
    const form = comboFormData({ name: 'Combo', description: 'Tres', price: 450, stock: 2, productIds: [4] }, null, 3);
    expect(form.get('Stock')).toBe('2');
    expect(form.get('stockLoaded')).toBe('3');
  });
});
