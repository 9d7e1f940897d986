import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { pageCount } from '@tienda/shared/constants';
import type { Product } from '@tienda/shared/catalog';
import { adminProductPageQuery } from '../../../lib/api/products';
import type { ListPage } from '../../admin-shared/components/admin-list-page';
import { useDebouncedValue } from '../../admin-shared/lib/use-debounced-value';
import { useSearchParam } from '../../admin-shared/lib/use-search-param';

/**
 * The product admin's list, searched and paged by the server (GET /api/Product/admin-list): the term lives in ?q=
 * as in the other admin lists, the server is asked once typing pauses, and the page shown stays up while the next
 * one loads. Back to page 1 when the term changes (spec §4); back to the last page when a delete empties this one.
 */
export function useAdminProductList() {
  const [term, setTerm] = useSearchParam('q');
  const asked = useDebouncedValue(term.trim());
  const [paging, setPaging] = useState({ term: asked, page: 1 });
  const page = paging.term === asked ? paging.page : 1;
  const query = useQuery({ ...adminProductPageQuery(asked, page), placeholderData: keepPreviousData });
  const total = query.data?.total ?? 0;
  const pages = pageCount(total, query.data?.pageSize);
  const setPage = (next: number) => setPaging({ term: asked, page: next });
  // A delete that empties the last page: show the page before it (adjusted while rendering, as usePaged clamps).
  if (query.data !== undefined && !query.isPlaceholderData && page > pages) setPaging({ term: asked, page: pages });
  const list: ListPage<Product> = {
    term,
    setTerm,
    matchCount: total,
    page: Math.min(page, pages),
    pageCount: pages,
    pageItems: query.data?.items ?? [],
    setPage,
  };
  return { query, list };
}
