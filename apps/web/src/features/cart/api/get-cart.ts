import { queryOptions, useQuery } from '@tanstack/react-query';
// Type-only import: the header pulls this file into the first load, which must stay free of zod (bundle budget).
import type { CartLine } from '@tienda/shared/cart';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export type { CartLine };

/** Every cart query starts with this key: invalidate it after any change so the header badge refreshes. */
export const CART_QUERY_KEY = ['cart'] as const;

// spec §7 Cart: GET /api/Cart/User/{userId} (bearer).
export function getCart(userId: number): Promise<CartLine[]> {
  return apiRequest<CartLine[]>(`/api/Cart/User/${userId}`);
}

export function cartQueryOptions(userId: number | null) {
  return queryOptions({
    queryKey: [...CART_QUERY_KEY, userId] as const,
    queryFn: () => getCart(userId!),
    enabled: userId !== null,
    // A cart is personal and changes from other tabs: never serve it stale for long.
    staleTime: 10_000,
  });
}

/** The logged-in user's cart lines (disabled, data undefined, when there is no valid user id). */
export function useCart() {
  const { userId } = useSession();
  return useQuery(cartQueryOptions(userId));
}

/** spec §7: the header badge sums the quantities above 0 (0 on error or while unknown). */
export function cartCount(lines: readonly Pick<CartLine, 'quantity'>[] | undefined): number {
  if (!lines) return 0;
  return lines.reduce((sum, line) => sum + (line.quantity > 0 ? line.quantity : 0), 0);
}

/** Money helpers for summaries: exact cents, then back to lempiras (GUIDE §5). */
export function cartSubtotal(lines: readonly Pick<CartLine, 'subtotal'>[] | undefined): number {
  if (!lines) return 0;
  return lines.reduce((cents, line) => cents + Math.round(line.subtotal * 100), 0) / 100;
}
