import { useParams } from 'react-router';

/** The route's id (e.g. /producto/:id) when it is a positive whole number; otherwise null. */
export function usePathId(name = 'id'): number | null {
  const value = Number(useParams()[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
