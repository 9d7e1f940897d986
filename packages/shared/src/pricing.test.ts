import { describe, expect, it } from 'vitest';
import {
  formatDollars,
  formatLempiras,
  fromBasisPoints,
  LOCAL_DELIVERY_FEE_TEXT,
  NATIONAL_DELIVERY_FEE_TEXT,
  paidPriceCents,
  toBasisPoints,
  toCents,
} from './pricing.js';

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

  it('writes every amount as Intl en-US does, written by hand or not', () => {
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = [
      0,
      -0,
      0.01,
      0.05,
      0.1,
      0.125,
      0.995,
      1.005,
      2.675,
      9.99,
      10,
      99.999,
      999.99,
      1000,
      1234.5,
      99999.99,
      100000,
      999999.995,
      999.995,
      1234.995,
      100000.004,
      1e6,
      12345678.9,
      999999999999.99,
      1e12,
      123456789012345.67,
      -1,
      -1234.567,
      -0.001,
      1e-7,
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ];
    for (let cents = 0; cents < 300_000; cents += 997) amounts.push(cents / 100);
    for (const amount of amounts)
      expect([amount, formatLempiras(amount)]).toEqual([amount, `L ${intl.format(amount)}`]);
  });

  it('writes dollars for product admin the same way', () => {
    expect([0, 19.5, 2500].map(formatDollars)).toEqual(['$0.00', '$19.50', '$2,500.00']);
  });
});

describe('amounts as stored', () => {
  it('rounds lempiras to cents half up as written, whatever the binary fraction', () => {
    expect([1.005, 2.675, 1.015, 0.1 + 0.2, 19.99, 1234567.895, 0].map(toCents)).toEqual([
      101, 268, 102, 30, 1999, 123456790, 0,
    ]);
  });

  it('stores a discount in hundredths of a percent the same way', () => {
    expect([12.345, 33.335, 10, 0.5].map(toBasisPoints)).toEqual([1235, 3334, 1000, 50]);
  });
});

describe('stored discounts (basis points)', () => {
  it('say the percent back and price a stored row as the owner typed it', () => {
    expect([fromBasisPoints(1250), fromBasisPoints(0), fromBasisPoints(10_000)]).toEqual([12.5, 0, 100]);
    // L 169.99 less 12.5 %: 148.74125 → L 148.74; less 15 %: 144.4915 → L 144.49.
    expect(paidPriceCents(16_999, toBasisPoints(12.5))).toBe(14_874);
    expect(paidPriceCents(16_999, toBasisPoints(15))).toBe(14_449);
    expect(paidPriceCents(16_999, 0)).toBe(16_999);
  });
});
