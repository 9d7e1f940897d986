import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSettings } from '@tienda/shared/orders';
import { apiRequest } from '../../../lib/api-client';
import { adminStatsQuery } from './get-admin-stats';

// PUT /api/admin/settings: the owner's dashboard settings; the figures reload with them.
export const saveAdminSettings = (settings: AdminSettings) =>
  apiRequest<AdminSettings>('/api/admin/settings', { method: 'PUT', json: settings });

export function useSaveAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAdminSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminStatsQuery().queryKey }),
  });
}
