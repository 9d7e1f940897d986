import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@tienda/shared/catalog';
import { apiRequest } from '../api-client';

export type { Category };

/** The categories' query keys, shared by the storefront filter and the admin screens. */
export const categoryKeys = {
  all: ['categories'] as const,
  list: () => [...categoryKeys.all, 'list'] as const,
  detail: (id: number) => [...categoryKeys.all, 'detail', id] as const,
};

// spec §7: GET /api/Category → categoryId, name, description (public; the admin sends its bearer too).
export const fetchCategories = () => apiRequest<Category[]>('/api/Category');

// spec §7: GET /api/Category/{id}.
export const fetchCategory = (id: number) => apiRequest<Category>(`/api/Category/${id}`);

/** Fresh on every admin screen; the storefront asks for a longer staleTime. */
export const categoriesQuery = () =>
  queryOptions({ queryKey: categoryKeys.list(), queryFn: fetchCategories, staleTime: 0 });

export const categoryQuery = (id: number) =>
  queryOptions({ queryKey: categoryKeys.detail(id), queryFn: () => fetchCategory(id), staleTime: 0, retry: false });

export function useCategories() {
  return useQuery(categoriesQuery());
}
