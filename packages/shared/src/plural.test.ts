import { describe, expect, it } from 'vitest';
import { countOf } from './plural.js';

describe('countOf', () => {
  it('says one in the singular and every other count in the plural', () => {
    expect([0, 1, 2, 30].map((n) => countOf(n, 'orden encontrada', 'órdenes encontradas'))).toEqual([
      '0 órdenes encontradas',
      '1 orden encontrada',
      '2 órdenes encontradas',
      '30 órdenes encontradas',
    ]);
  });
});
