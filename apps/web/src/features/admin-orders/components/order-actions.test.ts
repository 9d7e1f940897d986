import { describe, expect, it } from 'vitest';
import { actionsFor } from './order-actions';

describe('status changes offered in the orders admin (spec §4)', () => {
  it('offers every other status, all three for an order closed unsold, and cancelling until it is delivered', () => {
    expect(actionsFor(0)).toEqual(['pay', 'deliver', 'cancel']);
    expect(actionsFor(1)).toEqual(['deliver', 'pending', 'cancel']);
    expect(actionsFor(2)).toEqual(['pay', 'pending']);
    expect(actionsFor(3)).toEqual(['pay', 'deliver', 'pending']);
    expect(actionsFor(4)).toEqual(['pay', 'deliver', 'pending']);
  });
});
