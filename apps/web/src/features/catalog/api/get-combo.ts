import { useQuery } from '@tanstack/react-query';
import type { Combo } from '@tienda/shared/catalog';
import { apiRequest } from '../../../lib/api-client';

export type { Combo };

// spec §7: GET /api/Combo/{id} (public).
export function getCombo(id: number): Promise<Combo> {
  return apiRequest<Combo>(`/api/Combo/${id}`);
}

export function useCombo(id: number) {
  return useQuery({
    queryKey: ['combo', id],
    queryFn: () => getCombo(id),
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
  });
}
