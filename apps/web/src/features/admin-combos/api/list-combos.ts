import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Combo } from '@tienda/shared/catalog';
import { apiRequest } from '../../../lib/api-client';

// spec §7: GET /api/combo (bearer) list.
export const fetchCombos = () => apiRequest<Combo[]>('/api/combo');

export const combosQuery = () =>
  queryOptions({ queryKey: ['admin', 'combos'] as const, queryFn: fetchCombos, staleTime: 0 });

export function useCombos() {
  return useQuery(combosQuery());
}
