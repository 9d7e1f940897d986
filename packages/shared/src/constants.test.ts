import { describe, expect, it } from 'vitest';
import { ID_MAX, idFromText, readOrderStatus } from './constants.js';

describe('ids written in an address', () => {
  it('reads 1 to ID_MAX, and nothing the API could not hold', () => {
    expect(['7', '007', String(ID_MAX)].map(idFromText)).toEqual([7, 7, ID_MAX]);
    const refused = ['0', String(ID_MAX + 1), '99999999999', '-7', '7.5', ' 7', '1e3', 'abc', '', undefined];
    expect(refused.map(idFromText)).toEqual(refused.map(() => null));
  });
});

describe('order statuses', () => {
  it('reads 0, 1, 3 and 4 as themselves and any other value as Entregado (spec §4)', () => {
    expect([0, 1, 2, 3, 4, 5, 7, -1].map(readOrderStatus)).toEqual([0, 1, 2, 3, 4, 2, 2, 2]);
  });
});
