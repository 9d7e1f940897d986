import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StockAlert } from '@tienda/shared/stock-alerts';
import { apiRequest } from '../../../lib/api-client';

// Extension (docs/decisions/0040-back-in-stock-alerts.md): GET, PUT and DELETE /api/Product/{id}/stock-alert.
const stockAlertKey = (productId: number) => ['stock-alert', productId] as const;

/** Whether this account waits for the sold-out product; asked only when it is signed in and the toy is sold out. */
export function useStockAlert(productId: number, enabled: boolean) {
  return useQuery({
    queryKey: stockAlertKey(productId),
    queryFn: () => apiRequest<StockAlert>(`/api/Product/${productId}/stock-alert`),
    enabled,
  });
}

/** Asks for the alert (`waiting` true) or drops it; the answer is the new state. */
export function useSetStockAlert(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (waiting: boolean) =>
      apiRequest<StockAlert>(`/api/Product/${productId}/stock-alert`, { method: waiting ? 'PUT' : 'DELETE' }),
    onSuccess: (answer) => queryClient.setQueryData(stockAlertKey(productId), answer),
  });
}
