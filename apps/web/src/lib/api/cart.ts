import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
// Type-only import: the header pulls this file into the first load, which must stay free of zod (bundle budget).
import type { CartLine } from '@tienda/shared/cart';
import { apiRequest } from '../api-client';
import { useSession } from '../session';

export type { CartLine };

/** The cart's query keys: after any change, `refreshCart` so the header badge follows. */
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
    // A cart is personal and changes from other tabs and phones: never serve it stale for long, and read it again when
    // the family comes back to this tab, so a checkout left open shows (and orders) the cart as it is now.
    staleTime: 10_000,
    refetchOnWindowFocus: true,
  });
}

/** The logged-in user's cart lines (disabled, data undefined, when there is no valid user id). */
export function useCart() {
  const { userId } = useSession();
  return useQuery(cartQuery(userId));
}

/**
 * Reads the cart again after a change to it. A first read still on its way is cancelled first: TanStack Query lets a
 * read with no data yet run on when the cart is invalidated, and that read may have been answered before the change
 * was written (a tap carried out as the page goes live), leaving the badge at the cart from before it.
 */
export async function refreshCart(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: cartKeys.all });
  await queryClient.invalidateQueries({ queryKey: cartKeys.all });
}
