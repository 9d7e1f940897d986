import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QuantitySelector } from './quantity-selector';

function Harness({ max, initial = 1, disabled }: { max: number; initial?: number; disabled?: boolean }) {
  const [value, setValue] = useState(initial);
  return <QuantitySelector value={value} onChange={setValue} max={max} label="Cubo sensorial" disabled={disabled} />;
}

const minus = () => screen.getByRole('button', { name: 'Disminuir cantidad' }) as HTMLButtonElement;
const plus = () => screen.getByRole('button', { name: 'Aumentar cantidad' }) as HTMLButtonElement;
const value = () => screen.getByRole('status').textContent;

describe('QuantitySelector', () => {
  it('is a labelled group starting at 1 with − disabled at 1 (spec §5)', () => {
    render(<Harness max={10} />);
    expect(screen.getByRole('group', { name: 'Cantidad de Cubo sensorial' })).toBeTruthy();
    expect(value()).toBe('1');
    expect(minus().disabled).toBe(true);
    expect(plus().disabled).toBe(false);
  });

  it('stops + at the stock', async () => {
    const u = userEvent.setup();
    render(<Harness max={3} />);
    await u.click(plus());
    await u.click(plus());
    expect(value()).toBe('3');
    expect(plus().disabled).toBe(true);
    await u.click(plus());
    expect(value()).toBe('3');
    await u.click(minus());
    expect(value()).toBe('2');
    expect(plus().disabled).toBe(false);
  });

  it('never goes past 99 when the caller caps max at min(99, stock)', async () => {
    const u = userEvent.setup();
    render(<Harness max={Math.min(99, 500)} initial={98} />);
    await u.click(plus());
    expect(value()).toBe('99');
    expect(plus().disabled).toBe(true);
  });

  it('with nothing in stock keeps 1 and disables both buttons', () => {
    render(<Harness max={0} />);
    expect(value()).toBe('1');
    expect(minus().disabled).toBe(true);
    expect(plus().disabled).toBe(true);
  });

  it('disables both buttons while busy', () => {
    render(<Harness max={5} initial={3} disabled />);
    expect(minus().disabled).toBe(true);
    expect(plus().disabled).toBe(true);
  });
});
