import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderJson, OrderStatusAction } from '@tienda/shared/orders';
import { apiRequest } from '../../../lib/api-client';

// spec §7: PUT /api/Order/{id}/deliver, /pay and /pending with an empty body, 200.
export const setOrderStatus = (orderId: number, action: OrderStatusAction) =>
  apiRequest<OrderJson>(`/api/Order/${orderId}/${action}`, { method: 'PUT' });

export function useSetOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, action }: { orderId: number; action: OrderStatusAction }) =>
      setOrderStatus(orderId, action),
    // spec §4: after success the list reloads (stock changes too, so the catalogue refreshes as well).
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
