import { useQuery } from '@tanstack/react-query';
import type { CategoryCount, Combo, Product, ProductCard, ProductPage, SortField } from '@tienda/shared/catalog';
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

/** The shop asks the server for one page of products (docs/decisions/0026-catalogue-search-index.md). */
export interface ProductPageRequest {
  page: number;
  pageSize: number;
}

// spec §7: POST /api/Product/search and POST /api/Combo/search with the search request; products with the paging
// extension, so a phone never downloads more than the page it shows.
export function searchProductPage(body: CatalogSearchBody, paging: ProductPageRequest): Promise<ProductPage> {
  return apiRequest<ProductPage>('/api/Product/search', { method: 'POST', json: { ...body, ...paging } });
}

export function searchCombos(body: CatalogSearchBody): Promise<Combo[]> {
  return apiRequest<Combo[]>('/api/Combo/search', { method: 'POST', json: body });
}

/** Products arrive a page at a time with their total; combos (a few dozen) arrive whole and page in the browser. */
export type CatalogResult =
  | { mode: 'products'; items: ProductCard[]; total: number; categoryCounts: CategoryCount[] }
  | { mode: 'combos'; items: Combo[] };

/** The shop's query key; the server prefills the same one (docs/decisions/0027-server-rendered-storefront.md). */
export const catalogSearchKey = (mode: CatalogMode, body: CatalogSearchBody, paging: ProductPageRequest) =>
  mode === 'products' ? ['catalog-search', mode, body, paging] : ['catalog-search', mode, body];

export const productPageResult = ({ items, total, categoryCounts }: ProductPage): CatalogResult => ({
  mode: 'products',
  items,
  total,
  categoryCounts,
});

export function useCatalogSearch(mode: CatalogMode, body: CatalogSearchBody, paging: ProductPageRequest) {
  return useQuery<CatalogResult>({
    queryKey: catalogSearchKey(mode, body, paging),
    queryFn: async () =>
      mode === 'combos'
        ? { mode, items: await searchCombos(body) }
        : productPageResult(await searchProductPage(body, paging)),
    // Keep the old cards on screen (dimmed) while the next search runs: no jump to skeletons on every click. Not
    // across Productos/Combos: the other kind's cards, under this kind's count, would be tapped by mistake.
    placeholderData: (previous) => (previous?.mode === mode ? previous : undefined),
  });
}
