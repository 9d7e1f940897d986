import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteItem } from '../../admin-shared/lib/delete-item';
import { orderKeys } from '../../../lib/api/orders';

// spec §7: DELETE /api/Order/{id}, 204.
export const deleteOrder = (orderId: number) => deleteItem(`/api/Order/${orderId}`);

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: (_, orderId) => {
      // The order is gone: its page must not ask for it again. Its 404 replaced the page before the delete's own
      // handlers could say 'Orden eliminada' and go back to the list.
      queryClient.removeQueries({ queryKey: orderKeys.detail(orderId) });
      return queryClient.invalidateQueries();
    },
  });
}
