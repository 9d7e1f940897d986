import { queryOptions, useQuery } from '@tanstack/react-query';
// Type-only import: the header pulls this file into the first load, which must stay free of zod (bundle budget).
import type { CartLine } from '@tienda/shared/cart';
import { apiRequest } from '../api-client';
import { useSession } from '../session';

export type { CartLine };

/** The cart's query keys: invalidate `cartKeys.all` after any change so the header badge refreshes. */
export const cartKeys = {
  all: ['cart'] as const,
  user: (userId: number | null) => [...cartKeys.all, userId] as const,
};

// spec §7 Cart: GET /api/Cart/User/{userId} (bearer).
export function getCart(userId: number): Promise<CartLine[]> {
  return apiRequest<CartLine[]>(`/api/Cart/User/${userId}`);
}

export function cartQuery(userId: number | null) {
  return queryOptions({
    queryKey: cartKeys.user(userId),
    queryFn: () => getCart(userId!),
    enabled: userId !== null,
    // A cart is personal and changes from other tabs: never serve it stale for long.
    staleTime: 10_000,
  });
}

/** The logged-in user's cart lines (disabled, data undefined, when there is no valid user id). */
export function useCart() {
  const { userId } = useSession();
  return useQuery(cartQuery(userId));
}
