import { describe, expect, it } from 'vitest';
import { matchesTerm } from './admin-search';

describe('admin search (spec §9: case-insensitive substring)', () => {
  it('matches any field, ignoring case and accents', () => {
    expect(matchesTerm('MUNECA', ['Muñeca de trapo', 'Suave'])).toBe(true);
    expect(matchesTerm('trapo', ['Muñeca de trapo'])).toBe(true);
    expect(matchesTerm('suave', ['Muñeca', 'Tela suave'])).toBe(true);
    expect(matchesTerm('pelota', ['Muñeca', 'Tela suave'])).toBe(false);
  });

  it('treats a blank term as "everything" and skips missing fields', () => {
    expect(matchesTerm('   ', ['x'])).toBe(true);
    expect(matchesTerm('7', [null, undefined, 17])).toBe(true);
  });
});
