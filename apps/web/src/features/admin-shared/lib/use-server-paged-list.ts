import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { pageCount } from '@tienda/shared/constants';
import type { ListPage } from '../components/admin-list-page';
import { useDebouncedValue } from './use-debounced-value';
import { useSearchParam } from './use-search-param';

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
 * term lives in ?q= as in the other admin lists, the server is asked once typing pauses, and the page shown stays
 * up while the next one loads. Back to page 1 when the term or `filterKey` (another filter) changes (spec §4); back
 * to the last page when a delete empties this one.
 */
export function useServerPagedList<T>({ queryKey, fetchPage }: ServerPageSource<T>, filterKey = '') {
  const [term, setTerm] = useSearchParam('q');
  const asked = useDebouncedValue(term.trim());
  const askedKey = `${filterKey}|${asked}`;
  const [paging, setPaging] = useState({ askedKey, page: 1 });
  const page = paging.askedKey === askedKey ? paging.page : 1;
  const query = useQuery({
    queryKey: queryKey(asked, page),
    queryFn: () => fetchPage(asked, page),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  const total = query.data?.total ?? 0;
  const pages = pageCount(total, query.data?.pageSize);
  const setPage = (next: number) => setPaging({ askedKey, page: next });
  // A delete that empties the last page: show the page before it (adjusted while rendering, as usePaged clamps).
  if (query.data !== undefined && !query.isPlaceholderData && page > pages) setPaging({ askedKey, page: pages });
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
