import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Combo } from '@tienda/shared/catalog';
import { apiRequest } from '../../../lib/api-client';

// spec §7: GET /api/Combo/{id} (public).
export const fetchCombo = (id: number) => apiRequest<Combo>(`/api/Combo/${id}`);

export const comboQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'combos', id] as const,
    queryFn: () => fetchCombo(id),
    staleTime: 0,
    retry: false,
  });

export function useCombo(id: number) {
  return useQuery(comboQuery(id));
}
