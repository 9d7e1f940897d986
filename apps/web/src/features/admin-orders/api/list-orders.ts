import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderJson } from '@tienda/shared/orders';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/api/orders';

// spec §7: GET /Api/Order (bearer): all orders, newest first. (Paths are case-insensitive on the server; the
// lower-case spelling also goes through the development proxy.)
export const fetchOrders = () => apiRequest<OrderJson[]>('/api/Order');

export const ordersQuery = () => queryOptions({ queryKey: orderKeys.list(), queryFn: fetchOrders, staleTime: 0 });

export function useOrders() {
  return useQuery(ordersQuery());
}
