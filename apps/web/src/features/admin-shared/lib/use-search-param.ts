import { useSearchParams } from 'react-router';

/**
 * A text filter kept in the address (?q=…), so a link can preset it (the admin home links to filtered lists)
 * and the browser's back button returns to the same search. Typing replaces the history entry.
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
        return copy;
      },
      { replace: true },
    );
  return [value, setValue];
}
