import { queryOptions } from '@tanstack/react-query';
import type { Combo } from '@tienda/shared/catalog';
import { apiRequest } from '../api-client';

export type { Combo };

/** The combos' query keys, shared by the storefront and the admin screens. */
export const comboKeys = {
  all: ['combos'] as const,
  list: () => [...comboKeys.all, 'list'] as const,
  detail: (id: number) => [...comboKeys.all, 'detail', id] as const,
};

// spec §7: GET /api/combo (bearer) list.
export const fetchCombos = () => apiRequest<Combo[]>('/api/combo');

// spec §7: GET /api/Combo/{id} (public).
export const fetchCombo = (id: number) => apiRequest<Combo>(`/api/Combo/${id}`);

export const combosQuery = () => queryOptions({ queryKey: comboKeys.list(), queryFn: fetchCombos, staleTime: 0 });

export const comboQuery = (id: number) =>
  queryOptions({ queryKey: comboKeys.detail(id), queryFn: () => fetchCombo(id), retry: false });
