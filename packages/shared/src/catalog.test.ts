import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CATALOG,
  catalogSearchSchema,
  categoryFormSchema,
  comboCreateFormSchema,
  comboEditFormSchema,
  productFormSchema,
  STOCK_EDIT_MESSAGES,
} from './catalog.js';
import { VALIDATION } from './messages.js';

/** The first issue's message, as the API and the forms show it; null when the input is valid. */
function firstMessage(schema: z.ZodType, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
}

const image = new Uint8Array([1, 2, 3]);

describe('category form (spec §5)', () => {
  it('trims and accepts both fields', () => {
    expect(categoryFormSchema.parse({ name: '  Peluches ', description: ' Suaves ' })).toEqual({
      name: 'Peluches',
      description: 'Suaves',
    });
  });

  it.each([
    [{ name: '   ', description: 'x' }],
    [{ name: 'x', description: '\t\n ' }],
    [{ name: 'x' }],
    [{ description: 'x' }],
    [{ name: null, description: 'x' }],
    [null],
  ])('refuses blank or missing fields %j', (input) => {
    expect(firstMessage(categoryFormSchema, input)).toBe('Todos los campos son obligatorios.');
  });

  it('limits the lengths', () => {
    expect(firstMessage(categoryFormSchema, { name: 'a'.repeat(100), description: 'b'.repeat(1000) })).toBeNull();
    expect(firstMessage(categoryFormSchema, { name: 'a'.repeat(101), description: 'b' })).toBe(
      'El nombre no puede tener más de 100 caracteres',
    );
    expect(firstMessage(categoryFormSchema, { name: 'a', description: 'b'.repeat(1001) })).toBe(
      'La descripción no puede tener más de 1000 caracteres',
    );
  });
});

describe('product form (spec §5 Product admin)', () => {
  const create = productFormSchema('create');
  const edit = productFormSchema('edit');
  const valid = {
    name: 'Muñeca de trapo',
    description: 'Hecha a mano',
    price: '350.50',
    stock: '4',
    discount: '',
    categoryIds: ['2', '1', '2'],
    image,
  };

  it('parses text fields to numbers, defaults the discount to 0 and de-duplicates categories', () => {
    expect(create.parse(valid)).toEqual({
      name: 'Muñeca de trapo',
      description: 'Hecha a mano',
      price: 350.5,
      stock: 4,
      discount: 0,
      categoryIds: [2, 1],
      image,
    });
  });

  it('accepts numbers, a missing description and comma-separated category ids', () => {
    expect(edit.parse({ name: 'A', price: 0, stock: 0, discount: 12.5, categoryIds: '3,4' })).toEqual({
      name: 'A',
      description: '',
      price: 0,
      stock: 0,
      discount: 12.5,
      categoryIds: [3, 4],
    });
  });

  it.each([
    [{ name: '' }],
    [{ name: '   ' }],
    [{ name: undefined }],
    [{ price: '' }],
    [{ price: undefined }],
    [{ stock: '' }],
    [{ stock: null }],
  ])('name, price and stock are required: %j', (override) => {
    expect(firstMessage(create, { ...valid, ...override })).toBe(VALIDATION.productRequired);
    expect(VALIDATION.productRequired).toBe('Completa campos obligatorios');
  });

  it('enforces the name and description limits for real (spec §5: the original check was ineffective)', () => {
    expect(firstMessage(create, { ...valid, name: 'n'.repeat(100), description: 'd'.repeat(1000) })).toBeNull();
    expect(firstMessage(create, { ...valid, name: 'n'.repeat(101) })).toBe(
      'El nombre no puede tener más de 100 caracteres',
    );
    expect(firstMessage(create, { ...valid, description: 'd'.repeat(1001) })).toBe(
      'La descripción no puede tener más de 1000 caracteres',
    );
  });

  it('refuses negative numbers with the spec texts', () => {
    expect(firstMessage(create, { ...valid, price: '-1' })).toBe('El precio no puede ser negativo');
    expect(firstMessage(create, { ...valid, stock: '-1' })).toBe('El stock no puede ser negativo');
    expect(firstMessage(create, { ...valid, discount: '-5' })).toBe('El descuento no puede ser negativo');
  });

  it('caps the discount at 100, wants an integer stock and real numbers', () => {
    expect(firstMessage(create, { ...valid, discount: '100' })).toBeNull();
    expect(firstMessage(create, { ...valid, discount: '100.01' })).toBe('El descuento no puede ser mayor que 100');
    expect(firstMessage(create, { ...valid, stock: '2.5' })).toBe('El stock debe ser un número entero');
    expect(firstMessage(create, { ...valid, price: 'abc' })).toBe(CATALOG.priceInvalid);
    expect(firstMessage(create, { ...valid, price: 'Infinity' })).toBe(CATALOG.priceInvalid);
    expect(firstMessage(create, { ...valid, price: '1000000' })).toBe(CATALOG.priceTooHigh);
    expect(firstMessage(create, { ...valid, stock: 'muchos' })).toBe(CATALOG.stockInvalidNumber);
    expect(firstMessage(create, { ...valid, categoryIds: ['x'] })).toBe(CATALOG.invalidIdInList);
    expect(firstMessage(create, { ...valid, categoryIds: ['0'] })).toBe(CATALOG.invalidIdInList);
  });

  it('reads centavos after a comma, and refuses a comma that could be a thousands separator', () => {
    expect(create.parse({ ...valid, price: '12,50', discount: '7,5' })).toMatchObject({ price: 12.5, discount: 7.5 });
    expect(create.parse({ ...valid, price: ' 0,99 ' })).toMatchObject({ price: 0.99 });
    // Honduras writes 1,250 for one thousand two hundred and fifty: neither 1.25 nor 1250 is taken on a guess.
    expect(firstMessage(create, { ...valid, price: '1,250' })).toBe(CATALOG.priceInvalid);
    expect(firstMessage(create, { ...valid, price: '1,250.00' })).toBe(CATALOG.priceInvalid);
    expect(firstMessage(create, { ...valid, price: '12,5,0' })).toBe(CATALOG.priceInvalid);
    expect(firstMessage(create, { ...valid, stock: '1,000' })).toBe(CATALOG.stockInvalidNumber);
    expect(firstMessage(create, { ...valid, stock: '2,5' })).toBe('El stock debe ser un número entero');
  });

  it('refuses NUL characters, which PostgreSQL cannot store', () => {
    expect(firstMessage(create, { ...valid, name: 'a\u0000' })).toBe(CATALOG.invalidText);
    expect(firstMessage(create, { ...valid, description: '\u0000' })).toBe(CATALOG.invalidText);
    expect(firstMessage(categoryFormSchema, { name: 'a', description: 'b\u0000' })).toBe(CATALOG.invalidText);
    expect(
      firstMessage(comboEditFormSchema, { name: 'a\u0000', description: 'b', price: 1, stock: 1, productIds: [1] }),
    ).toBe(CATALOG.invalidText);
    expect(firstMessage(catalogSearchSchema, { searchTerm: 'x\u0000' })).toBe(CATALOG.invalidText);
  });

  it('requires the main image on create only', () => {
    expect(firstMessage(create, { ...valid, image: undefined })).toBe('Debes agregar una imagen principal');
    expect(firstMessage(create, { ...valid, image: new Uint8Array() })).toBe('Debes agregar una imagen principal');
    expect(firstMessage(create, { ...valid, image: [] })).toBe('Debes agregar una imagen principal');
    expect(firstMessage(create, { ...valid, image: new Blob(['x']) })).toBeNull();
    expect(firstMessage(edit, { ...valid, image: undefined })).toBeNull();
  });
});

describe('combo forms (spec §5 Create combo / Edit combo)', () => {
  const valid = {
    name: 'Combo bebé',
    description: 'Tres juguetes',
    price: '900',
    stock: '3',
    productIds: ['1', '2'],
    image,
  };

  it('parses a complete combo; stock defaults to 0 on create', () => {
    expect(comboCreateFormSchema.parse({ ...valid, stock: '' })).toEqual({
      name: 'Combo bebé',
      description: 'Tres juguetes',
      price: 900,
      stock: 0,
      productIds: [1, 2],
      image,
    });
  });

  it.each([
    [{ name: ' ' }],
    [{ description: '' }],
    [{ price: '' }],
    [{ productIds: [] }],
    [{ productIds: undefined }],
    [{ image: undefined }],
  ])('create requires name, description, price, image and a product: %j', (override) => {
    expect(firstMessage(comboCreateFormSchema, { ...valid, ...override })).toBe(
      'Por favor, completa todos los campos antes de guardar.',
    );
  });

  it.each([[{ name: '' }], [{ description: ' ' }], [{ price: undefined }], [{ stock: '' }]])(
    'edit requires every field including stock: %j',
    (override) => {
      expect(firstMessage(comboEditFormSchema, { ...valid, ...override })).toBe(
        'Todos los campos son obligatorios, incluido el stock.',
      );
    },
  );

  it('edit wants at least one product and keeps the image optional', () => {
    expect(firstMessage(comboEditFormSchema, { ...valid, productIds: [] })).toBe(
      'Debes seleccionar al menos un producto',
    );
    expect(firstMessage(comboEditFormSchema, { ...valid, image: undefined })).toBeNull();
  });

  it.each(['-1', '1.5', 'tres'])('stock %s is not a valid non-negative integer', (stock) => {
    expect(firstMessage(comboCreateFormSchema, { ...valid, stock })).toBe(
      'El stock debe ser un número válido y no negativo.',
    );
    expect(firstMessage(comboEditFormSchema, { ...valid, stock })).toBe(
      'El stock debe ser un número válido y no negativo.',
    );
  });

  it('refuses a negative price', () => {
    expect(firstMessage(comboCreateFormSchema, { ...valid, price: '-0.01' })).toBe('El precio no puede ser negativo');
  });
});

describe('catalogue search request (spec §3)', () => {
  it('accepts an empty request and nulls', () => {
    expect(catalogSearchSchema.parse({})).toEqual({});
    expect(
      catalogSearchSchema.parse({ searchTerm: null, categories: null, sortBy: null, sortAsc: null, inStock: null }),
    ).toEqual({
      searchTerm: null,
      categories: null,
      sortBy: null,
      sortAsc: null,
      inStock: null,
    });
  });

  it('normalises the sort field and the term', () => {
    expect(
      catalogSearchSchema.parse({ searchTerm: '  lego ', sortBy: 'Price', sortAsc: false, categories: [1, '2'] }),
    ).toEqual({
      searchTerm: 'lego',
      sortBy: 'price',
      sortAsc: false,
      categories: [1, 2],
    });
    expect(catalogSearchSchema.parse({ sortBy: '' }).sortBy).toBeNull();
  });

  it('refuses an unknown sort, a long term and bad category ids', () => {
    expect(firstMessage(catalogSearchSchema, { sortBy: 'stock' })).toBe(CATALOG.searchSortInvalid);
    expect(firstMessage(catalogSearchSchema, { searchTerm: 'x'.repeat(101) })).toBe(CATALOG.searchTermTooLong);
    expect(firstMessage(catalogSearchSchema, { categories: [1.5] })).toBe(CATALOG.invalidIdInList);
    expect(firstMessage(catalogSearchSchema, { categories: 'uno' })).toBe(CATALOG.invalidIdInList);
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(firstMessage(catalogSearchSchema, { categories: ids(201) })).toBe(
      'La lista puede tener como máximo 200 identificadores.',
    );
    expect(catalogSearchSchema.safeParse({ categories: ids(200) }).success).toBe(true);
    expect(firstMessage(catalogSearchSchema, { inStock: 'sí' })).toBe(CATALOG.searchInvalid);
  });
});

describe('STOCK_EDIT_MESSAGES.wouldGoNegative', () => {
  it('names what is left in the right number', () => {
    expect(STOCK_EDIT_MESSAGES.wouldGoNegative(1)).toBe(
      'Mientras editabas se vendieron unidades: queda 1 y con tu cambio el inventario quedaría en negativo. ' +
        'Revisa el inventario y vuelve a guardar.',
    );
    expect(STOCK_EDIT_MESSAGES.wouldGoNegative(0)).toBe(
      'Mientras editabas se vendieron unidades: no queda ninguna y con tu cambio el inventario quedaría en negativo. ' +
        'Revisa el inventario y vuelve a guardar.',
    );
  });
});
