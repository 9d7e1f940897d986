import { useQuery } from '@tanstack/react-query';
import type { ProductPage } from '@tienda/shared/catalog';
import { apiRequest } from '../../../lib/api-client';

/**
 * How many products each category holds, from the shop's search (POST /api/Product/search with paging, whose answer
 * counts the products per category: docs/decisions/0026-…): one card asked for, the counts read. Before a category is
 * deleted, the owner learns how many products it leaves without it.
 */
export function useProductsPerCategory(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'products-per-category'],
    queryFn: () =>
      apiRequest<ProductPage>('/api/Product/search', {
        method: 'POST',
        json: { searchTerm: null, categories: [], sortBy: null, sortAsc: true, inStock: false, page: 1, pageSize: 1 },
      }),
    select: (page) => new Map(page.categoryCounts.map(({ categoryId, count }) => [categoryId, count])),
    enabled,
    staleTime: 0,
  });
}
