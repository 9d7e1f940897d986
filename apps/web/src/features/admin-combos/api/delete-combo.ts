import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// spec §7: DELETE /api/combo/{comboId} (bearer).
export const deleteCombo = (comboId: number) => apiRequest<void>(`/api/combo/${comboId}`, { method: 'DELETE' });

export function useDeleteCombo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCombo, onSuccess: () => queryClient.invalidateQueries() });
}
