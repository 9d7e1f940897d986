import { sql, type RawBuilder } from 'kysely';
import { foldForSearch } from '@tienda/shared/search';

/** A LIKE pattern on the folded text (docs/decisions/0004); %, _ and \ in the term stay plain text (ESCAPE '\'). */
function containsPattern(term: string): string {
  return `%${foldForSearch(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * An admin list's term (docs/decisions/0035-…): contained in the row's number as shown (`idText`) or in one line of
 * its `search_text` (shared/search.ts searchLines). A term with a line break could only match across two fields, so
 * it matches nothing.
 */
export function matchesIdOrSearchText(needle: string, idText: RawBuilder<string>): RawBuilder<boolean> {
  if (needle.includes('\n')) return sql<boolean>`1 = 0`;
  const pattern = containsPattern(needle);
  return sql<boolean>`(${idText} like ${pattern} escape '\\' or search_text like ${pattern} escape '\\')`;
}
