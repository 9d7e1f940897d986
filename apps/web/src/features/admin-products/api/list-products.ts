import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@tienda/shared/catalog';
import { apiRequest } from '../../../lib/api-client';

// spec §7: GET /api/Product (the whole list; the admin filters and pages it in the browser).
export const fetchProducts = () => apiRequest<Product[]>('/api/Product');

export const productsQuery = () =>
  queryOptions({ queryKey: ['admin', 'products'] as const, queryFn: fetchProducts, staleTime: 0 });

export function useProducts() {
  return useQuery(productsQuery());
}
