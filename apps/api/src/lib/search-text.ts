import { foldForSearch } from '@tienda/shared/search';

/** A LIKE pattern on the folded text (docs/decisions/0004); %, _ and \ in the term stay plain text (ESCAPE '\'). */
export function containsPattern(term: string): string {
  return `%${foldForSearch(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
