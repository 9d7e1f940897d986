import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { OrderStatusBadge } from './order-status-badge';

describe('order status badge (spec §4, docs/decisions/0015 and 0039)', () => {
  it.each([
    [0, 'Pendiente'],
    [1, 'Pagado'],
    [2, 'Entregado'],
    [3, 'Vencido'],
    [4, 'Cancelado'],
    [7, 'Entregado'],
  ])('status %i reads %s', (status, label) => {
    render(<OrderStatusBadge status={status} />);
    expect(screen.getByText(label)).toBeTruthy();
  });
});
