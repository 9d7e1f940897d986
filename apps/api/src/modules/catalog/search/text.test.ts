import { describe, expect, it } from 'vitest';
import {
  boundedDistance,
  joinedAlternatives,
  matchQuality,
  searchedWords,
  spokenSpelling,
  stem,
  typoAllowance,
  wordForms,
  words,
} from './text.js';

/** matchQuality of a term word and a catalogue word, both folded. */
const quality = (term: string, word: string) => matchQuality(wordForms(term), wordForms(word));

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
    expect(quality('pelta', 'pelota')).toBe(0.6);
    expect(quality('ptla', 'pelota')).toBe(0);
    expect(quality('rompecabeazs', 'rompecabezas')).toBe(0.6);
    // Three letters missing, even once s and z are one sound.
    expect(quality('rmpecbsaz', 'rompecabezas')).toBe(0);
    expect(quality('teb', 'tren')).toBe(0);
  });

  it('takes a word being typed as a prefix from 3 letters, and short words whole', () => {
    expect(quality('rompeca', 'rompecabezas')).toBe(0.8);
    expect(quality('la', 'lapiz')).toBe(0);
    expect(quality('la', 'la')).toBe(1);
    expect(quality('pelotas', 'pelota')).toBe(1);
  });

  it('spells a word as it sounds: qu/c/k, c/z/s, g/j, v/b, ll/y and a silent h meet', () => {
    expect(
      ['bloques', 'caballo', 'bicicleta', 'rompecabezas', 'gelatina', 'hormiga', 'chocolate', 'llave', 'quitar'].map(
        spokenSpelling,
      ),
    ).toEqual(['blokes', 'kabayo', 'bisikleta', 'rompekabesas', 'jelatina', 'ormiga', 'chokolate', 'yabe', 'kitar']);
  });

  it('finds a word typed by ear above a typo, below the word itself and its beginning', () => {
    expect(quality('blokes', 'bloques')).toBe(0.7);
    expect(quality('bloke', 'bloques')).toBe(0.7);
    expect(quality('kaballo', 'caballo')).toBe(0.7);
    expect(quality('kabayito', 'caballito')).toBe(0.7);
    expect(quality('bisikleta', 'bicicleta')).toBe(0.7);
    expect(quality('jirafa', 'girafa')).toBe(0.7);
    expect(quality('ormiga', 'hormigas')).toBe(0.7);
    // A typo as well, in a long word; the beginning of a long word being typed.
    expect(quality('rompekavesaz', 'rompecabezas')).toBe(0.7);
    expect(quality('rompekavesas', 'rompecabezas')).toBe(0.7);
    expect(quality('rompekabesaa', 'rompecabezas')).toBe(0.6);
    expect(quality('rompekab', 'rompecabezas')).toBe(0.6);
    expect(quality('bisik', 'bicicleta')).toBe(0.6);
    // The word itself and its beginning as written stay first.
    expect(quality('bloques', 'bloques')).toBe(1);
    expect(quality('bloq', 'bloques')).toBe(0.8);
  });

  it('keeps apart words whose sounds differ, however close they are', () => {
    const apart: Array<[string, string]> = [
      ['blokes', 'globos'],
      ['sapo', 'zapatos'],
      // A sound and a letter apart in short words: other words.
      ['vela', 'bola'],
      ['vaca', 'boca'],
      ['vaso', 'beso'],
      ['pollo', 'pozo'],
      ['cesta', 'siesta'],
      ['sierra', 'cierre'],
      ['tanvor', 'tambor'],
      // A short beginning of sounds, or one left by silent letters.
      ['bola', 'volador'],
      ['cara', 'karaoke'],
      ['hada', 'adaptador'],
      ['hora', 'orangutan'],
      ['llama', 'yamaha'],
      ['cena', 'senal'],
      // Silent letters alone sound like nothing: they find nothing, not every word.
      ['hhhh', 'y'],
      ['hhhhh', 'pelota'],
      ['hhhha', 'a'],
    ];
    expect(apart.map(([term, word]) => [term, word, quality(term, word)])).toEqual(
      apart.map(([term, word]) => [term, word, 0]),
    );
  });
});

describe('words with digits', () => {
  it('match whole or as a prefix, never as a typo', () => {
    expect([quality('100', '100'), quality('100', '1000'), quality('100', '101'), quality('1000', '2000')]).toEqual([
      1, 0.8, 0, 0,
    ]);
    expect([typoAllowance('12345'), typoAllowance('3d'), typoAllowance('pelota')]).toEqual([0, 0, 1]);
  });
});

describe('searchedWords', () => {
  it('drops the words a family types around what it looks for, unless the term is nothing else', () => {
    expect(searchedWords('Juguetes de madera')).toEqual(['madera']);
    expect(searchedWords('algo para el bebé con luces')).toEqual(['bebe', 'luces']);
    expect(searchedWords('un juguete')).toEqual(['un', 'juguete']);
    expect(searchedWords('  de  ')).toEqual(['de']);
    expect(searchedWords('pelota 3 colores')).toEqual(['pelota', '3', 'colores']);
  });

  it('reads at most ten words', () => {
    expect(searchedWords('a b c d e f g h i j k l')).toEqual(['b', 'c', 'd', 'f', 'g', 'h', 'i', 'j', 'k', 'l']);
  });
});

describe('joinedAlternatives', () => {
  it('joins each adjacent pair in turn, in the order typed', () => {
    expect(joinedAlternatives(['rompe', 'cabezas'])).toEqual([['rompecabezas']]);
    expect(joinedAlternatives(['xilo', 'fono', 'azul'])).toEqual([
      ['xilofono', 'azul'],
      ['xilo', 'fonoazul'],
    ]);
    expect(joinedAlternatives(['pelota'])).toEqual([]);
  });
});
