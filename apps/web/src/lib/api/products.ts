import { queryOptions } from '@tanstack/react-query';
import type { AdminProductPage, Product } from '@tienda/shared/catalog';
import { apiRequest } from '../api-client';

export type { Product };

/** The products' query keys, shared by the storefront and the admin screens. */
export const productKeys = {
  all: ['products'] as const,
  detail: (id: number) => [...productKeys.all, 'detail', id] as const,
  featured: () => [...productKeys.all, 'featured'] as const,
  adminPage: (term: string, page: number) => [...productKeys.all, 'admin-page', term, page] as const,
};

// spec §7: GET /api/Product/{id}.
export const fetchProduct = (id: number) => apiRequest<Product>(`/api/Product/${id}`);

export const productQuery = (id: number) =>
  queryOptions({ queryKey: productKeys.detail(id), queryFn: () => fetchProduct(id), retry: false });

/**
 * Extension: one page of the product admin's list, searched by the server (spec §9's substring match). The admin
 * screens ask for this instead of the whole list, which is 28 MB of JSON at 50,000 products
 * (docs/decisions/0026-catalogue-search-index.md, amendment of 2026-11-26 late).
 */
export const fetchAdminProductPage = (term: string, page: number) =>
  apiRequest<AdminProductPage>(`/api/Product/admin-list?${new URLSearchParams({ q: term, page: String(page) })}`);

export const adminProductPageQuery = (term: string, page: number) =>
  queryOptions({
    queryKey: productKeys.adminPage(term, page),
    queryFn: () => fetchAdminProductPage(term, page),
    staleTime: 0,
  });
