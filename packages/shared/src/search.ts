// Search is accent- and case-insensitive on both sides (docs/decisions/0004): the text and the term are folded the
// same way, by the catalogue's search index (decision 0026) and the admin lists' search text below.
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * The admin lists' search text (docs/decisions/0035-…): each field folded, one per line, so a term (which the API
 * matches with lib/search-text.ts `matchesIdOrSearchText`) never spans two fields.
 */
export function searchLines(fields: readonly string[]): string {
  return fields.map(foldForSearch).join('\n');
}
