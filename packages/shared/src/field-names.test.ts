import { describe, expect, it } from 'vitest';
import { normalizeKeys } from './field-names.js';

describe('case-insensitive field names (spec §7)', () => {
  it('renames keys to the declared spelling; the exact spelling wins; non-objects pass through', () => {
    expect(normalizeKeys(['productId', 'quantity'])({ PRODUCTID: 3, Quantity: 2, extra: 1 })).toEqual({
      productId: 3,
      quantity: 2,
      extra: 1,
    });
    expect(normalizeKeys(['productId'])({ productid: 1, productId: 2 })).toEqual({ productId: 2 });
    expect(normalizeKeys(['productId'])({ productId: 2, productid: 1 })).toEqual({ productId: 2 });
    expect(normalizeKeys(['productId'])('x')).toBe('x');
    expect(normalizeKeys(['productId'])([1])).toEqual([1]);
  });
});
