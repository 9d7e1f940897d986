import { describe, expect, it } from 'vitest';
import { boundedDistance, matchQuality, stem, typoAllowance, words } from './text.js';

describe('search words', () => {
  it('folds case and accents and splits on anything that is not a letter or digit', () => {
    expect(words("Títere O'Neill: ¡MUÑECA de 100% algodón!")).toEqual([
      'titere',
      'o',
      'neill',
      'muneca',
      'de',
      '100',
      'algodon',
    ]);
  });

  it('gives singular and plural one form', () => {
    const pairs = [
      ['pelota', 'pelotas'],
      ['juguete', 'juguetes'],
      ['color', 'colores'],
      ['tren', 'trenes'],
      ['luz', 'luces'],
      ['pez', 'peces'],
      ['animal', 'animales'],
      ['bloque', 'bloques'],
      ['rompecabezas', 'rompecabezas'],
    ];
    for (const [singular, plural] of pairs) expect([singular, stem(singular!)]).toEqual([singular, stem(plural!)]);
  });

  it('counts typos with adjacent swaps as one, and stops past the bound', () => {
    expect(boundedDistance('pelta', 'pelota', 1)).toBe(1);
    expect(boundedDistance('pleota', 'pelota', 1)).toBe(1);
    expect(boundedDistance('caleidoscpio', 'caleidoscopio', 2)).toBe(1);
    expect(boundedDistance('xilofno', 'xilofono', 1)).toBe(1);
    expect(boundedDistance('tren', 'cubo', 1)).toBe(2);
    expect(boundedDistance('a', 'abcdef', 2)).toBe(3);
  });

  it('forgives one typo in words of 4 to 7 letters and two from 8, none below 4', () => {
    expect(matchQuality('pelta', 'pelta', 'pelota', stem('pelota'))).toBe(0.6);
    expect(matchQuality('ptla', 'ptla', 'pelota', stem('pelota'))).toBe(0);
    expect(matchQuality('rompecabesaz', stem('rompecabesaz'), 'rompecabezas', stem('rompecabezas'))).toBe(0.6);
    expect(matchQuality('rompecbesaz', stem('rompecbesaz'), 'rompecabezas', stem('rompecabezas'))).toBe(0);
    expect(matchQuality('teb', 'teb', 'tren', stem('tren'))).toBe(0);
  });

  it('takes a word being typed as a prefix from 3 letters, and short words whole', () => {
    expect(matchQuality('rompeca', stem('rompeca'), 'rompecabezas', stem('rompecabezas'))).toBe(0.8);
    expect(matchQuality('la', 'la', 'lapiz', 'lapiz')).toBe(0);
    expect(matchQuality('la', 'la', 'la', 'la')).toBe(1);
    expect(matchQuality('pelotas', stem('pelotas'), 'pelota', stem('pelota'))).toBe(1);
  });
});

describe('words with digits', () => {
  it('match whole or as a prefix, never as a typo', () => {
    const quality = (term: string, word: string) => matchQuality(term, stem(term), word, stem(word));
    expect([quality('100', '100'), quality('100', '1000'), quality('100', '101'), quality('1000', '2000')]).toEqual([
      1, 0.8, 0, 0,
    ]);
    expect([typoAllowance('12345'), typoAllowance('3d'), typoAllowance('pelota')]).toEqual([0, 0, 1]);
  });
});
