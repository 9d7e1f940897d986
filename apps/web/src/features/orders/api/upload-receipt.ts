import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderJson } from '@tienda/shared/orders';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { orderQuery } from '../../../lib/api/orders';

// Beyond spec §7: POST /api/Order/{orderId}/receipt, multipart field `receipt` (docs/decisions/0020-payment-methods.md).
export function useUploadReceipt(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('receipt', file);
      return apiRequest<OrderJson>(`/api/Order/${orderId}/receipt`, { method: 'POST', form });
    },
    onSuccess: (order) => queryClient.setQueryData(orderQuery(orderId).queryKey, order),
    // Refused: the order changed on the shop's side (paid, expired, deleted); the page reads it again to show why.
    onError: (error) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        void queryClient.invalidateQueries({ queryKey: orderQuery(orderId).queryKey });
      }
    },
  });
}
