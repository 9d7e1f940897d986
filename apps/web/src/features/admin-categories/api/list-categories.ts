import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@tienda/shared/catalog';
import { apiRequest } from '../../../lib/api-client';

// spec §7: GET /api/Category (bearer in admin).
export const fetchCategories = () => apiRequest<Category[]>('/api/Category');

export const categoriesQuery = () =>
  queryOptions({ queryKey: ['admin', 'categories'] as const, queryFn: fetchCategories, staleTime: 0 });

export function useCategories() {
  return useQuery(categoriesQuery());
}
