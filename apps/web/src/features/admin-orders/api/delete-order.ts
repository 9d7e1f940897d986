import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteItem } from '../../admin-shared/lib/delete-item';

// spec §7: DELETE /api/Order/{id}, 204.
export const deleteOrder = (orderId: number) => deleteItem(`/api/Order/${orderId}`);

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteOrder, onSuccess: () => queryClient.invalidateQueries() });
}
