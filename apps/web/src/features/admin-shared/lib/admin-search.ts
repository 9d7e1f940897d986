import { foldForSearch } from '@tienda/shared/search';

// spec §9: admin search is a case-insensitive substring match. Accents are folded too, as in the shop's
// own search (docs/decisions/0004), so "muneca" finds "Muñeca" on a phone keyboard without accents.

/** True when the trimmed term is empty or any of the fields contains it. */
export function matchesTerm(term: string, fields: ReadonlyArray<string | number | null | undefined>): boolean {
  const needle = foldForSearch(term.trim());
  if (!needle) return true;
  return fields.some((field) => field !== null && field !== undefined && foldForSearch(String(field)).includes(needle));
}
