import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@tienda/shared/orders';
import { apiRequest } from '../../../lib/api-client';

// Today's figures for the admin home (admin only).
export const fetchAdminStats = () => apiRequest<AdminStats>('/api/admin/stats');

export const adminStatsQuery = () =>
  queryOptions({ queryKey: ['admin', 'stats'] as const, queryFn: fetchAdminStats, staleTime: 0 });

export function useAdminStats() {
  return useQuery(adminStatsQuery());
}
