import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderJson } from '@tienda/shared/orders';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { orderKeys, orderQuery } from '../../../lib/api/orders';

// Beyond spec §7: PUT /api/Order/{orderId}/cancel, the family's own pending order (docs/decisions/0039-…).
export function useCancelOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<OrderJson>(`/api/Order/${orderId}/cancel`, { method: 'PUT' }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQuery(orderId).queryKey, order);
      // The purchase history shows its status too.
      if (order.userId !== null) void queryClient.invalidateQueries({ queryKey: orderKeys.byUser(order.userId) });
    },
    // Refused: the shop changed it meanwhile (paid, expired, a receipt checked); the page reads it again to show how.
    onError: (error) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        void queryClient.invalidateQueries({ queryKey: orderQuery(orderId).queryKey });
      }
    },
  });
}
