import { useState } from 'react';
import { PAGE_SIZE, pageCount } from '@tienda/shared/constants';

export interface Paged<T> {
  page: number;
  pageCount: number;
  pageItems: T[];
  setPage: (page: number) => void;
}

/**
 * One page of a filtered list (spec §9: 30 per page). The page goes back to 1 whenever `resetKey` changes
 * (a new search or filter: spec §4) and is clamped when the list shrinks (after a delete).
 */
export function usePaged<T>(items: readonly T[], resetKey: string, pageSize = PAGE_SIZE): Paged<T> {
  const [state, setState] = useState({ key: resetKey, page: 1 });
  const pages = pageCount(items.length, pageSize);
  const wanted = state.key === resetKey ? state.page : 1;
  const page = Math.min(Math.max(1, wanted), pages);
  return {
    page,
    pageCount: pages,
    pageItems: items.slice((page - 1) * pageSize, page * pageSize),
    setPage: (next) => setState({ key: resetKey, page: next }),
  };
}
