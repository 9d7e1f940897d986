// Search is accent- and case-insensitive on both databases: items keep a folded copy of
// their name and description, and the term is folded the same way before a LIKE.
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** A LIKE pattern that treats %, _ and \ in the term as plain text (use with ESCAPE '\'). */
export function containsPattern(term: string): string {
  return `%${foldForSearch(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
