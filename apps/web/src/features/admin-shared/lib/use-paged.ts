import { PAGE_SIZE, pageCount } from '@tienda/shared/constants';
import { usePageParam } from './use-search-param';

export interface Paged<T> {
  page: number;
  pageCount: number;
  pageItems: T[];
  setPage: (page: number) => void;
}

/**
 * One page of a filtered list (spec §9: 30 per page), the page kept in the address (?pagina=). A new search or
 * filter goes back to page 1 (spec §4: useSearchParam drops the page); a page past the end (after a delete, or an
 * old link) shows the last one.
 */
export function usePaged<T>(items: readonly T[], pageSize = PAGE_SIZE): Paged<T> {
  const [wanted, setPage] = usePageParam();
  const pages = pageCount(items.length, pageSize);
  const page = Math.min(wanted, pages);
  return {
    page,
    pageCount: pages,
    pageItems: items.slice((page - 1) * pageSize, page * pageSize),
    setPage,
  };
}
