import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { discountLabel, Price } from './price';

describe('Price', () => {
  it('shows a price without discount as L with two decimals and thousands separators', () => {
    render(<Price price={1250} discount={0} />);
    expect(screen.getByTestId('price').textContent).toBe('L 1,250.00');
    expect(screen.queryByTestId('price-was')).toBeNull();
    expect(screen.queryByTestId('discount-badge')).toBeNull();
  });

  it('treats a missing or negative discount as none', () => {
    render(<Price price={189} />);
    render(<Price price={189} discount={-5} />);
    expect(screen.getAllByTestId('price').map((p) => p.textContent)).toEqual(['L 189.00', 'L 189.00']);
  });

  it('with a discount shows price × (1 − discount/100), the original struck through and a −N% badge (spec §9)', () => {
    render(<Price price={599} discount={15} />);
    expect(screen.getByTestId('price-now').textContent).toBe('L 509.15');
    expect(screen.getByTestId('price-was').textContent).toBe('L 599.00');
    expect(screen.getByTestId('price-was').closest('s')).not.toBeNull();
    expect(screen.getByTestId('discount-badge').textContent).toBe('−15%');
  });

  it('rounds the discounted price to cents', () => {
    render(<Price price={349} discount={15} />);
    // 349 × 0.85 = 296.65
    expect(screen.getByTestId('price-now').textContent).toBe('L 296.65');
    render(<Price price={99.99} discount={33} />);
    // 99.99 × 0.67 = 66.9933 → 66.99
    expect(screen.getAllByTestId('price-now')[1]!.textContent).toBe('L 66.99');
  });

  it('reads "Ahora … Antes …" to screen readers', () => {
    render(<Price price={1000} discount={12.5} />);
    expect(screen.getByTestId('price').textContent).toBe('Ahora L 875.00Antes L 1,000.00−12.5%');
  });

  it('can leave the badge to the card', () => {
    render(<Price price={100} discount={10} hideBadge />);
    expect(screen.queryByTestId('discount-badge')).toBeNull();
    expect(screen.getByTestId('price-now').textContent).toBe('L 90.00');
  });

  it('labels discounts with the minus sign and at most one decimal', () => {
    expect(discountLabel(20)).toBe('−20%');
    expect(discountLabel(12.5)).toBe('−12.5%');
    expect(discountLabel(33.333)).toBe('−33.3%');
  });
});
