import { foldForSearch } from '@tienda/shared/search';

// How the shop's search reads words (docs/decisions/0026-catalogue-search-index.md): folded (no case, no
// accents), singular and plural as one, a word being typed as a prefix, and small typos forgiven.

/** The folded words of a text, in order; punctuation and spaces separate them. */
export function words(text: string): string[] {
  return foldForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * Singular and plural to one form: 'pelotas' and 'pelota' → 'pelota'; 'juguetes'/'juguete' → 'juguet';
 * 'colores'/'color' → 'color'; 'luces'/'luz' → 'luz'. A light Spanish rule, applied alike to the catalogue and
 * to the term, so it only has to agree with itself.
 */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ces')) return `${word.slice(0, -3)}z`;
  let out = word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word;
  if (out.length > 3 && out.endsWith('e')) out = out.slice(0, -1);
  return out;
}

/** True for a word with a digit in it: a size, an age, a piece count, a model number. */
export const hasDigit = (word: string): boolean => /\p{N}/u.test(word);

/**
 * How many typos a term word may carry: none up to 3 letters, one for 4–7, two from 8. None in a word with a
 * digit: '100 piezas' must not find '101' or '200', and checking a number against every other number in the
 * catalogue made such a search cost a tenth of a second (docs/decisions/0029-a-lean-request-path.md).
 */
export function typoAllowance(word: string): number {
  if (hasDigit(word)) return 0;
  if (word.length >= 8) return 2;
  return word.length >= 4 ? 1 : 0;
}

/** Words this short match only whole (so 'la' does not find 'lápiz'); longer ones also as a prefix. */
export const PREFIX_MIN_LENGTH = 3;

/**
 * Damerau–Levenshtein distance (adjacent swaps count as one typo), or `max + 1` as soon as it must exceed `max`:
 * the bound keeps a scan of the whole vocabulary cheap.
 */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const width = b.length + 1;
  let before = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, j) => j);
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, max + 1);
}

/** How well a catalogue word answers a term word: 1 the same word (or its plural), 0.8 a prefix, 0.6 a typo. */
export function matchQuality(term: string, termStem: string, word: string, wordStem: string): number {
  if (termStem === wordStem) return 1;
  if (term.length >= PREFIX_MIN_LENGTH && word.startsWith(term)) return 0.8;
  const allowance = typoAllowance(term);
  if (allowance === 0) return 0;
  if (boundedDistance(term, word, allowance) <= allowance) return 0.6;
  if (boundedDistance(termStem, wordStem, allowance) <= allowance) return 0.6;
  return 0;
}

/** A name match counts three times a description match (a name match ranks above a description-only one). */
export const NAME_WEIGHT = 3;

/** At most this many words of a search term are read. */
export const TERM_WORDS_MAX = 10;

/**
 * Whether a catalogue word may answer a term word at all: words with digits answer only terms with digits, and the
 * other way round ('pelota' does not find the model number 'pelota3', '100' does not find 'cien').
 */
export const comparable = (term: string, word: string): boolean => hasDigit(term) === hasDigit(word);

/**
 * How well an item answers a search's words (`words(term)`): for each term word, the best match among the item's
 * words, NAME_WEIGHT times in its name, summed; 0 when some term word matches none of them. The product index
 * computes the same through its postings (product-index.ts); this reads one item whole, for lists of a few dozen
 * (combos).
 */
export function relevance(termWords: readonly string[], name: string, description: string): number {
  const itemWords = (text: string) => words(text).map((word) => ({ word, stem: stem(word) }));
  const inName = itemWords(name);
  const inDescription = itemWords(description);
  let total = 0;
  for (const term of termWords) {
    const termStem = stem(term);
    const quality = (candidates: { word: string; stem: string }[]) =>
      candidates.reduce(
        (best, { word, stem: wordStem }) =>
          comparable(term, word) ? Math.max(best, matchQuality(term, termStem, word, wordStem)) : best,
        0,
      );
    const best = Math.max(quality(inName) * NAME_WEIGHT, quality(inDescription));
    if (best === 0) return 0;
    total += best;
  }
  return total;
}
