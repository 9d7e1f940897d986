import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@tienda/shared/catalog';
import { apiRequest } from '../../../lib/api-client';

// spec §7: GET /api/Category/{id}.
export const fetchCategory = (id: number) => apiRequest<Category>(`/api/Category/${id}`);

export const categoryQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'categories', id] as const,
    queryFn: () => fetchCategory(id),
    staleTime: 0,
    retry: false,
  });

export function useCategory(id: number) {
  return useQuery(categoryQuery(id));
}
