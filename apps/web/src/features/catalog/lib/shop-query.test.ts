import { describe, expect, it } from 'vitest';
import {
  parseShopState,
  shopStateToParams,
  toggleSort,
  toSearchBody,
  updateShopState,
  type ShopState,
} from './shop-query';

const DEFAULT: ShopState = { q: '', categories: [], mode: 'products', sort: null, inStock: false, page: 1 };

describe('shop URL state', () => {
  it('an empty query string is the default shop: products, no sort, all, page 1', () => {
    expect(parseShopState(new URLSearchParams(''))).toEqual(DEFAULT);
    expect(shopStateToParams(DEFAULT).toString()).toBe('');
  });

  it('reads and writes every choice', () => {
    const params = new URLSearchParams('q=muneca&categorias=5,2&tipo=combos&orden=precio-desc&disponibles=1&pagina=3');
    const state = parseShopState(params);
    expect(state).toEqual({
      q: 'muneca',
      categories: [2, 5],
      mode: 'combos',
      sort: 'precio-desc',
      inStock: true,
      page: 3,
    });
    expect(shopStateToParams(state).toString()).toBe(
      'q=muneca&categorias=2%2C5&tipo=combos&orden=precio-desc&disponibles=1&pagina=3',
    );
    expect(parseShopState(shopStateToParams(state))).toEqual(state);
  });

  it('ignores junk in a hand-edited URL', () => {
    expect(parseShopState(new URLSearchParams('categorias=abc,0,-3,7,7&orden=barato&pagina=-2&tipo=juguetes'))).toEqual(
      {
        ...DEFAULT,
        categories: [7],
      },
    );
  });

  it('goes back to page 1 on any change other than the page (spec §4)', () => {
    const onPage3 = { ...DEFAULT, page: 3 };
    expect(updateShopState(onPage3, { sort: 'alfabetico' }).page).toBe(1);
    expect(updateShopState(onPage3, { categories: [4] }).page).toBe(1);
    expect(updateShopState(onPage3, { inStock: true }).page).toBe(1);
    expect(updateShopState(onPage3, { mode: 'combos' }).page).toBe(1);
    expect(updateShopState(onPage3, { q: 'oso' }).page).toBe(1);
    expect(updateShopState(onPage3, { page: 2 }).page).toBe(2);
  });

  it('clicking the active sort chip clears the sort', () => {
    expect(toggleSort(null, 'alfabetico')).toBe('alfabetico');
    expect(toggleSort('alfabetico', 'precio-asc')).toBe('precio-asc');
    expect(toggleSort('precio-asc', 'precio-asc')).toBeNull();
  });

  it('maps the state to the spec §3 search request', () => {
    expect(toSearchBody(DEFAULT)).toEqual({
      searchTerm: null,
      categories: [],
      sortBy: null,
      sortAsc: true,
      inStock: false,
    });
    expect(toSearchBody({ ...DEFAULT, q: ' muñeca ', categories: [1, 3], sort: 'alfabetico', inStock: true })).toEqual({
      searchTerm: 'muñeca',
      categories: [1, 3],
      sortBy: 'name',
      sortAsc: true,
      inStock: true,
    });
    expect(toSearchBody({ ...DEFAULT, sort: 'precio-asc' })).toMatchObject({ sortBy: 'price', sortAsc: true });
    expect(toSearchBody({ ...DEFAULT, sort: 'precio-desc' })).toMatchObject({ sortBy: 'price', sortAsc: false });
    // Combos have no categories: none are sent for them.
    expect(toSearchBody({ ...DEFAULT, mode: 'combos', categories: [1] }).categories).toEqual([]);
  });
});
