import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '@tienda/shared/messages';
import { REPLIES } from '../../replies.js';
import { testDialects, type TestUser, useTestApp } from '../../test/test-app.js';
import { pngBytes } from './catalog.test-helpers.js';
import { createProduct } from './products.service.js';

describe.each(testDialects)('categories API (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let admin: TestUser;
  let customer: TestUser;
  beforeAll(async () => {
    admin = await t.createAdmin();
    customer = await t.createCustomer();
  });

  const create = (body: unknown, headers = admin.auth) =>
    t.app.inject({ method: 'POST', url: '/api/Category', headers, payload: body as object });

  it('creates, reads, lists, updates and deletes a category', async () => {
    const created = await create({ name: '  Peluches ', description: ' Suaves y lavables ' });
    expect(created.statusCode).toBe(201);
    const category = created.json();
    expect(category).toEqual({ categoryId: expect.any(Number), name: 'Peluches', description: 'Suaves y lavables' });

    const read = await t.app.inject({ method: 'GET', url: `/api/Category/${category.categoryId}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(category);

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/Category/${category.categoryId}`,
      headers: admin.auth,
      payload: { name: 'Peluches y muñecos', description: 'Para abrazar' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      categoryId: category.categoryId,
      name: 'Peluches y muñecos',
      description: 'Para abrazar',
    });

    const list = await t.app.inject({ method: 'GET', url: '/api/category' });
    expect(list.json()).toContainEqual({
      categoryId: category.categoryId,
      name: 'Peluches y muñecos',
      description: 'Para abrazar',
    });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/Category/${category.categoryId}`,
      headers: admin.auth,
    });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const gone = await t.app.inject({ method: 'GET', url: `/api/Category/${category.categoryId}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'La categoría no existe.' });
  });

  it('lists categories in Spanish alphabetical order, ignoring case and accents', async () => {
    for (const name of ['zancos', 'Árboles', 'bebés', 'Arte']) await create({ name, description: 'x' });
    const names = (await t.app.inject({ method: 'GET', url: '/api/Category' }))
      .json()
      .map((c: { name: string }) => c.name);
    const order = ['Árboles', 'Arte', 'bebés', 'zancos'].map((name) => names.indexOf(name));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('binds the fields case-insensitively', async () => {
    const res = await create({ Name: 'Montessori', Description: 'Vida práctica' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Montessori', description: 'Vida práctica' });
  });

  it.each([
    [{ name: '   ', description: 'algo' }],
    [{ name: 'Algo', description: '  ' }],
    [{ name: 'Algo' }],
    [{}],
    [{ name: 12, description: 'x' }],
  ])('refuses %j with the spec §5 message', async (body) => {
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Todos los campos son obligatorios.' });
  });

  it('refuses an empty body and over-long fields', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/Category', headers: admin.auth });
    expect(empty.statusCode).toBe(400);
    const longName = await create({ name: 'n'.repeat(101), description: 'x' });
    expect(longName.statusCode).toBe(400);
    expect(longName.json()).toEqual({ message: 'El nombre no puede tener más de 100 caracteres' });
    const longDescription = await create({ name: 'Largo', description: 'd'.repeat(1001) });
    expect(longDescription.statusCode).toBe(400);
    expect(longDescription.json()).toEqual({ message: 'La descripción no puede tener más de 1000 caracteres' });
    // PostgreSQL cannot store NUL in text: a 400, not a 500.
    const nul = await create({ name: 'Nul\u0000', description: 'x' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ message: 'El texto contiene caracteres no válidos.' });
  });

  it('refuses a second category with the same name up to case and accents (409), also on update', async () => {
    const first = await create({ name: 'Didácticos', description: 'x' });
    expect(first.statusCode).toBe(201);
    const again = await create({ name: 'DIDACTICOS', description: 'y' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Ya existe una categoría con ese nombre.' });
    // Nor with an invisible character inside, which reads the same in the shop's filter.
    for (const hidden of ['Didá\u200Bcticos', '\uFEFFDidácticos', 'Didác\u00ADticos']) {
      const twin = await create({ name: hidden, description: 'z' });
      expect([hidden, twin.statusCode, twin.json()]).toEqual([
        hidden,
        409,
        { message: 'Ya existe una categoría con ese nombre.' },
      ]);
    }
    const other = (await create({ name: 'Sensoriales', description: 'x' })).json();
    const clash = await t.app.inject({
      method: 'PUT',
      url: `/api/Category/${other.categoryId}`,
      headers: admin.auth,
      payload: { name: 'didácticos', description: 'x' },
    });
    expect(clash.statusCode).toBe(409);
    // Renaming a category to its own name (another case) is fine.
    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/Category/${other.categoryId}`,
      headers: admin.auth,
      payload: { name: 'SENSORIALES', description: 'x' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('answers 401 without a token and 403 to a customer on every admin call', async () => {
    const { categoryId } = (await create({ name: 'Acceso', description: 'x' })).json();
    const calls = [
      { method: 'POST' as const, url: '/api/Category', payload: { name: 'A', description: 'B' } },
      { method: 'PUT' as const, url: `/api/Category/${categoryId}`, payload: { name: 'A', description: 'B' } },
      { method: 'DELETE' as const, url: `/api/Category/${categoryId}` },
    ];
    for (const call of calls) {
      const anonymous = await t.app.inject(call);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: REPLIES.unauthorized });
      const asCustomer = await t.app.inject({ ...call, headers: customer.auth });
      expect(asCustomer.statusCode).toBe(403);
      expect(asCustomer.json()).toEqual({ message: REPLIES.forbidden });
    }
    // A customer may still read.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/Category/${categoryId}`, headers: customer.auth })).statusCode,
    ).toBe(200);
  });

  it('answers 400 for a bad id and 404 for a missing one', async () => {
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/Category/${id}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: API.invalidId });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/Category/999999' })).statusCode).toBe(404);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/Category/999999',
      headers: admin.auth,
      payload: { name: 'A', description: 'B' },
    });
    expect(put.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/Category/999999', headers: admin.auth })).statusCode,
    ).toBe(404);
  });

  it('deleting a category in use unlinks it from its products', async () => {
    const keep = (await create({ name: 'Aire libre', description: 'x' })).json();
    const drop = (await create({ name: 'Temporada', description: 'x' })).json();
    const product = await createProduct(
      t.app.ctx,
      { name: 'Pelota', price: 100, stock: 3, categoryIds: [keep.categoryId, drop.categoryId] },
      await pngBytes(),
    );
    expect(product.categoryIds.sort()).toEqual([keep.categoryId, drop.categoryId].sort());
    const before = (await t.app.inject({ method: 'GET', url: `/api/Product/${product.productId}` })).json();
    expect(before.categories).toEqual(['Aire libre', 'Temporada']);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/Category/${drop.categoryId}`, headers: admin.auth });
    expect(res.statusCode).toBe(204);
    // The product page was asked for before the delete too: what the index kept of it must not outlive the change.
    const after = (await t.app.inject({ method: 'GET', url: `/api/Product/${product.productId}` })).json();
    expect(after.categoryIds).toEqual([keep.categoryId]);
    expect(after.categories).toEqual(['Aire libre']);
  });
});
