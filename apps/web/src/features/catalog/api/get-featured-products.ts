import { useQuery } from '@tanstack/react-query';
// Type-only: the home page is in the first load and must not pull zod in.
import type { FeaturedProduct } from '@tienda/shared/catalog';
import { ERRORS } from '@tienda/shared/messages';
import { apiRequest } from '../../../lib/api-client';
import { productKeys } from '../../../lib/api/products';

export type { FeaturedProduct };

// spec §7: GET /api/Product/featured, no payload, called once on home load.
export async function getFeaturedProducts(): Promise<FeaturedProduct[]> {
  try {
    return await apiRequest<FeaturedProduct[]>('/api/Product/featured');
  } catch (error) {
    // spec §4/§8: on failure the list stays empty and the error is only logged.
    console.error(ERRORS.featuredFailedLog, error);
    throw error;
  }
}

export function useFeaturedProducts() {
  return useQuery({
    queryKey: productKeys.featured(),
    queryFn: getFeaturedProducts,
    // Once per visit: no retries, no refetch while the visitor moves around the shop.
    retry: false,
    staleTime: 5 * 60_000,
  });
}
