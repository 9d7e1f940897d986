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

/**
 * A folded word as it sounds, spelled one way: families type by ear ('blokes' for 'bloques', 'kaballo', 'bisikleta',
 * 'rompekabezas'), so the spellings of one Spanish sound meet: qu/c/k before a hard sound, c/z/s, g/j before e and i,
 * v/b, ll/y, and a silent h (not the one of ch). Applied alike to the catalogue and the term.
 */
export function spokenSpelling(word: string): string {
  return word
    .replace(/(?<!c)h/g, '')
    .replace(/g(?=[ei])/g, 'j')
    .replace(/qu(?=[ei])/g, 'k')
    .replace(/c(?=[ei])/g, 's')
    .replace(/c(?!h)|q/g, 'k')
    .replace(/z/g, 's')
    .replace(/v/g, 'b')
    .replace(/ll/g, 'y');
}

/**
 * The forms of a word the search compares: as written, its stem, and as it sounds (with its stem); and the typos a
 * term may carry in each, worked out once per word rather than once per pair compared.
 */
export interface WordForms {
  word: string;
  stem: string;
  sound: string;
  soundStem: string;
  /** typoAllowance(word). */
  typos: number;
  /** typoAllowance(sound); unused when the sound rules change nothing in the word. */
  soundTypos: number;
}

export function wordForms(word: string): WordForms {
  const wordStem = stem(word);
  // Words with digits are model numbers and sizes: they are matched as written (typoAllowance).
  const sound = hasDigit(word) ? word : spokenSpelling(word);
  const changed = sound !== word;
  return {
    word,
    stem: wordStem,
    sound,
    soundStem: changed ? stem(sound) : wordStem,
    typos: typoAllowance(word),
    soundTypos: changed ? typoAllowance(sound) : 0,
  };
}

/** A word typed by ear is taken as the beginning of a longer one from this many sounds ('bisik' for 'bicicleta'). */
const SOUND_PREFIX_MIN_LENGTH = 5;

/**
 * How well a catalogue word answers a term word: 1 the same word (or its plural), 0.8 a prefix, 0.7 the same sounds
 * spelled otherwise, 0.6 a typo (in long words, also a typo of the sounds; a prefix of the sounds).
 */
export function matchQuality(term: WordForms, word: WordForms): number {
  if (term.stem === word.stem) return 1;
  if (term.word.length >= PREFIX_MIN_LENGTH && word.word.startsWith(term.word)) return 0.8;
  const allowance = term.typos;
  if (allowance === 0) return 0;
  // Sounds are compared only where the rules changed a word (elsewhere they are the words compared here), and by
  // what is left of the term once silent letters are dropped: 'hhhh' sounds like nothing and matches nothing.
  const soundAllowance = term.sound !== term.word ? term.soundTypos : word.sound !== word.word ? allowance : 0;
  if (soundAllowance > 0 && term.soundStem === word.soundStem) return 0.7;
  if (boundedDistance(term.word, word.word, allowance) <= allowance) return 0.6;
  if (boundedDistance(term.stem, word.stem, allowance) <= allowance) return 0.6;
  if (soundAllowance === 0) return 0;
  // By ear and a typo as well, only from 8 letters ('rompekavesas'): shorter words a sound and a letter apart are
  // other words (vela and bola, pollo and pozo).
  if (soundAllowance > 1 && boundedDistance(term.soundStem, word.soundStem, 1) <= 1) return 0.6;
  // 'bola' must not find 'volador', nor 'cara' 'karaoke': a short beginning of sounds is too many words.
  if (term.sound.length >= SOUND_PREFIX_MIN_LENGTH && word.sound.startsWith(term.sound)) return 0.6;
  return 0;
}

/** A name match counts three times a description match (a name match ranks above a description-only one). */
export const NAME_WEIGHT = 3;

/**
 * A match in the name of one of the product's categories counts twice a description match: a category says what the
 * toy is more surely than its description does, less surely than its own name. So 'mesa' lists the 'Juegos de mesa'
 * before the 'Masas' a letter away (a typo in a name, 0.6 × 3), and a name that says the word exactly, or begins
 * with it, still comes first (docs/decisions/0026-catalogue-search-index.md).
 */
export const CATEGORY_WEIGHT = 2;

/** At most this many words of a search term are read. */
export const TERM_WORDS_MAX = 10;

/**
 * Words a family types around what it looks for ('juguetes de madera', 'algo para el bebé'), folded. They do not say
 * which toy, and since every word of a term must match, they left such a search empty: a term drops them, unless
 * it is nothing else ('de' alone still looks for 'de').
 */
const FILLER_WORDS = new Set([
  ...['a', 'al', 'con', 'de', 'del', 'e', 'el', 'en', 'la', 'las', 'lo', 'los', 'o', 'para', 'por', 'que'],
  ...['u', 'un', 'una', 'unas', 'uno', 'unos', 'y', 'algo', 'mi', 'mis', 'su', 'sus', 'tu', 'tus'],
  // Every product is a toy.
  ...['juguete', 'juguetes'],
]);

/** The words of a search term that say what is looked for (FILLER_WORDS), at most TERM_WORDS_MAX. */
export function searchedWords(term: string): string[] {
  const all = words(term);
  const telling = all.filter((word) => !FILLER_WORDS.has(word));
  return (telling.length > 0 ? telling : all).slice(0, TERM_WORDS_MAX);
}

/**
 * What else a term may have meant when its words find nothing: one word typed in two ('rompe cabezas' for
 * 'rompecabezas', 'peluche s'), each adjacent pair joined in turn, in the term's order. A search tries these only after
 * the words as typed found nothing, so a term whose words all match is never read differently.
 */
export function joinedAlternatives(termWords: readonly string[]): string[][] {
  return termWords
    .slice(1)
    .map((second, i) => [...termWords.slice(0, i), `${termWords[i]}${second}`, ...termWords.slice(i + 2)]);
}

/**
 * A search's answer by that rule: `find` for the words as typed, else for each joinedAlternatives reading in turn,
 * the first answer `found` accepts; the as-typed answer when none is. Products and combos both read a term this way.
 */
export function findAsTypedOrJoined<T>(
  termWords: string[],
  find: (words: string[]) => T,
  found: (answer: T) => boolean,
): T {
  const asTyped = find(termWords);
  if (found(asTyped)) return asTyped;
  for (const reading of joinedAlternatives(termWords)) {
    const answer = find(reading);
    if (found(answer)) return answer;
  }
  return asTyped;
}

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
  const itemWords = (text: string) => words(text).map(wordForms);
  const inName = itemWords(name);
  const inDescription = itemWords(description);
  let total = 0;
  for (const termWord of termWords) {
    const term = wordForms(termWord);
    const quality = (candidates: WordForms[]) =>
      candidates.reduce(
        (best, word) => (comparable(termWord, word.word) ? Math.max(best, matchQuality(term, word)) : best),
        0,
      );
    const best = Math.max(quality(inName) * NAME_WEIGHT, quality(inDescription));
    if (best === 0) return 0;
    total += best;
  }
  return total;
}
