import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StockAlert, WaitedProduct } from '@tienda/shared/stock-alerts';
import { apiRequest } from '../api-client';

// Extension (docs/decisions/0040-back-in-stock-alerts.md): a product page's 'Avísame cuando vuelva' and the profile's
// list of the toys a family waits for. GET /api/Product/stock-alerts; GET, PUT and DELETE
// /api/Product/{id}/stock-alert.
const waitedKey = ['stock-alerts'] as const;
const stockAlertKey = (productId: number) => ['stock-alerts', productId] as const;

/** Whether this account waits for the sold-out product; asked only when it is signed in and the toy is sold out. */
export function useStockAlert(productId: number, enabled: boolean) {
  return useQuery({
    queryKey: stockAlertKey(productId),
    queryFn: () => apiRequest<StockAlert>(`/api/Product/${productId}/stock-alert`),
    enabled,
  });
}

/** The toys this account waits for, the latest asked first. */
export function useWaitedProducts() {
  return useQuery({
    queryKey: waitedKey,
    queryFn: () => apiRequest<WaitedProduct[]>('/api/Product/stock-alerts'),
  });
}

/** Asks for the alert (`waiting` true) or drops it; the product's state and the list follow the answer. */
export function useSetStockAlert(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (waiting: boolean) =>
      apiRequest<StockAlert>(`/api/Product/${productId}/stock-alert`, { method: waiting ? 'PUT' : 'DELETE' }),
    onSuccess: (answer) => {
      queryClient.setQueryData(stockAlertKey(productId), answer);
      void queryClient.invalidateQueries({ queryKey: waitedKey, exact: true });
    },
  });
}
