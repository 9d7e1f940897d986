import { describe, expect, it } from 'vitest';
import { foldForSearch } from '@tienda/shared/search';
import { ProductIndex } from './product-index.js';
import type { SearchableProductRow } from './search.repository.js';

// A search for a number reads only the vocabulary's words that start like it (ProductIndex.digitWordsStartingWith);
// what it finds must be what text.ts's matchQuality says of every word: the term itself or its plural, or, from
// three characters, a word it begins.
/** A catalogue row; a higher id is a newer product. */
const row = (id: number, name: string, description = 'Juguete'): SearchableProductRow => ({
  id,
  name,
  description,
  price_cents: 10_000,
  discount_bp: 0,
  stock: 1,
  image_key: null,
  created_at: new Date(Date.UTC(2026, 0, 1) + id * 1000).toISOString(),
  categories: [],
  images: [],
});

describe('ProductIndex: terms with digits, and several term words', () => {
  const find = (index: ProductIndex, term: string) =>
    index.query({ term, categoryIds: [], inStock: false, sortBy: 'name', ascending: true }).ids;
  const byRelevance = (index: ProductIndex, term: string) =>
    index.query({ term, categoryIds: [], inStock: false, sortBy: null, ascending: true }).ids;

  it('finds the number, its plural and, from three characters, the numbers it begins; never a near number', () => {
    const index = new ProductIndex();
    const names = ['Set 120 piezas', 'Torre 12 bloques', 'Tren 1200', 'Cubo 121', 'Caja 2120', 'Dados 120s', 'Kit 12a'];
    names.forEach((name, i) => index.put(row(i + 1, name)));

    expect(find(index, '120')).toEqual([6, 1, 3]);
    expect(find(index, '12')).toEqual([2]);
    expect(find(index, '1200')).toEqual([3]);
    expect(find(index, '120 piezas')).toEqual([1]);
    expect(find(index, '3')).toEqual([]);
  });

  it('keeps the sorted words in step as products come and go after a search for a number', () => {
    const index = new ProductIndex();
    index.put(row(1, 'Tren 1200'));
    expect(find(index, '120')).toEqual([1]);

    index.put(row(2, 'Tren 1205'));
    index.put(row(3, 'Torre 1190'));
    expect(find(index, '120')).toEqual([1, 2]);
    index.remove(1);
    expect(find(index, '120')).toEqual([2]);
    index.put(row(2, 'Tren sin número'));
    expect(find(index, '120')).toEqual([]);
    expect(find(index, '119')).toEqual([3]);
  });

  it('keeps the words without digits in step as products come and go, typos and sounds included', () => {
    const index = new ProductIndex();
    index.put(row(1, 'Pelota roja 12'));
    index.put(row(2, 'Caballo de madera'));
    expect([find(index, 'roha'), find(index, 'kaballo')]).toEqual([[1], [2]]);
    index.put(row(1, 'Pelota azul 12'));
    index.remove(2);
    expect([find(index, 'roha'), find(index, 'kaballo'), find(index, 'asul')]).toEqual([[], [], [1]]);
    index.put(row(3, 'Caballito balancín'));
    expect([find(index, 'kaballito'), find(index, 'pelotas')]).toEqual([[3], [1]]);
  });

  // Each term word scores its best match (1 the word, 0.6 a typo; three times in the name), summed over the words;
  // the rarer word is looked up first, which must not change what is found nor its order.
  it("sums each term word's best match, in either order of the words, and after compact() and later changes", () => {
    const index = new ProductIndex();
    index.put(row(1, 'Pelota 7')); // 3 + 3
    index.put(row(2, 'Pelota grande', 'Número 7')); // 3 + 1
    index.put(row(3, 'Pelta 7')); // 1.8 + 3
    index.put(row(4, 'Rompecabezas 7', 'Trae una pelota')); // 1 + 3, newer than 2
    index.put(row(5, 'Pelota azul'));
    index.put(row(6, 'Tren 70', 'Pelota'));
    expect(byRelevance(index, 'pelota 7')).toEqual([1, 3, 4, 2]);
    expect(byRelevance(index, '7 pelota')).toEqual([1, 3, 4, 2]);

    index.compact();
    index.put(row(7, 'Pelota 7'));
    index.remove(1);
    expect(byRelevance(index, 'pelota 7')).toEqual([7, 3, 4, 2]);
    expect(byRelevance(index, 'pelota azul')).toEqual([5]);
  });
});

// ProductIndex.containing reads only the products filed under a word that holds the term's longest run of letters
// and digits; what it answers must be exactly spec §9's admin search done the long way: every product whose folded
// name or description contains the folded term, newest first.
describe('ProductIndex.containing: the admin search', () => {
  const texts: [string, string][] = [
    ['Pelota sensorial', 'Con relieve, para las manos'],
    ['Muñeca de trapo', 'Hecha a mano; 30 cm'],
    ['Tren mi_primer_tren', 'Vías de madera (12 piezas)'],
    ['Cubos apilables', 'Diez cubos de colores, 100% madera'],
    ['Rompecabezas del mar', 'Peces y ballenas'],
    ["Títere O'Neill", 'Teatro de mano'],
    ['Ábaco Montessori', 'Cuentas de madera'],
  ];
  const index = new ProductIndex();
  texts.forEach(([name, description], i) => index.put(row(i + 1, name, description)));
  const theLongWay = (needle: string) =>
    texts
      .map(([name, description], i) => ({ id: i + 1, name, description }))
      .filter((p) => foldForSearch(p.name).includes(needle) || foldForSearch(p.description).includes(needle))
      .map((p) => p.id)
      .reverse();

  it('answers what a scan of every product answers, for every piece of every text', () => {
    const needles = new Set<string>(['', ' ', '%', '; 3', "o'n", 'zzz', 'de madera', ', 100']);
    for (const [name, description] of texts) {
      for (const text of [foldForSearch(name), foldForSearch(description)]) {
        for (let length = 1; length <= 6; length += 1) {
          for (let start = 0; start + length <= text.length; start += 1) needles.add(text.slice(start, start + length));
        }
      }
    }
    expect(needles.size).toBeGreaterThan(500);
    for (const needle of needles) expect([needle, index.containing(needle)]).toEqual([needle, theLongWay(needle)]);
    expect(index.containing('madera')).toEqual([7, 4, 3]);
  });

  it('checks a product changed in place (same name, price and date) against its new description', () => {
    const changing = new ProductIndex();
    changing.put(row(1, 'Pelota sensorial', 'Con relieve, para las manos'));
    expect(changing.containing(', para')).toEqual([1]);
    changing.put(row(1, 'Pelota sensorial', 'Suave; para bebés'));
    expect(changing.containing(', para')).toEqual([]);
    expect(changing.containing('; para bebes')).toEqual([1]);
  });
});

// Combos are searched by text.ts `relevance`, one item at a time (catalogue-item.ts searchItems): the same rules as
// the index's postings, so a term finds the same things in the same order among products and combos.
describe('ProductIndex and text.ts relevance', () => {
  it('find the same items in the same order for every term', async () => {
    const { relevance, searchedWords } = await import('./text.js');
    const catalogue = [
      row(1, 'Pelota sensorial', 'Texturas suaves para las manos'),
      row(2, 'Rompecabezas de 120 piezas', 'Un reto para toda la familia'),
      row(3, 'Set de pelotas 7', 'Siete pelotas de colores'),
      row(4, 'Tren de madera', 'Con vagones y una pelota pequeña'),
      row(5, 'Xilófono musical', 'Colores y sonidos; incluye 2 baquetas'),
      row(6, 'Muñeca de trapo', 'Hecha a mano en San Pedro Sula'),
    ];
    const index = new ProductIndex();
    catalogue.forEach((product) => index.put(product));
    const terms = [
      'pelota',
      'pelotas',
      'pelta',
      'PELOTA colores',
      'rompeca',
      'rompecabeza',
      '120',
      '12',
      '1200',
      'xilofno',
    ];
    for (const term of [
      ...terms,
      'muneca',
      'a mano',
      'sonido 2',
      'pelota 7',
      'de',
      'zzz',
      'madera tren',
      'juguete de madera',
    ]) {
      const termWords = searchedWords(term);
      const scored = catalogue
        .map((product) => ({ id: product.id, score: relevance(termWords, product.name, product.description) }))
        .filter(({ score }) => score > 0)
        // Newest (highest id) first among equals, as the index breaks ties.
        .sort((a, b) => b.score - a.score || b.id - a.id);
      const indexed = index.query({ term, categoryIds: [], inStock: false, sortBy: null, ascending: true }).ids;
      expect([term, scored.map(({ id }) => id)]).toEqual([term, indexed]);
    }
  });
});
