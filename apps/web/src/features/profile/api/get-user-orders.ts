import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderJson } from '@tienda/shared/orders';
import { apiRequest } from '../../../lib/api-client';

export type Order = OrderJson;

/** Every order-history query starts with this key (checkout invalidates it after placing an order). */
export const USER_ORDERS_QUERY_KEY = ['user-orders'] as const;

/** GET /api/Order/user/{userId} (spec §7 Orders). */
export function getUserOrders(userId: number): Promise<Order[]> {
  return apiRequest<Order[]>(`/api/Order/user/${userId}`);
}

export const userOrdersQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...USER_ORDERS_QUERY_KEY, userId] as const, queryFn: () => getUserOrders(userId) });

export function useUserOrders(userId: number) {
  return useQuery(userOrdersQueryOptions(userId));
}

/** Orders newest first, whatever order the server used (ties: the higher id is newer). */
export function newestFirst<T extends Pick<Order, 'createdAt' | 'orderId'>>(orders: readonly T[]): T[] {
  return [...orders].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.orderId - a.orderId);
}
