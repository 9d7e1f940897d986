import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderJson } from '@tienda/shared/orders';
import { apiRequest } from '../../../lib/api-client';

// spec §7: GET /api/Order/{orderId}.
export const fetchOrder = (orderId: number) => apiRequest<OrderJson>(`/api/Order/${orderId}`);

export const orderQuery = (orderId: number) =>
  queryOptions({
    queryKey: ['admin', 'orders', orderId] as const,
    queryFn: () => fetchOrder(orderId),
    staleTime: 0,
    retry: false,
  });

export function useOrder(orderId: number) {
  return useQuery(orderQuery(orderId));
}
