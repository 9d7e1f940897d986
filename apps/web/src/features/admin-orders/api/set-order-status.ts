import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderJson, OrderStatusAction } from '@tienda/shared/orders';
import { apiRequest } from '../../../lib/api-client';

/** spec §7's status actions, and the shop's cancel (docs/decisions/0039-…): each a PUT with an empty body, 200. */
export type OrderChange = OrderStatusAction | 'cancel';

// spec §7: PUT /api/Order/{id}/deliver, /pay and /pending; the extension PUT /api/Order/{id}/cancel.
export const setOrderStatus = (orderId: number, action: OrderChange) =>
  apiRequest<OrderJson>(`/api/Order/${orderId}/${action}`, { method: 'PUT' });

export function useSetOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, action }: { orderId: number; action: OrderChange }) => setOrderStatus(orderId, action),
    // spec §4: after success the list reloads (stock changes too, so the catalogue refreshes as well).
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
