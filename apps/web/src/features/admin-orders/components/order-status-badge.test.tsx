import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { actionsFor } from './order-actions';
import { OrderStatusBadge } from './order-status-badge';

describe('order status in the admin list (spec §4, docs/decisions/0015)', () => {
  it.each([
    [0, 'Pendiente'],
    [1, 'Pagado'],
    [2, 'Entregado'],
    [3, 'Vencida'],
    [7, 'Entregado'],
  ])('status %i reads %s', (status, label) => {
    render(<OrderStatusBadge status={status} />);
    expect(screen.getByText(label)).toBeTruthy();
  });

  it('offers every other status, and all three for an expired order', () => {
    expect(actionsFor(0)).toEqual(['pay', 'deliver']);
    expect(actionsFor(2)).toEqual(['pay', 'pending']);
    expect(actionsFor(3)).toEqual(['pay', 'deliver', 'pending']);
  });
});
