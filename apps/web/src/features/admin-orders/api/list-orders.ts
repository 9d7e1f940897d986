import type { AdminOrderPage, SALES_STATUS_FILTER } from '@tienda/shared/orders';
import { apiBlob, apiRequest } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/api/orders';
import { useServerPagedList } from '../../admin-shared/lib/use-server-paged-list';

// Extensions of spec §7 for the orders admin (docs/decisions/0035-admin-lists-paged-by-the-server.md): the server
// finds, pages and exports the orders, so a sale day's thousands never reach the owner's phone in one answer.

/** The orders admin's filters besides the term: a status, one account, Honduras days ('2026-11-26') to start and end on. */
export interface OrderFilters {
  status?: number | typeof SALES_STATUS_FILTER | undefined;
  customer?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** ?q=&status=&customer=&from=&to= as the server reads them; a filter left out keeps every order. */
function filterParams(term: string, filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams({ q: term });
  if (filters.status !== undefined) params.set('status', String(filters.status));
  if (filters.customer !== undefined) params.set('customer', String(filters.customer));
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  return params;
}

/** GET /api/Order/admin-list: one page of the orders the term and filters find, newest first. */
export const fetchAdminOrderPage = (term: string, filters: OrderFilters, page: number) =>
  apiRequest<AdminOrderPage>(`/api/Order/admin-list?${filterParams(term, filters)}&page=${page}`);

/** The orders admin's list: the term in ?q=, the filters given, pages from the server. */
export function useAdminOrderList(filters: OrderFilters) {
  const filterKey = filterParams('', filters).toString();
  return useServerPagedList({
    queryKey: (term, page) => orderKeys.adminPage(term, filterKey, page),
    fetchPage: (term, page) => fetchAdminOrderPage(term, filters, page),
  });
}

/** GET /api/Order/csv: every order the term and filters find, as the spreadsheet the server makes. */
export const fetchOrdersCsv = (term: string, filters: OrderFilters) =>
  apiBlob(`/api/Order/csv?${filterParams(term, filters)}`);
