import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Combo, Product, SortField } from '@tienda/shared/catalog';
import { apiRequest } from '../../../lib/api-client';

export type { Combo, Product };

/** spec §3 Catalogue search request. */
export interface CatalogSearchBody {
  searchTerm: string | null;
  categories: number[];
  sortBy: SortField | null;
  sortAsc: boolean;
  inStock: boolean;
}

export type CatalogMode = 'products' | 'combos';

// spec §7: POST /api/Product/search and POST /api/Combo/search with the search request.
export function searchProducts(body: CatalogSearchBody): Promise<Product[]> {
  return apiRequest<Product[]>('/api/Product/search', { method: 'POST', json: body });
}

export function searchCombos(body: CatalogSearchBody): Promise<Combo[]> {
  return apiRequest<Combo[]>('/api/Combo/search', { method: 'POST', json: body });
}

export type CatalogResult = { mode: 'products'; items: Product[] } | { mode: 'combos'; items: Combo[] };

export function useCatalogSearch(mode: CatalogMode, body: CatalogSearchBody) {
  return useQuery<CatalogResult>({
    queryKey: ['catalog-search', mode, body],
    queryFn: async () =>
      mode === 'products' ? { mode, items: await searchProducts(body) } : { mode, items: await searchCombos(body) },
    // Keep the old cards on screen (dimmed) while the next search runs: no jump to skeletons on every click.
    placeholderData: keepPreviousData,
  });
}
