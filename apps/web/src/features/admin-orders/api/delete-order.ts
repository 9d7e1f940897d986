import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// spec §7: DELETE /api/Order/{id}, 204.
export const deleteOrder = (orderId: number) => apiRequest<void>(`/api/Order/${orderId}`, { method: 'DELETE' });

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteOrder, onSuccess: () => queryClient.invalidateQueries() });
}
