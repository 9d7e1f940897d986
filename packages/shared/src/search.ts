// Search is accent- and case-insensitive on both sides (docs/decisions/0004): the API stores a folded copy of
// each item's name and description and folds the term the same way; the admin lists filter with it in the browser.
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
