import type { AdminOrderPage } from '@tienda/shared/orders';
import { apiBlob, apiRequest } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/api/orders';
import { useServerPagedList } from '../../admin-shared/lib/use-server-paged-list';

// Extensions of spec §7 for the orders admin (docs/decisions/0035-admin-lists-paged-by-the-server.md): the server
// finds, pages and exports the orders, so a sale day's thousands never reach the owner's phone in one answer.

/** ?q=&status= as the server reads them; no status means every order. */
function filterParams(term: string, status: number | undefined): URLSearchParams {
  const params = new URLSearchParams({ q: term });
  if (status !== undefined) params.set('status', String(status));
  return params;
}

/** GET /api/Order/admin-list: one page of the orders the term and status find, newest first. */
export const fetchAdminOrderPage = (term: string, status: number | undefined, page: number) =>
  apiRequest<AdminOrderPage>(`/api/Order/admin-list?${filterParams(term, status)}&page=${page}`);

/** The orders admin's list: the term in ?q=, the status filter given, pages from the server. */
export const useAdminOrderList = (status: number | undefined) =>
  useServerPagedList(
    {
      queryKey: (term, page) => orderKeys.adminPage(term, status, page),
      fetchPage: (term, page) => fetchAdminOrderPage(term, status, page),
    },
    String(status ?? ''),
  );

/** GET /api/Order/csv: every order the term and status find, as the spreadsheet the server makes. */
export const fetchOrdersCsv = (term: string, status: number | undefined) =>
  apiBlob(`/api/Order/csv?${filterParams(term, status)}`);
