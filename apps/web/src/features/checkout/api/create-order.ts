import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderJson } from '@tienda/shared/orders';
import { apiRequest } from '../../../lib/api-client';
import { CART_QUERY_KEY } from '../../cart/api/get-cart';
import { USER_ORDERS_QUERY_KEY } from '../../profile/api/get-user-orders';
import type { OrderPayload } from '../lib/order-summary';

/** POST /api/Order/ (bearer) with the order payload (spec §7 Orders). */
export function createOrder(payload: OrderPayload): Promise<OrderJson> {
  return apiRequest<OrderJson>('/api/Order/', { method: 'POST', json: payload });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    // Placed or refused (stock may have changed), the cart the server holds is the truth: reload it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_ORDERS_QUERY_KEY }),
  });
}
