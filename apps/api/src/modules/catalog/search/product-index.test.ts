import { describe, expect, it } from 'vitest';
import { ProductIndex } from './product-index.js';
import type { SearchableProductRow } from './search.repository.js';

// A search for a number reads only the vocabulary's words that start like it (ProductIndex.digitWordsStartingWith);
// what it finds must be what text.ts's matchQuality says of every word: the term itself or its plural, or, from
// three characters, a word it begins.
describe('ProductIndex: terms with digits', () => {
  const row = (id: number, name: string): SearchableProductRow => ({
    id,
    name,
    description: 'Juguete',
    price_cents: 10_000,
    discount_bp: 0,
    stock: 1,
    image_key: null,
    created_at: new Date(Date.UTC(2026, 0, 1) + id * 1000).toISOString(),
    categories: [],
    images: [],
  });
  const find = (index: ProductIndex, term: string) =>
    index.query({ term, categoryIds: [], inStock: false, sortBy: 'name', ascending: true }).ids;

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
});
