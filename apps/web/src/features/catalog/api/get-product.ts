import { useQuery } from '@tanstack/react-query';
import type { Product } from '@tienda/shared/catalog';
import { apiRequest } from '../../../lib/api-client';

export type { Product };

// spec §7: GET /api/Product/{id}.
export function getProduct(id: number): Promise<Product> {
  return apiRequest<Product>(`/api/Product/${id}`);
}

export function useProduct(id: number) {
  return useQuery({
    queryKey: ['product', id],
    queryFn: () => getProduct(id),
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
  });
}
