import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderJson } from '@tienda/shared/orders';
import { apiRequest } from '../api-client';

export type Order = OrderJson;

/** The orders' query keys (checkout invalidates `orderKeys.all` after placing an order). */
export const orderKeys = {
  all: ['orders'] as const,
  adminPage: (term: string, filters: string, page: number) =>
    [...orderKeys.all, 'admin-page', term, filters, page] as const,
  detail: (orderId: number) => [...orderKeys.all, 'detail', orderId] as const,
  byUser: (userId: number) => [...orderKeys.all, 'user', userId] as const,
};

/** GET /api/Order/user/{userId} (spec §7 Orders). */
export function getUserOrders(userId: number): Promise<Order[]> {
  return apiRequest<Order[]>(`/api/Order/user/${userId}`);
}

export const userOrdersQuery = (userId: number) =>
  queryOptions({ queryKey: orderKeys.byUser(userId), queryFn: () => getUserOrders(userId) });

export function useUserOrders(userId: number) {
  return useQuery(userOrdersQuery(userId));
}

/** GET /api/Order/{orderId} (spec §7): its customer's or an admin's. */
export const getOrder = (orderId: number) => apiRequest<Order>(`/api/Order/${orderId}`);

export const orderQuery = (orderId: number) =>
  queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: () => getOrder(orderId),
    enabled: Number.isSafeInteger(orderId) && orderId > 0,
    staleTime: 0,
    retry: false,
    // The shop changes it from its side (paid, delivered, a pay link): a family back on the tab sees it as it is now.
    refetchOnWindowFocus: true,
  });

export function useOrder(orderId: number) {
  return useQuery(orderQuery(orderId));
}

/** Orders newest first, whatever order the server used (ties: the higher id is newer). */
export function newestFirst<T extends Pick<Order, 'createdAt' | 'orderId'>>(orders: readonly T[]): T[] {
  return [...orders].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.orderId - a.orderId);
}
