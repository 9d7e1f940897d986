import { idFromText } from '@tienda/shared/constants';
import type { CatalogMode, CatalogSearchBody } from '../api/search-catalog';

// The shop's state lives in the URL query string: a search can be shared and the back
// button walks through it. Defaults are left out so /tienda stays /tienda.
//   ?q=muneca&categorias=2,5&tipo=combos&orden=precio-asc&disponibles=1&pagina=2

export type ShopSort = 'alfabetico' | 'precio-asc' | 'precio-desc';

export interface ShopState {
  q: string;
  categories: number[];
  mode: CatalogMode;
  /** null: no sort (spec §4: sort defaults to none). */
  sort: ShopSort | null;
  /** true: 'En stock'; false: 'Todos'. */
  inStock: boolean;
  /** 1-based. */
  page: number;
}

export const SORT_OPTIONS: ReadonlyArray<{ value: ShopSort; label: string }> = [
  { value: 'alfabetico', label: 'Alfabético' },
  { value: 'precio-asc', label: 'Precio menor a mayor' },
  { value: 'precio-desc', label: 'Precio mayor a menor' },
];

const SORTS = new Set<string>(SORT_OPTIONS.map((option) => option.value));

export function parseShopState(params: URLSearchParams): ShopState {
  const categories = (params.get('categorias') ?? '')
    .split(',')
    .map(idFromText)
    .filter((id) => id !== null);
  const sort = params.get('orden');
  const page = Number(params.get('pagina'));
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    categories: [...new Set(categories)].sort((a, b) => a - b),
    mode: params.get('tipo') === 'combos' ? 'combos' : 'products',
    sort: sort && SORTS.has(sort) ? (sort as ShopSort) : null,
    inStock: params.get('disponibles') === '1',
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

export function shopStateToParams(state: ShopState): URLSearchParams {
  const params = new URLSearchParams();
  const q = state.q.trim();
  if (q) params.set('q', q);
  if (state.categories.length > 0) params.set('categorias', [...state.categories].sort((a, b) => a - b).join(','));
  if (state.mode === 'combos') params.set('tipo', 'combos');
  if (state.sort) params.set('orden', state.sort);
  if (state.inStock) params.set('disponibles', '1');
  if (state.page > 1) params.set('pagina', String(state.page));
  return params;
}

/**
 * The next state after a change. Any change other than the page itself changes the result list,
 * so it goes back to page 1 (spec §4).
 */
export function updateShopState(state: ShopState, change: Partial<ShopState>): ShopState {
  const next = { ...state, ...change };
  if (!('page' in change)) next.page = 1;
  return next;
}

/** Clicking the active sort chip clears the sort (none is the default). */
export function toggleSort(current: ShopSort | null, clicked: ShopSort): ShopSort | null {
  return current === clicked ? null : clicked;
}

/** spec §3 search request for the state. Combos have no categories of their own, so none are sent for them. */
export function toSearchBody(state: ShopState): CatalogSearchBody {
  const q = state.q.trim();
  return {
    searchTerm: q === '' ? null : q,
    categories: state.mode === 'products' ? state.categories : [],
    sortBy: state.sort === 'alfabetico' ? 'name' : state.sort ? 'price' : null,
    sortAsc: state.sort !== 'precio-desc',
    inStock: state.inStock,
  };
}
