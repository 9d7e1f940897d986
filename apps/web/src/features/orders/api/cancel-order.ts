import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORDER_STATUS } from '@tienda/shared/constants';
import type { OrderJson } from '@tienda/shared/orders';
import { ApiError, apiRequest, outcomeUnknown } from '../../../lib/api-client';
import { getOrder, orderKeys, orderQuery } from '../../../lib/api/orders';

/**
 * Beyond spec §7: PUT /api/Order/{orderId}/cancel, the family's own pending order (docs/decisions/0039-…). An answer
 * lost on the way may hide a cancel that went through: the order itself then says so, and that is the answer.
 */
async function cancelOrder(orderId: number): Promise<OrderJson> {
  try {
    return await apiRequest<OrderJson>(`/api/Order/${orderId}/cancel`, { method: 'PUT' });
  } catch (error) {
    if (!outcomeUnknown(error)) throw error;
    const order = await getOrder(orderId).catch(() => null);
    if (order?.orderStatus === ORDER_STATUS.CANCELLED) return order;
    throw error;
  }
}

export function useCancelOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelOrder(orderId),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQuery(orderId).queryKey, order);
      // The purchase history shows its status too.
      if (order.userId !== null) void queryClient.invalidateQueries({ queryKey: orderKeys.byUser(order.userId) });
    },
    // Refused: the shop changed it meanwhile (paid, expired, a receipt or a pay link); the page reads it again.
    onError: (error) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        void queryClient.invalidateQueries({ queryKey: orderQuery(orderId).queryKey });
      }
    },
  });
}
