import { beforeAll, describe, expect, it } from 'vitest';
import type { Combo } from '@tienda/shared/catalog';
import { testDialects, type TestUser, useTestApp } from '../../test/test-app.js';
import {
  adminCreateForm,
  hasImageFiles,
  multipart,
  newImageUrls,
  png,
  pngBytes,
  uploadedFiles,
  type Fields,
  type Files,
} from '../catalog/catalog.test-helpers.js';
import { createCategory } from '../catalog/categories.service.js';
import { createProduct } from '../catalog/products.service.js';
import { createItem } from '../catalog/catalogue-item.js';
import { comboKind } from './combos.service.js';

const CREATE_INCOMPLETE = 'Por favor, completa todos los campos antes de guardar.';
const EDIT_INCOMPLETE = 'Todos los campos son obligatorios, incluido el stock.';
const STOCK_INVALID = 'El stock debe ser un número válido y no negativo.';

describe.each(testDialects)('combos API (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let admin: TestUser;
  let plush: number;
  let wood: number;
  let bear: number; // Oso de peluche (plush)
  let blocks: number; // Bloques de madera (wood)
  let rattle: number; // Sonajero (no category)
  beforeAll(async () => {
    admin = await t.createAdmin();
    const ctx = t.app.ctx;
    plush = (await createCategory(ctx, { name: 'Peluches', description: 'x' })).categoryId;
    wood = (await createCategory(ctx, { name: 'Madera', description: 'x' })).categoryId;
    const image = await pngBytes();
    bear = (
      await createProduct(
        ctx,
        { name: 'Oso de peluche', description: 'Suave', price: 250, discount: 20, stock: 3, categoryIds: [plush] },
        image,
      )
    ).productId;
    blocks = (
      await createProduct(
        ctx,
        { name: 'Bloques de madera', description: 'Veinte piezas', price: 400, stock: 5, categoryIds: [wood] },
        image,
      )
    ).productId;
    rattle = (await createProduct(ctx, { name: 'Sonajero', description: 'Para bebés', price: 90, stock: 8 }, image))
      .productId;
  });

  const validFields = (): Fields => ({
    Name: 'Combo bebé feliz',
    Description: 'Oso y sonajero',
    Price: '299.99',
    Stock: '4',
    ProductIds: [bear, rattle],
  });
  const uploads = () => uploadedFiles(t.config.uploadsDir);
  const { post: postCombo, createOk } = adminCreateForm<Combo>(
    () => ({ t, admin }),
    '/api/Combo/Create',
    'Image',
    validFields,
  );
  const patch = (id: number, fields: Fields, files: Files = {}) =>
    t.app.inject({ method: 'PATCH', url: `/api/Combo/${id}`, headers: admin.auth, payload: multipart(fields, files) });

  it('creates a combo from the admin form and answers the full combo (spec §3 Combo)', async () => {
    const combo = await createOk();
    expect(combo).toEqual({
      comboId: expect.any(Number),
      name: 'Combo bebé feliz',
      description: 'Oso y sonajero',
      price: 299.99,
      stock: 4,
      ...newImageUrls,
      comboImages: [],
      secondaryImages: [],
      products: [
        {
          productId: bear,
          name: 'Oso de peluche',
          description: 'Suave',
          price: 250,
          discount: 20,
          imageUrl: expect.stringMatching(/^\/uploads\/.+\.webp$/),
          thumbnailUrl: expect.stringMatching(/^\/uploads\/.+-thumb\.webp$/),
        },
        expect.objectContaining({
          productId: rattle,
          name: 'Sonajero',
          description: 'Para bebés',
          price: 90,
          discount: 0,
        }),
      ],
      createdAt: expect.any(String),
    });
  });

  it('defaults the stock to 0 on create (spec §5)', async () => {
    const combo = await createOk({ ...validFields(), Stock: '' });
    expect(combo.stock).toBe(0);
  });

  describe('validation (spec §5 Create combo / Edit combo)', () => {
    const createCases: [string, Fields, string][] = [
      ['missing name', { Name: undefined }, CREATE_INCOMPLETE],
      ['blank description', { Description: '  ' }, CREATE_INCOMPLETE],
      ['missing price', { Price: '' }, CREATE_INCOMPLETE],
      ['no product', { ProductIds: undefined }, CREATE_INCOMPLETE],
      ['negative price', { Price: '-1' }, 'El precio no puede ser negativo'],
      ['negative stock', { Stock: '-1' }, STOCK_INVALID],
      ['fractional stock', { Stock: '2.5' }, STOCK_INVALID],
      ['stock that is not a number', { Stock: 'muchos' }, STOCK_INVALID],
      ['name of 101 characters', { Name: 'n'.repeat(101) }, 'El nombre no puede tener más de 100 caracteres'],
      [
        'description of 1001 characters',
        { Description: 'd'.repeat(1001) },
        'La descripción no puede tener más de 1000 caracteres',
      ],
      ['unknown product', { ProductIds: [987654, 987655] }, 'Alguno de los productos seleccionados no existe.'],
      ['bad product id', { ProductIds: ['uno'] }, 'La lista contiene un identificador no válido.'],
      ['name with a NUL character', { Name: 'Combo\u0000' }, 'El texto contiene caracteres no válidos.'],
    ];
    it.each(createCases)('create refuses a %s and writes nothing', async (_label, override, message) => {
      const before = uploads();
      const res = await postCombo({ ...validFields(), ...override }, { Image: await png() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
      expect(uploads()).toEqual(before);
    });

    it('edit requires every field including stock, and at least one product', async () => {
      const combo = await createOk();
      for (const override of [
        { Name: '' },
        { Description: undefined },
        { Price: '' },
        { Stock: '' },
        { Stock: undefined },
      ]) {
        const res = await patch(combo.comboId, { ...validFields(), ...override });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: EDIT_INCOMPLETE });
      }
      const noProducts = await patch(combo.comboId, { ...validFields(), ProductIds: undefined });
      expect(noProducts.json()).toEqual({ message: 'Debes seleccionar al menos un producto' });
      const badStock = await patch(combo.comboId, { ...validFields(), Stock: '-2' });
      expect(badStock.json()).toEqual({ message: STOCK_INVALID });
      const unknown = await patch(combo.comboId, { ...validFields(), ProductIds: [987654] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ message: 'Alguno de los productos seleccionados no existe.' });
      expect((await t.app.inject({ method: 'GET', url: `/api/Combo/${combo.comboId}` })).json()).toEqual(combo);
    });
  });

  describe('edit', () => {
    it('without an image keeps it and replaces fields and products', async () => {
      const combo = await createOk(validFields(), { Image: await png(), files: await png() });
      const res = await patch(combo.comboId, {
        Name: 'Combo renovado',
        Description: 'Ahora con bloques',
        Price: '500',
        Stock: '0',
        ProductIds: [blocks],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        ...combo,
        name: 'Combo renovado',
        description: 'Ahora con bloques',
        price: 500,
        stock: 0,
        products: [expect.objectContaining({ productId: blocks, name: 'Bloques de madera' })],
      });
      expect(hasImageFiles(t.config.uploadsDir, combo.imageUrl)).toBe(true);
      // The search finds it by its new words (spec §9).
      const found = await t.app.inject({
        method: 'POST',
        url: '/api/Combo/search',
        payload: { searchTerm: 'renovado' },
      });
      expect((found.json() as Combo[]).map((c) => c.comboId)).toEqual([combo.comboId]);
    });
  });

  // Deleted, the product would leave its combos on sale at their price, their descriptions naming it, or with no
  // product at all: the owner takes it out of them first.
  it('refuses to delete a product that combos hold, naming them; taken out of them, it is deleted', async () => {
    const extra = await createProduct(t.app.ctx, { name: 'Pelota temporal', price: 10, stock: 1 }, await pngBytes());
    const first = await createOk({ ...validFields(), Name: 'Kit de juego', ProductIds: [bear, extra.productId] });
    const second = await createOk({ ...validFields(), Name: 'Combo activo', ProductIds: [extra.productId] });
    const remove = () =>
      t.app.inject({ method: 'DELETE', url: `/api/Product/${extra.productId}`, headers: admin.auth });
    const refused = await remove();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message:
        'No se puede eliminar: el producto forma parte de los combos «Combo activo», «Kit de juego». ' +
        'Quítalo de esos combos primero.',
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/Product/${extra.productId}` })).statusCode).toBe(200);
    const productsOf = async (comboId: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/Combo/${comboId}` }))
        .json()
        .products.map((p: { productId: number }) => p.productId);
    expect(await productsOf(first.comboId)).toEqual([bear, extra.productId]);

    expect(
      (await patch(first.comboId, { ...validFields(), Name: 'Kit de juego', ProductIds: [bear] })).statusCode,
    ).toBe(200);
    const one = await remove();
    expect(one.statusCode).toBe(409);
    expect(one.json()).toEqual({
      message: 'No se puede eliminar: el producto forma parte del combo «Combo activo». Quítalo de ese combo primero.',
    });
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/Combo/${second.comboId}`, headers: admin.auth });
    expect(gone.statusCode).toBe(204);
    expect((await remove()).statusCode).toBe(204);
    expect(await productsOf(first.comboId)).toEqual([bear]);
    // An unknown product is still a 404.
    expect((await remove()).statusCode).toBe(404);
  });
});

describe.each(testDialects)('combo search (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const ids: Record<string, number> = {};
  let plush: number;
  let wood: number;
  let sea: number;
  beforeAll(async () => {
    const ctx = t.app.ctx;
    plush = (await createCategory(ctx, { name: 'Peluches', description: 'x' })).categoryId;
    wood = (await createCategory(ctx, { name: 'Madera', description: 'x' })).categoryId;
    sea = (await createCategory(ctx, { name: 'Mar', description: 'x' })).categoryId;
    const image = await pngBytes();
    const bear = (await createProduct(ctx, { name: 'Oso', price: 100, stock: 1, categoryIds: [plush] }, image))
      .productId;
    const blocks = (await createProduct(ctx, { name: 'Bloques', price: 100, stock: 1, categoryIds: [wood] }, image))
      .productId;
    const both = (await createProduct(ctx, { name: 'Tren', price: 100, stock: 1, categoryIds: [wood, plush] }, image))
      .productId;
    const loose = (await createProduct(ctx, { name: 'Pelota', price: 100, stock: 1 }, image)).productId;
    // Oldest → newest.
    const combos = [
      [
        'nino',
        {
          name: 'Combo Niño explorador',
          description: 'Aventura en el bosque',
          price: 450,
          stock: 2,
          productIds: [blocks],
        },
      ],
      [
        'abrazo',
        { name: 'abrazos suaves', description: 'Peluches para dormir', price: 300, stock: 0, productIds: [bear] },
      ],
      [
        'mixto',
        {
          name: 'Combo Mixto',
          description: 'De todo un poco (50% de ahorro)',
          price: 800,
          stock: 5,
          productIds: [both, loose],
        },
      ],
      ['pelota', { name: 'Élite de pelotas', description: 'Solo pelotas', price: 120, stock: 1, productIds: [loose] }],
    ] as const;
    for (const [key, input] of combos)
      ids[key] = (
        await createItem(comboKind, ctx, { ...input, productIds: [...input.productIds] }, { main: image })
      ).comboId;
  });

  const search = async (body: unknown) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Combo/search', payload: body as object });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Combo[]).map((combo) => Object.entries(ids).find(([, id]) => id === combo.comboId)![0]);
  };

  it('with nothing set answers every combo, newest first, like the list', async () => {
    expect(await search({ searchTerm: null, categories: null, sortBy: null, sortAsc: null, inStock: null })).toEqual([
      'pelota',
      'mixto',
      'abrazo',
      'nino',
    ]);
    const list = (await t.app.inject({ method: 'GET', url: '/api/Combo' })).json();
    const all = (await t.app.inject({ method: 'POST', url: '/api/Combo/search', payload: {} })).json();
    expect(all).toEqual(list);
  });

  it('matches name and description without regard to case or accents', async () => {
    expect(await search({ searchTerm: 'nino' })).toEqual(['nino']);
    expect(await search({ searchTerm: 'NIÑO' })).toEqual(['nino']);
    expect(await search({ searchTerm: 'elite' })).toEqual(['pelota']);
    expect(await search({ searchTerm: 'BOSQUE' })).toEqual(['nino']);
    expect(await search({ searchTerm: 'combo' })).toEqual(['mixto', 'nino']);
  });

  it('forgives typos and reads singular and plural and a word being typed, as the product search does', async () => {
    expect(await search({ searchTerm: 'pelta' })).toEqual(['pelota']);
    expect(await search({ searchTerm: 'pelota' })).toEqual(['pelota']);
    expect(await search({ searchTerm: 'abrazo' })).toEqual(['abrazo']);
    expect(await search({ searchTerm: 'abra' })).toEqual(['abrazo']);
    expect(await search({ searchTerm: 'nina explorador' })).toEqual(['nino']);
    // One word typed in two, read as one only when the words as typed find nothing.
    expect(await search({ searchTerm: 'pelu ches' })).toEqual(['abrazo']);
    // The plural of a word of the description.
    expect(await search({ searchTerm: 'aventuras' })).toEqual(['nino']);
    // Typed by ear: the same sounds spelled another way, two letters apart (one typo alone would be forgiven anyway).
    expect(await search({ searchTerm: 'boske' })).toEqual(['nino']);
    expect(await search({ searchTerm: 'abrasoz' })).toEqual(['abrazo']);
  });

  it('treats hostile terms as plain text', async () => {
    // A term of symbols names no word, so it finds nothing (as the product search; it found '50%' as a substring).
    expect(await search({ searchTerm: '%' })).toEqual([]);
    expect(await search({ searchTerm: '_' })).toEqual([]);
    expect(await search({ searchTerm: "' OR 1=1 --" })).toEqual([]);
  });

  it('keeps combos with a product in any of the categories', async () => {
    expect(await search({ categories: [plush] })).toEqual(['mixto', 'abrazo']);
    expect(await search({ categories: [wood] })).toEqual(['mixto', 'nino']);
    expect(await search({ categories: [sea] })).toEqual([]);
    expect(await search({ categories: [sea, plush, wood] })).toEqual(['mixto', 'abrazo', 'nino']);
  });

  it('filters by stock and sorts by name and price both ways', async () => {
    expect(await search({ inStock: true })).toEqual(['pelota', 'mixto', 'nino']);
    expect(await search({ sortBy: 'name', sortAsc: true })).toEqual(['abrazo', 'mixto', 'nino', 'pelota']);
    expect(await search({ sortBy: 'name', sortAsc: false })).toEqual(['pelota', 'nino', 'mixto', 'abrazo']);
    expect(await search({ sortBy: 'price', sortAsc: true })).toEqual(['pelota', 'abrazo', 'nino', 'mixto']);
    expect(await search({ sortBy: 'price', sortAsc: false })).toEqual(['mixto', 'nino', 'abrazo', 'pelota']);
    expect(
      await search({ searchTerm: 'combo', categories: [wood], inStock: true, sortBy: 'price', sortAsc: true }),
    ).toEqual(['nino', 'mixto']);
  });

  it('refuses a bad sort with a Spanish 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Combo/search', payload: { sortBy: 'popularidad' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'El orden debe ser "name", "price" o vacío.' });
  });

  // Last: it adds a combo the tests above do not expect.
  it('without a sort, answers a name match before a newer description-only match', async () => {
    const ctx = t.app.ctx;
    const product = await t.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow();
    ids.kit = (
      await createItem(
        comboKind,
        ctx,
        {
          name: 'Kit viajero',
          description: 'Trae un oso y una pelota de regalo',
          price: 200,
          stock: 3,
          productIds: [product.id],
        },
        { main: await pngBytes() },
      )
    ).comboId;
    expect(await search({ searchTerm: 'pelotas' })).toEqual(['pelota', 'kit']);
    expect(await search({ searchTerm: 'pelotas', sortBy: 'name', sortAsc: true })).toEqual(['pelota', 'kit']);
    expect(await search({ searchTerm: 'pelotas', sortBy: 'price', sortAsc: true })).toEqual(['pelota', 'kit']);
    expect(await search({ searchTerm: 'pelotas', sortBy: 'price', sortAsc: false })).toEqual(['kit', 'pelota']);
  });
});
