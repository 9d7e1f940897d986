import { usePaged, type Paged } from './use-paged';
import { useSearchParam } from './use-search-param';

export interface SearchedPage<T> extends Paged<T> {
  /** The search term, kept in the address as ?q=. */
  term: string;
  setTerm: (term: string) => void;
  /** Every item that matches, on all pages. */
  filtered: T[];
}

/**
 * An admin list's search and paging: the term lives in ?q= and the page in ?pagina= (a link can preset them, Back
 * returns to them), the items are filtered with `matches` and cut into pages of 30 (spec §9), back to page 1 when
 * the term changes (spec §4).
 */
export function useSearchedPage<T>(
  items: readonly T[] | undefined,
  matches: (item: T, term: string) => boolean,
): SearchedPage<T> {
  const [term, setTerm] = useSearchParam('q');
  const filtered = (items ?? []).filter((item) => matches(item, term));
  return { term, setTerm, filtered, ...usePaged(filtered) };
}
