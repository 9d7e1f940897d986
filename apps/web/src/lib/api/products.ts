import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@tienda/shared/catalog';
import { apiRequest } from '../api-client';

export type { Product };

/** The products' query keys, shared by the storefront and the admin screens. */
export const productKeys = {
  all: ['products'] as const,
  list: () => [...productKeys.all, 'list'] as const,
  detail: (id: number) => [...productKeys.all, 'detail', id] as const,
  featured: () => [...productKeys.all, 'featured'] as const,
};

// spec §7: GET /api/Product (the whole list; the admin filters and pages it in the browser).
export const fetchProducts = () => apiRequest<Product[]>('/api/Product');

// spec §7: GET /api/Product/{id}.
export const fetchProduct = (id: number) => apiRequest<Product>(`/api/Product/${id}`);

export const productsQuery = () => queryOptions({ queryKey: productKeys.list(), queryFn: fetchProducts, staleTime: 0 });

export const productQuery = (id: number) =>
  queryOptions({ queryKey: productKeys.detail(id), queryFn: () => fetchProduct(id), retry: false });

export function useProducts() {
  return useQuery(productsQuery());
}
