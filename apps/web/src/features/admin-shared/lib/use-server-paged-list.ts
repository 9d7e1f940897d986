import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { pageCount } from '@tienda/shared/constants';
import type { ListPage } from '../components/admin-list-page';
import { useDebouncedValue } from './use-debounced-value';
import { usePageParam, useSearchParam } from './use-search-param';

/** What an admin-list call answers (GET /api/…/admin-list, docs/decisions/0035-…). */
export interface ServerPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** How to ask the server for a page of a list, for the term and page asked: its cache key and its fetch. */
export interface ServerPageSource<T> {
  queryKey: (term: string, page: number) => QueryKey;
  fetchPage: (term: string, page: number) => Promise<ServerPage<T>>;
}

/**
 * An admin list searched and paged by the server (docs/decisions/0035-admin-lists-paged-by-the-server.md): the
 * term lives in ?q= and the page in ?pagina= as in the other admin lists, the server is asked once typing pauses,
 * and the page shown stays up while the next one loads. A new term or filter goes back to page 1 (spec §4:
 * useSearchParam drops the page); a delete that empties the last page shows the page before it.
 */
export function useServerPagedList<T>({ queryKey, fetchPage }: ServerPageSource<T>) {
  const [term, setTerm] = useSearchParam('q');
  const asked = useDebouncedValue(term.trim());
  const [page, setPage] = usePageParam();
  const query = useQuery({
    queryKey: queryKey(asked, page),
    queryFn: () => fetchPage(asked, page),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  const total = query.data?.total ?? 0;
  const pages = pageCount(total, query.data?.pageSize);
  const beyondTheEnd = query.data !== undefined && !query.isPlaceholderData && page > pages;
  useEffect(() => {
    if (beyondTheEnd) setPage(pages, { replace: true });
  }, [beyondTheEnd, pages, setPage]);
  const list: ListPage<T> = {
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
