import { describe, expect, it } from 'vitest';
import { cartItemCount, orderFigures, orderFiguresCents } from './cart-totals.js';

describe('cart figures (spec §7, §9)', () => {
  it('counts the header badge as the sum of quantities above 0', () => {
    expect(cartItemCount([{ quantity: 2 }, { quantity: 3 }, { quantity: 0 }])).toBe(5);
    expect(cartItemCount([])).toBe(0);
    expect(cartItemCount(undefined)).toBe(0);
  });

  it('adds L80 in San Pedro Sula and L100 elsewhere, in cents', () => {
    expect(orderFiguresCents([50000, 39048], 'San Pedro Sula')).toEqual({
      subtotalCents: 89048,
      appliedDiscountCents: 0,
      deliveryFeeCents: 8000,
      totalCents: 97048,
    });
    expect(orderFiguresCents([24690], 'Tegucigalpa')).toEqual({
      subtotalCents: 24690,
      appliedDiscountCents: 0,
      deliveryFeeCents: 10000,
      totalCents: 34690,
    });
  });

  it('sums lempiras lines in exact cents', () => {
    const lines = [{ subtotal: 0.1 }, { subtotal: 0.2 }, { subtotal: 1249.7 }];
    expect(orderFigures(lines, 'San Pedro Sula')).toEqual({
      subtotal: 1250,
      appliedDiscount: 0,
      deliveryFee: 80,
      total: 1330,
    });
    expect(orderFigures(lines, 'Choloma')).toEqual({
      subtotal: 1250,
      appliedDiscount: 0,
      deliveryFee: 100,
      total: 1350,
    });
  });

  it('has no fee until a city is chosen', () => {
    expect(orderFigures([{ subtotal: 399.99 }], null)).toEqual({
      subtotal: 399.99,
      appliedDiscount: 0,
      deliveryFee: null,
      total: 399.99,
    });
    expect(orderFigures([], null)).toEqual({ subtotal: 0, appliedDiscount: 0, deliveryFee: null, total: 0 });
  });
});
