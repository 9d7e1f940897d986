import { describe, expect, it } from 'vitest';
import { formatDollars, formatLempiras, LOCAL_DELIVERY_FEE_TEXT, NATIONAL_DELIVERY_FEE_TEXT } from './pricing.js';

describe('amounts as written (spec §9)', () => {
  it('writes lempiras with L, thousands separators and two decimals', () => {
    expect([0, 80, 99.9, 1250, 1234567.5].map(formatLempiras)).toEqual([
      'L 0.00',
      'L 80.00',
      'L 99.90',
      'L 1,250.00',
      'L 1,234,567.50',
    ]);
    expect([LOCAL_DELIVERY_FEE_TEXT, NATIONAL_DELIVERY_FEE_TEXT]).toEqual(['L 80.00', 'L 100.00']);
  });

  it('writes dollars for product admin the same way', () => {
    expect([0, 19.5, 2500].map(formatDollars)).toEqual(['$0.00', '$19.50', '$2,500.00']);
  });
});
