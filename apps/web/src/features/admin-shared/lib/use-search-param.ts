import { useSearchParams } from 'react-router';

/** An admin list's page in the address (?pagina=2): Back from an order or a reload returns to the same page. */
const PAGE_PARAM = 'pagina';

/**
 * A text filter kept in the address (?q=…), so a link can preset it (the admin home links to filtered lists)
 * and the browser's back button returns to the same search. Typing replaces the history entry. A new filter
 * starts the list again from page 1 (spec §4), so setting one drops ?pagina=.
 */
export function useSearchParam(name: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? '';
  const setValue = (next: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set(name, next);
        else copy.delete(name);
        if (copy.get(name) !== current.get(name)) copy.delete(PAGE_PARAM);
        return copy;
      },
      { replace: true },
    );
  return [value, setValue];
}

/**
 * The page of an admin list, from ?pagina= (1 when absent or not a page number). Turning a page adds a history
 * entry, so the phone's Back button returns to the page before; `{ replace: true }` corrects the address instead
 * (a page beyond the end after a delete).
 */
export function usePageParam(): [number, (page: number, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get(PAGE_PARAM));
  const page = Number.isSafeInteger(asked) && asked >= 1 ? asked : 1;
  const setPage = (next: number, { replace = false } = {}) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next > 1) copy.set(PAGE_PARAM, String(next));
        else copy.delete(PAGE_PARAM);
        return copy;
      },
      { replace },
    );
  return [page, setPage];
}
