import { useQuery } from '@tanstack/react-query';
import type { Category } from '@tienda/shared/catalog';
import { apiRequest } from '../../../lib/api-client';

export type { Category };

// spec §7: GET /api/Category → categoryId, name, description.
export function getCategories(): Promise<Category[]> {
  return apiRequest<Category[]>('/api/Category');
}

export function useCategories() {
  return useQuery({ queryKey: ['categories'], queryFn: getCategories, staleTime: 5 * 60_000 });
}
