import type { Product, ProductCard } from '@tienda/shared/catalog';
import { foldForSearch } from '@tienda/shared/search';
import type { ImageRow } from '../catalogue-item.repository.js';
import { productJson, toProductCard, type ProductCardSource } from '../products.repository.js';
import { nameCollator } from '../input.js';
import type { SearchableProductRow } from './search.repository.js';
import {
  comparable,
  hasDigit,
  matchQuality,
  CATEGORY_WEIGHT,
  NAME_WEIGHT,
  findAsTypedOrJoined,
  searchedWords,
  wordForms,
  words,
  type WordForms,
} from './text.js';

// The shop's product search, in memory (docs/decisions/0026-catalogue-search-index.md): a word → products map for
// names and one for descriptions, plus the catalogue's orders (newest, price, name) kept sorted. A search touches
// only the products its words name; paging and category counts come from the same pass. It also holds what a
// product's page shows (its secondary images and categories' names), so that page needs no query either.

export interface ProductQuery {
  term: string | null | undefined;
  /** Keeps products in ANY of these categories. */
  categoryIds: readonly number[];
  inStock: boolean;
  sortBy: 'name' | 'price' | null | undefined;
  ascending: boolean;
}

export interface ProductQueryResult {
  /** Every matching product id, in the answer's order. */
  ids: number[];
  /** Per category, how many products match the term and stock filter (the category filter itself left out). */
  categoryCounts: Map<number, number>;
}

/** A product as the index holds it: its card's fields (cards() reads them straight from memory) and more. */
interface IndexedProduct extends ProductCardSource {
  /** spec §9: price × (1 − discount); price_cents × (10000 − discount_bp) orders by it exactly. */
  paidPrice: number;
  createdMs: number;
  categoryIds: number[];
  /** Secondary images, in position order. */
  images: readonly ImageRow[];
  /** What productKept made of the product's page; every put starts it afresh, so it never outlives a change. */
  kept: unknown;
}

/** Shared by every product without secondary images (most of them): one array, not one each. */
const NO_IMAGES: readonly ImageRow[] = Object.freeze([]);

// Plain arrays of ids rather than Sets: a third of the memory at 50,000 products; a change's removal scans them.
interface Posting extends WordForms {
  /** The one string every product holding this word points at. */
  word: string;
  /** Words with digits answer only terms with digits (text.ts comparable): the scan skips the others. */
  hasDigit: boolean;
  inName: number[];
  inDescription: number[];
}

const RESULT_CACHE_SIZE = 256;

export class ProductIndex {
  private readonly products = new Map<number, IndexedProduct>();
  /** Category names as the products last read show them (a rename logs a change for each of its products). */
  private readonly categoryNames = new Map<number, string>();
  /** Each category's searched words (categoryMatches), made on first use; dropped when a category's name changes. */
  private categoryWords: { id: number; forms: WordForms[] }[] | null = null;
  /** Term word → the categories whose name it matches, with the quality; cleared with categoryWords. */
  private readonly categoryMatchesOf = new Map<string, [number, number][]>();
  /**
   * Each category's products, made when a term first matches a category's name; dropped when a product comes, goes
   * or changes categories (a sale, which changes only stock, keeps it).
   */
  private categoryMembers: Map<number, number[]> | null = null;
  private readonly postings = new Map<string, Posting>();
  /**
   * The postings of words without digits: what a term word without digits is compared with. At 50,000 products most
   * words are model numbers, and walking past them took a search for a word not seen before 2–3 ms.
   */
  private readonly textPostings: Posting[] = [];
  /** Term word → the catalogue words it matches, with their quality; cleared when the vocabulary changes. */
  private readonly wordMatches = new Map<string, [string, number][]>();
  /** containing()'s folded texts, by entry; put() drops one whose words change (an entry may be updated in place). */
  private readonly foldedText = new WeakMap<IndexedProduct, string>();
  /** The results of query() and containing(), by question; cleared on any change (an order's stock change included). */
  private readonly results = new Map<string, unknown>();
  private orders: Record<OrderName, IndexedProduct[]> | null = null;
  /** Every word with a digit, sorted (digitWordsStartingWith); null until a search for a number needs it. */
  private digitWords: string[] | null = null;

  /** Goes up with every change to the catalogue (stock sold included). */
  version = 0;

  get size(): number {
    return this.products.size;
  }

  /**
   * After a full load: every word's lists at their exact length. A list grown by push keeps up to half again as
   * spare room, and one started empty keeps room for 17 ids; most words (model numbers) name a single product.
   */
  compact(): void {
    for (const posting of this.postings.values()) {
      posting.inName = posting.inName.slice();
      posting.inDescription = posting.inDescription.slice();
    }
  }

  /** Adds or replaces a product. */
  put(row: SearchableProductRow): void {
    const next: IndexedProduct = {
      id: row.id,
      name: row.name,
      description: row.description,
      price_cents: row.price_cents,
      discount_bp: row.discount_bp,
      stock: row.stock,
      image_key: row.image_key,
      paidPrice: row.price_cents * (10_000 - row.discount_bp),
      createdMs: new Date(row.created_at).getTime(),
      categoryIds: row.categories.map((category) => category.id),
      images: row.images.length > 0 ? row.images : NO_IMAGES,
      kept: undefined,
    };
    for (const category of row.categories) {
      if (this.categoryNames.get(category.id) === category.name) continue;
      this.categoryNames.set(category.id, category.name);
      this.categoryWords = null;
      this.categoryMatchesOf.clear();
    }
    const before = this.products.get(row.id);
    if (!before || !sameIds(before.categoryIds, next.categoryIds)) this.categoryMembers = null;
    this.version += 1;
    this.results.clear();
    // A sale changes stock, not words: filing the words again would scan the longest postings (every product's
    // "juguete") for nothing, about a millisecond per product at 50,000.
    const sameWords = before?.name === next.name && before.description === next.description;
    if (!sameWords) {
      if (before) this.unlinkWords(before);
      if (before) this.foldedText.delete(before);
      this.linkWords(next);
    }
    if (
      before &&
      before.name === next.name &&
      before.paidPrice === next.paidPrice &&
      before.createdMs === next.createdMs
    ) {
      // Same place in every order (a stock change, say): update the object the orders already hold.
      Object.assign(before, next);
      return;
    }
    if (before) this.unorder(before);
    this.products.set(row.id, next);
    if (this.orders)
      for (const [name, list] of Object.entries(this.orders)) insertSorted(list, next, ORDERS[name as OrderName]);
  }

  remove(id: number): void {
    const before = this.products.get(id);
    if (!before) return;
    this.unlinkWords(before);
    this.unorder(before);
    this.products.delete(id);
    this.categoryMembers = null;
    this.version += 1;
    this.results.clear();
  }

  private unorder(product: IndexedProduct): void {
    if (!this.orders) return;
    for (const list of Object.values(this.orders)) {
      const at = list.indexOf(product);
      if (at >= 0) list.splice(at, 1);
    }
  }

  /** The shop cards of `ids`, in that order (an id the index no longer holds is left out). */
  cards(ids: readonly number[]): ProductCard[] {
    return ids.flatMap((id) => {
      const product = this.products.get(id);
      return product ? [toProductCard(product)] : [];
    });
  }

  /** The product's page (spec §3 Product) from memory; undefined when the index does not hold it. */
  product(id: number): Product | undefined {
    const product = this.products.get(id);
    return product && this.pageOf(product);
  }

  /**
   * `make(page)` for the product's page, made on first ask and kept with the product until it changes (put, remove),
   * so a page asked for again costs no serialisation (docs/decisions/0029-…, amendment of 2026-11-26). One kind of
   * value per index: the product page's answer ready to send (products.service.ts). Undefined when not held.
   */
  productKept<T>(id: number, make: (page: Product) => T): T | undefined {
    const product = this.products.get(id);
    if (!product) return undefined;
    product.kept ??= make(this.pageOf(product));
    return product.kept as T;
  }

  private pageOf(product: IndexedProduct): Product {
    // The fields the page shows, not a copy of the whole entry, and a Date rather than text read back into one.
    const { id, name, description, price_cents, discount_bp, stock, image_key } = product;
    return productJson(
      { id, name, description, price_cents, discount_bp, stock, image_key, created_at: new Date(product.createdMs) },
      product.images,
      product.categoryIds.map((categoryId) => ({ id: categoryId, name: this.categoryNames.get(categoryId)! })),
    );
  }

  /**
   * Every product's page, newest first (spec §7 GET /api/Product), `batchSize` at a time. The order is read when
   * the first batch is asked for; a product removed before its batch is made is left out.
   */
  *productsNewestFirst(batchSize: number): Generator<Product[]> {
    const ids = this.sortedOrders().newest.map((product) => product.id);
    for (let from = 0; from < ids.length; from += batchSize) {
      yield ids.slice(from, from + batchSize).flatMap((id) => this.product(id) ?? []);
    }
  }

  /**
   * spec §9 admin search: the ids of the products whose name or description contains `needle` (already folded with
   * foldForSearch), newest first; every product for an empty needle. Any occurrence of the needle's longest run of
   * letters and digits lies inside one word of the text, so only the products filed under a word containing it are
   * candidates; a needle that is one such run matches exactly those, others are checked against the folded text.
   */
  containing(needle: string): number[] {
    return this.remembered(`containing:${needle}`, () => this.scanContaining(needle));
  }

  private scanContaining(needle: string): number[] {
    const newest = this.sortedOrders().newest;
    if (needle === '') return newest.map((product) => product.id);
    const runs = needle.split(/[^\p{L}\p{N}]+/u).filter((run) => run !== '');
    let keep = (_product: IndexedProduct) => true;
    if (runs.length > 0) {
      const longest = runs.reduce((a, b) => (b.length > a.length ? b : a));
      const candidates = new Set<number>();
      for (const posting of this.postings.values()) {
        if (!posting.word.includes(longest)) continue;
        for (const id of posting.inName) candidates.add(id);
        for (const id of posting.inDescription) candidates.add(id);
      }
      keep = (product) => candidates.has(product.id);
    }
    const exact = runs.length === 1 && runs[0] === needle;
    return newest
      .filter((product) => keep(product) && (exact || this.foldedTextOf(product).includes(needle)))
      .map((product) => product.id);
  }

  /**
   * The product's name and description folded, joined by a NUL (which no term holds: the search schemas refuse it),
   * made the first time containing() checks the product and kept with its entry: folding accented text costs
   * several microseconds, and a term of symbols checks every product (about 10 MB at 50,000 products once it has).
   */
  private foldedTextOf(product: IndexedProduct): string {
    let text = this.foldedText.get(product);
    if (text === undefined) {
      text = `${foldForSearch(product.name)}\u0000${foldForSearch(product.description)}`;
      this.foldedText.set(product, text);
    }
    return text;
  }

  query(query: ProductQuery): ProductQueryResult {
    const key = JSON.stringify([
      query.term ?? '',
      [...query.categoryIds].sort(),
      query.inStock,
      query.sortBy ?? null,
      query.ascending,
    ]);
    return this.remembered(key, () => this.run(query));
  }

  /** `make()`, kept until the catalogue changes (put, remove), the least recently used dropped past the cache's size. */
  private remembered<T>(key: string, make: () => T): T {
    const cached = this.results.get(key) as T | undefined;
    if (cached !== undefined) {
      // Refreshes its place in the least-recently-used order.
      this.results.delete(key);
      this.results.set(key, cached);
      return cached;
    }
    const result = make();
    this.results.set(key, result);
    if (this.results.size > RESULT_CACHE_SIZE) this.results.delete(this.results.keys().next().value!);
    return result;
  }

  private run(query: ProductQuery): ProductQueryResult {
    const term = (query.term ?? '').trim();
    // A term of symbols only ('%', '\\') names no word, so it finds nothing rather than everything.
    const scores =
      term !== ''
        ? findAsTypedOrJoined(
            searchedWords(term),
            (words) => this.score(words),
            (found) => found.size > 0,
          )
        : null;
    const wanted = new Set(query.categoryIds);
    const categoryCounts = new Map<number, number>();
    const matches: IndexedProduct[] = [];
    const consider = (product: IndexedProduct) => {
      if (query.inStock && product.stock <= 0) return;
      for (const id of product.categoryIds) categoryCounts.set(id, (categoryCounts.get(id) ?? 0) + 1);
      if (wanted.size > 0 && !product.categoryIds.some((id) => wanted.has(id))) return;
      matches.push(product);
    };

    if (scores && !query.sortBy) {
      // Relevance: the best-matching first, ties newest first.
      for (const id of scores.keys()) consider(this.products.get(id)!);
      matches.sort((a, b) => scores.get(b.id)! - scores.get(a.id)! || newestFirst(a, b));
    } else {
      // Walk the catalogue's own order and keep what matches: no sort per query.
      const orders = this.sortedOrders();
      const order =
        query.sortBy === 'price'
          ? query.ascending
            ? orders.priceAsc
            : orders.priceDesc
          : query.sortBy === 'name'
            ? query.ascending
              ? orders.nameAsc
              : orders.nameDesc
            : orders.newest;
      for (const product of order) if (!scores || scores.has(product.id)) consider(product);
    }
    return { ids: matches.map((product) => product.id), categoryCounts };
  }

  /**
   * Products holding every term word (in the name, the description or the name of one of their categories), with
   * their relevance: for each term word the best quality among the product's words that match it (weighed by where:
   * text.ts NAME_WEIGHT, CATEGORY_WEIGHT), summed over the term words. The word naming the fewest
   * products goes first; each later one only looks up the products still in the running, so 'pelota 123' builds a
   * map of the few products numbered like 123, not of the thousands of balls (a search nobody has asked before made
   * that garbage every time).
   */
  private score(termWords: string[]): Map<number, number> {
    const rarestFirst = termWords
      .map((termWord) => {
        const matches = this.matchingWords(termWord).map(
          ([word, quality]) => [this.postings.get(word)!, quality] as const,
        );
        const categories = this.categoryMatches(termWord).map(
          ([categoryId, quality]) => [this.membersOf(categoryId), quality] as const,
        );
        const products =
          matches.reduce((sum, [posting]) => sum + posting.inName.length + posting.inDescription.length, 0) +
          categories.reduce((sum, [members]) => sum + members.length, 0);
        return { matches, categories, products };
      })
      .sort((a, b) => a.products - b.products);
    let scores: Map<number, number> | null = null;
    for (const { matches, categories } of rarestFirst) {
      const running: Map<number, number> | null = scores;
      const best = new Map<number, number>();
      const offer = (id: number, quality: number) => {
        if (running !== null && !running.has(id)) return;
        const before = best.get(id);
        if (before === undefined || quality > before) best.set(id, quality);
      };
      for (const [posting, quality] of matches) {
        for (const id of posting.inDescription) offer(id, quality);
        for (const id of posting.inName) offer(id, quality * NAME_WEIGHT);
      }
      for (const [members, quality] of categories) for (const id of members) offer(id, quality * CATEGORY_WEIGHT);
      if (running !== null) for (const [id, quality] of best) best.set(id, running.get(id)! + quality);
      scores = best;
      if (scores.size === 0) break;
    }
    return scores ?? new Map();
  }

  private matchingWords(termWord: string): [string, number][] {
    let found = this.wordMatches.get(termWord);
    if (!found) {
      const term = wordForms(termWord);
      const termStem = term.stem;
      const matches: [string, number][] = [];
      const consider = (word: string, posting: Posting) => {
        const quality = matchQuality(term, posting);
        if (quality > 0) matches.push([word, quality]);
      };
      if (hasDigit(termWord)) {
        // A number forgives no typo (text.ts typoAllowance): every word it matches starts like it or like its stem.
        for (const word of this.digitWordsStartingWith(sharedStart(termWord, termStem.replace(/z$/, '')))) {
          consider(word, this.postings.get(word)!);
        }
      } else {
        for (const posting of this.textPostings) consider(posting.word, posting);
      }
      found = matches;
      this.wordMatches.set(termWord, found);
      if (this.wordMatches.size > 10_000) this.wordMatches.clear();
    }
    return found;
  }

  /**
   * The categories whose name answers `termWord`, with the best quality among the name's words: 'bebé' finds the
   * 'Bebés' category's toys, not only those that say it. The words a term drops (text.ts searchedWords) are dropped
   * from the names too, so 'de' does not find every toy of 'Juegos de mesa'.
   */
  private categoryMatches(termWord: string): [number, number][] {
    let found = this.categoryMatchesOf.get(termWord);
    if (!found) {
      this.categoryWords ??= [...this.categoryNames].map(([id, name]) => ({
        id,
        forms: searchedWords(name).map(wordForms),
      }));
      const term = wordForms(termWord);
      found = [];
      for (const { id, forms } of this.categoryWords) {
        let best = 0;
        for (const word of forms) if (comparable(termWord, word.word)) best = Math.max(best, matchQuality(term, word));
        if (best > 0) found.push([id, best]);
      }
      this.categoryMatchesOf.set(termWord, found);
      if (this.categoryMatchesOf.size > 10_000) this.categoryMatchesOf.clear();
    }
    return found;
  }

  /** The ids of a category's products (categoryMembers, made from the whole catalogue on first use). */
  private membersOf(categoryId: number): readonly number[] {
    if (!this.categoryMembers) {
      const members = new Map<number, number[]>();
      for (const product of this.products.values()) {
        for (const id of product.categoryIds) {
          let list = members.get(id);
          if (!list) members.set(id, (list = []));
          list.push(product.id);
        }
      }
      this.categoryMembers = members;
    }
    return this.categoryMembers.get(categoryId) ?? [];
  }

  /**
   * The vocabulary's words with a digit that start with `prefix`, from a sorted list: a search for a number reads a
   * few of the catalogue's 50,000 model numbers and sizes instead of all of them. The list is made on the first such
   * search and then kept in step with the vocabulary.
   */
  private digitWordsStartingWith(prefix: string): string[] {
    this.digitWords ??= [...this.postings.values()]
      .filter((posting) => posting.hasDigit)
      .map((posting) => posting.word)
      .sort();
    const words = this.digitWords;
    const found: string[] = [];
    for (let at = lowerBound(words, prefix); at < words.length && words[at]!.startsWith(prefix); at += 1) {
      found.push(words[at]!);
    }
    return found;
  }

  /** Files the product under each of its words. */
  private linkWords(product: IndexedProduct): void {
    const { nameWords, descriptionWords } = productWords(product);
    for (const [list, word] of [
      ...nameWords.map((word) => ['inName', word] as const),
      ...descriptionWords.map((word) => ['inDescription', word] as const),
    ]) {
      let posting = this.postings.get(word);
      if (!posting) {
        // Every field written out, in one order: a spread gave the 50,000 postings shapes the scan could not
        // keep to one (the vocabulary scan took ten times as long).
        const forms = wordForms(word);
        posting = {
          word,
          stem: forms.stem,
          sound: forms.sound,
          soundStem: forms.soundStem,
          typos: forms.typos,
          soundTypos: forms.soundTypos,
          hasDigit: hasDigit(word),
          inName: [],
          inDescription: [],
        };
        this.postings.set(word, posting);
        if (!posting.hasDigit) this.textPostings.push(posting);
        this.wordMatches.clear();
        if (posting.hasDigit && this.digitWords) this.digitWords.splice(lowerBound(this.digitWords, word), 0, word);
      }
      posting[list].push(product.id);
    }
  }

  private unlinkWords(product: IndexedProduct): void {
    const { nameWords, descriptionWords } = productWords(product);
    for (const [key, word] of [
      ...nameWords.map((word) => ['inName', word] as const),
      ...descriptionWords.map((word) => ['inDescription', word] as const),
    ]) {
      const posting = this.postings.get(word);
      if (!posting) continue;
      const list = posting[key];
      const at = list.indexOf(product.id);
      if (at >= 0) list.splice(at, 1);
      if (posting.inName.length === 0 && posting.inDescription.length === 0) {
        this.postings.delete(word);
        if (!posting.hasDigit) this.textPostings.splice(this.textPostings.indexOf(posting), 1);
        this.wordMatches.clear();
        if (posting.hasDigit && this.digitWords) this.digitWords.splice(lowerBound(this.digitWords, word), 1);
      }
    }
  }

  /** The catalogue in each order, sorted once; changes then move single products (insertSorted). */
  private sortedOrders(): Record<OrderName, IndexedProduct[]> {
    if (!this.orders) {
      const all = [...this.products.values()];
      const orders = {} as Record<OrderName, IndexedProduct[]>;
      for (const name of Object.keys(ORDERS) as OrderName[]) orders[name] = [...all].sort(ORDERS[name]);
      this.orders = orders;
    }
    return this.orders;
  }
}

/**
 * A product's distinct words, each filed once: under its name, or under its description when the name lacks it.
 * Worked out again on removal rather than kept per product (a tenth of the index's memory at 50,000 products).
 */
function productWords(card: ProductCardSource): { nameWords: string[]; descriptionWords: string[] } {
  const nameWords = new Set(words(card.name));
  return {
    nameWords: [...nameWords],
    descriptionWords: [...new Set(words(card.description))].filter((word) => !nameWords.has(word)),
  };
}

/** Newest first: the shop's order when nothing else is asked for. */
function newestFirst(a: IndexedProduct, b: IndexedProduct): number {
  return b.createdMs - a.createdMs || b.id - a.id;
}
const byName = (direction: 1 | -1) => (a: IndexedProduct, b: IndexedProduct) =>
  direction * nameCollator.compare(a.name, b.name) || newestFirst(a, b);
const byPrice = (direction: 1 | -1) => (a: IndexedProduct, b: IndexedProduct) =>
  direction * (a.paidPrice - b.paidPrice) || newestFirst(a, b);

/** Every order a search can ask for; ties always newest first (as the SQL listing did). */
const ORDERS = {
  newest: newestFirst,
  priceAsc: byPrice(1),
  priceDesc: byPrice(-1),
  nameAsc: byName(1),
  nameDesc: byName(-1),
};
type OrderName = keyof typeof ORDERS;

function insertSorted<T>(list: T[], item: T, compare: (a: T, b: T) => number): void {
  list.splice(
    firstIndexNotBefore(list, (other) => compare(other, item) <= 0),
    0,
    item,
  );
}

/** Binary search: the first index whose item `before` rejects (it holds for a leading run of the list). */
function firstIndexNotBefore<T>(list: readonly T[], before: (item: T) => boolean): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(list[middle]!)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first index of a sorted list whose item is not below `item` (code-unit order, as Array.prototype.sort). */
const lowerBound = (list: readonly string[], item: string) => firstIndexNotBefore(list, (word) => word < item);

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, at) => id === b[at]);
}

/** The longest start two words share. */
function sharedStart(a: string, b: string): string {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length += 1;
  return a.slice(0, length);
}
