import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderPayload, OrderJson } from '@tienda/shared/orders';
import { apiRequest, outcomeUnknown } from '../../../lib/api-client';
import { randomKey } from '../../../lib/random-key';
import { refreshCart } from '../../../lib/api/cart';
import { orderKeys } from '../../../lib/api/orders';

export interface CreateOrderInput {
  payload: CreateOrderPayload;
  /** One per checkout attempt, the same on its retries: the API answers a retry with the order it already placed. */
  idempotencyKey: string;
}

/** POST /api/Order/ (bearer) with the order payload (spec §7 Orders) and an Idempotency-Key (docs/decisions/0015-…). */
export function createOrder({ payload, idempotencyKey }: CreateOrderInput): Promise<OrderJson> {
  return apiRequest<OrderJson>('/api/Order/', {
    method: 'POST',
    json: payload,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

/**
 * One Idempotency-Key per checkout attempt: the same payload again (a retry after a 502 or a lost connection) gets
 * the same key, so an order that was placed is answered again instead of placed twice; a changed address or cart
 * is a new attempt with a new key.
 */
export function attemptKeys(): (payload: CreateOrderPayload) => string {
  let last: { payload: string; key: string } | undefined;
  return (payload) => {
    const serialized = JSON.stringify(payload);
    if (last?.payload !== serialized) last = { payload: serialized, key: randomKey() };
    return last.key;
  };
}

/**
 * A lost connection, or a proxy's 502 or 504, leaves an order unknown: placed, with its answer lost, or never
 * arrived. The same request again is safe (same Idempotency-Key), so it is tried twice more, a second and three
 * seconds later, before the family is told. Offline it fails at once (the app's mutations do not wait for the
 * connection: app/providers.tsx), so an order is never sent long after the family has left the page.
 */
const RETRY_DELAYS_MS = [1_000, 3_000];

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    retry: (failures, error) => outcomeUnknown(error) && failures < RETRY_DELAYS_MS.length,
    retryDelay: (failures) => RETRY_DELAYS_MS[failures]!,
    // Placed or refused (stock may have changed), the cart the server holds is the truth: reload it.
    onSettled: () => refreshCart(queryClient),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
