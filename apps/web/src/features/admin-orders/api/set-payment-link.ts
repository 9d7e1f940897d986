import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderJson } from '@tienda/shared/orders';
import { apiRequest } from '../../../lib/api-client';
import { orderQuery } from '../../../lib/api/orders';

// Beyond spec §7: PUT /api/Order/{orderId}/payment-link (docs/decisions/0020-payment-methods.md).
export function useSetPaymentLink(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentLink: string) =>
      apiRequest<OrderJson>(`/api/Order/${orderId}/payment-link`, { method: 'PUT', json: { paymentLink } }),
    onSuccess: (order) => queryClient.setQueryData(orderQuery(orderId).queryKey, order),
  });
}
