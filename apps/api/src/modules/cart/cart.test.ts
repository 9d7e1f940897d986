import { beforeAll, describe, expect, it } from 'vitest';
import { insertCombo, insertProduct } from '../../test/catalog-fixtures.js';
import { testDialects, type TestUser, useTestApp, postJsonText } from '../../test/test-app.js';

describe.each(testDialects)('cart API (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let ana: TestUser;
  let beto: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    ana = await t.createCustomer({ name: 'Ana' });
    beto = await t.createCustomer({ name: 'Beto' });
    admin = await t.createAdmin();
  });

  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user ? user.auth : {}, ...(payload ? { payload } : {}) });
  // quantity: unknown, so the validation cases can send what a client might (a string, a fraction).
  const addProduct = (user: TestUser, productId: number, quantity: unknown) =>
    call(user, 'POST', '/api/Cart/AddProduct', { UserId: user.id, ProductId: productId, Quantity: quantity });
  const addCombo = (user: TestUser, comboId: number, quantity: number) =>
    call(user, 'POST', '/api/Cart/AddCombo', { UserId: user.id, ComboId: comboId, Quantity: quantity });
  const cartOf = async (user: TestUser) => {
    const res = await call(user, 'GET', `/api/Cart/User/${user.id}`);
    expect(res.statusCode).toBe(200);
    return res.json() as Array<Record<string, unknown>>;
  };

  it("adds a product and a combo and lists them with today's discounted price and exact subtotals", async () => {
    const user = await t.createCustomer();
    // L 199.99 with 15 % off → L 169.99 (169.9915 rounded to the cent); × 3 = L 509.97.
    const productId = await insertProduct(t.db, {
      name: 'Cubo sensorial',
      priceCents: 19999,
      discountBp: 1500,
      stock: 8,
      imageKey: 'cubo',
    });
    const comboId = await insertCombo(t.db, {
      name: 'Combo bebé',
      priceCents: 45050,
      stock: 4,
      imageKey: 'combo-bebe',
      productIds: [productId],
    });

    const added = await addProduct(user, productId, 3);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      productId,
      comboId: null,
      type: 'product',
      quantity: 3,
      price: 169.99,
      listPrice: 199.99,
      subtotal: 509.97,
      stock: 8,
    });

    // Field names bind case-insensitively (spec writes UserId; clients may send userId).
    const combo = await call(user, 'POST', '/api/cart/addcombo', { userId: user.id, comboId, quantity: 2 });
    expect(combo.statusCode).toBe(200);

    const lines = await cartOf(user);
    expect(lines).toEqual([
      {
        id: expect.any(Number),
        productId,
        comboId: null,
        type: 'product',
        name: 'Cubo sensorial',
        imageUrl: '/uploads/cubo.webp',
        quantity: 3,
        price: 169.99,
        listPrice: 199.99,
        subtotal: 509.97,
        stock: 8,
      },
      {
        id: expect.any(Number),
        productId: null,
        comboId,
        type: 'combo',
        name: 'Combo bebé',
        imageUrl: '/uploads/combo-bebe.webp',
        quantity: 2,
        price: 450.5,
        listPrice: 450.5,
        subtotal: 901,
        stock: 4,
      },
    ]);
  });

  it('adding an item already in the cart raises its quantity (one line)', async () => {
    const user = await t.createCustomer();
    const productId = await insertProduct(t.db, { priceCents: 1000, stock: 10 });
    await addProduct(user, productId, 2);
    const again = await addProduct(user, productId, 3);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ quantity: 5, subtotal: 50 });
    const lines = await cartOf(user);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ productId, quantity: 5 });
  });

  it('simultaneous adds never push a line past the stock', async () => {
    const user = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 5 });
    const replies = await Promise.all(Array.from({ length: 8 }, () => addProduct(user, productId, 1)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 409, 409, 409]);
    expect((await cartOf(user))[0]).toMatchObject({ quantity: 5 });
  });

  it('refuses more than the stock with a readable Spanish reason', async () => {
    const user = await t.createCustomer();
    const productId = await insertProduct(t.db, { name: 'Cubo sensorial', stock: 3 });
    const over = await addProduct(user, productId, 4);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ message: 'Solo quedan 3 unidades de «Cubo sensorial».' });

    await addProduct(user, productId, 2);
    const more = await addProduct(user, productId, 2);
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({ message: 'Solo quedan 3 unidades de «Cubo sensorial» y ya tienes 2 en tu carrito.' });
    expect((await cartOf(user))[0]).toMatchObject({ quantity: 2 });

    const single = await insertProduct(t.db, { name: 'Trompo', stock: 1 });
    const one = await addProduct(user, single, 2);
    expect(one.json()).toEqual({ message: 'Solo queda 1 unidad de «Trompo».' });
  });

  it('refuses an out-of-stock product or combo', async () => {
    const user = await t.createCustomer();
    const productId = await insertProduct(t.db, { stock: 0 });
    const comboId = await insertCombo(t.db, { stock: 0 });
    const product = await addProduct(user, productId, 1);
    expect(product.statusCode).toBe(409);
    expect(product.json()).toEqual({ message: 'El producto está agotado.' });
    const combo = await addCombo(user, comboId, 1);
    expect(combo.statusCode).toBe(409);
    expect(combo.json()).toEqual({ message: 'El combo está agotado.' });
    expect(await cartOf(user)).toEqual([]);
  });

  it('caps a line at 99 units even with plenty of stock', async () => {
    const user = await t.createCustomer();
    const productId = await insertProduct(t.db, { name: 'Canica', stock: 500 });
    expect((await addProduct(user, productId, 98)).statusCode).toBe(200);
    const over = await addProduct(user, productId, 2);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      message: 'Puedes llevar como máximo 99 unidades de «Canica» y ya tienes 98 en tu carrito.',
    });
    const inc = await call(user, 'PATCH', '/api/Cart/IncrementProduct', { UserId: user.id, Id: productId });
    expect(inc.json()).toMatchObject({ quantity: 99 });
    const stuck = await call(user, 'PATCH', '/api/Cart/IncrementProduct', { UserId: user.id, Id: productId });
    expect(stuck.statusCode).toBe(409);
    expect(stuck.json()).toEqual({ message: 'Puedes llevar como máximo 99 unidades de «Canica».' });
  });

  it.each([
    [0, 'La cantidad debe ser un número entero entre 1 y 99.'],
    [100, 'La cantidad debe ser un número entero entre 1 y 99.'],
    [-1, 'La cantidad debe ser un número entero entre 1 y 99.'],
    [1.5, 'La cantidad debe ser un número entero entre 1 y 99.'],
    ['3', 'La cantidad debe ser un número entero entre 1 y 99.'],
  ])('refuses Quantity %j with a 400', async (quantity, message) => {
    const productId = await insertProduct(t.db, { stock: 200 });
    const res = await addProduct(ana, productId, quantity);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('answers 404 for a product or combo that does not exist', async () => {
    const product = await addProduct(ana, 999999, 1);
    expect(product.statusCode).toBe(404);
    expect(product.json()).toEqual({ message: 'El producto no existe.' });
    const combo = await addCombo(ana, 999999, 1);
    expect(combo.statusCode).toBe(404);
    expect(combo.json()).toEqual({ message: 'El combo no existe.' });
  });

  it('refuses a missing or malformed id', async () => {
    const res = await call(ana, 'POST', '/api/Cart/AddProduct', { UserId: ana.id, Quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'El identificador debe ser un número entero positivo.' });
    const bad = await call(ana, 'GET', '/api/Cart/User/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'El identificador debe ser un número entero positivo.' });
  });

  it('increments up to the stock, then refuses; decrements stop at 1', async () => {
    const user = await t.createCustomer();
    const productId = await insertProduct(t.db, { name: 'Pelota', priceCents: 2550, stock: 2 });
    await addProduct(user, productId, 1);
    const up = await call(user, 'PATCH', '/api/Cart/IncrementProduct', { UserId: user.id, Id: productId });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ productId, quantity: 2, subtotal: 51 });
    const atStock = await call(user, 'PATCH', '/api/Cart/IncrementProduct', { UserId: user.id, Id: productId });
    expect(atStock.statusCode).toBe(409);
    expect(atStock.json()).toEqual({ message: 'Solo quedan 2 unidades de «Pelota».' });

    const down = await call(user, 'PATCH', '/api/Cart/DecrementProduct', { UserId: user.id, Id: productId });
    expect(down.json()).toMatchObject({ quantity: 1, subtotal: 25.5 });
    const atOne = await call(user, 'PATCH', '/api/Cart/DecrementProduct', { UserId: user.id, Id: productId });
    expect(atOne.statusCode).toBe(200);
    expect(atOne.json()).toMatchObject({ quantity: 1 });
  });

  it('increments and decrements combos by the combo id', async () => {
    const user = await t.createCustomer();
    const comboId = await insertCombo(t.db, { name: 'Combo arte', priceCents: 30000, stock: 2 });
    await addCombo(user, comboId, 1);
    expect(
      (await call(user, 'PATCH', '/api/Cart/IncrementCombo', { UserId: user.id, Id: comboId })).json(),
    ).toMatchObject({ comboId, quantity: 2, subtotal: 600 });
    const stuck = await call(user, 'PATCH', '/api/Cart/IncrementCombo', { UserId: user.id, Id: comboId });
    expect(stuck.statusCode).toBe(409);
    expect(stuck.json()).toEqual({ message: 'Solo quedan 2 unidades de «Combo arte».' });
    expect(
      (await call(user, 'PATCH', '/api/Cart/DecrementCombo', { UserId: user.id, Id: comboId })).json(),
    ).toMatchObject({ quantity: 1 });
  });

  it('answers 404 when stepping an item that is not in the cart', async () => {
    const productId = await insertProduct(t.db);
    const user = await t.createCustomer();
    const inc = await call(user, 'PATCH', '/api/Cart/IncrementProduct', { UserId: user.id, Id: productId });
    expect(inc.statusCode).toBe(404);
    expect(inc.json()).toEqual({ message: 'El producto no está en tu carrito.' });
    const dec = await call(user, 'PATCH', '/api/Cart/DecrementProduct', { UserId: user.id, Id: productId });
    expect(dec.statusCode).toBe(404);
  });

  it('removes products and combos with a JSON body on DELETE (and a second remove is harmless)', async () => {
    const user = await t.createCustomer();
    const productId = await insertProduct(t.db);
    const comboId = await insertCombo(t.db);
    await addProduct(user, productId, 1);
    await addCombo(user, comboId, 1);
    const removed = await call(user, 'DELETE', '/api/Cart/RemoveProduct', { UserId: user.id, ProductId: productId });
    expect(removed.statusCode).toBe(204);
    expect((await cartOf(user)).map((l) => l.type)).toEqual(['combo']);
    expect(
      (await call(user, 'DELETE', '/api/Cart/RemoveCombo', { UserId: user.id, ComboId: comboId })).statusCode,
    ).toBe(204);
    expect(await cartOf(user)).toEqual([]);
    expect(
      (await call(user, 'DELETE', '/api/Cart/RemoveCombo', { UserId: user.id, ComboId: comboId })).statusCode,
    ).toBe(204);
  });

  it('keeps each customer to their own cart: 403 for another user id, admins included', async () => {
    const productId = await insertProduct(t.db);
    await addProduct(beto, productId, 1);
    const attempts = [
      call(ana, 'GET', `/api/Cart/User/${beto.id}`),
      call(ana, 'POST', '/api/Cart/AddProduct', { UserId: beto.id, ProductId: productId, Quantity: 1 }),
      call(ana, 'POST', '/api/Cart/AddCombo', { UserId: beto.id, ComboId: 1, Quantity: 1 }),
      call(ana, 'DELETE', '/api/Cart/RemoveProduct', { UserId: beto.id, ProductId: productId }),
      call(ana, 'DELETE', '/api/Cart/RemoveCombo', { UserId: beto.id, ComboId: 1 }),
      call(ana, 'PATCH', '/api/Cart/IncrementProduct', { UserId: beto.id, Id: productId }),
      call(ana, 'PATCH', '/api/Cart/DecrementProduct', { UserId: beto.id, Id: productId }),
      call(ana, 'PATCH', '/api/Cart/IncrementCombo', { UserId: beto.id, Id: 1 }),
      call(ana, 'PATCH', '/api/Cart/DecrementCombo', { UserId: beto.id, Id: 1 }),
      call(admin, 'GET', `/api/Cart/User/${beto.id}`),
      call(admin, 'DELETE', '/api/Cart/RemoveProduct', { UserId: beto.id, ProductId: productId }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Solo puedes ver y modificar tu propio carrito.' });
    }
    expect((await cartOf(beto))[0]).toMatchObject({ productId, quantity: 1 });
  });

  it('answers 401 without a token or with a forged one, before looking at the body', async () => {
    const productId = await insertProduct(t.db);
    const calls = [
      call(null, 'GET', `/api/Cart/User/${ana.id}`),
      call(null, 'POST', '/api/Cart/AddProduct', { UserId: ana.id, ProductId: productId, Quantity: 1 }),
      call(null, 'POST', '/api/Cart/AddProduct', { Quantity: 0 }),
      call(null, 'PATCH', '/api/Cart/IncrementProduct', { UserId: ana.id, Id: productId }),
      call(null, 'DELETE', '/api/Cart/RemoveCombo', { UserId: ana.id, ComboId: 1 }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Debes iniciar sesión para continuar.' });
    }
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/Cart/User/${ana.id}`,
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('an administrator uses their own cart like anyone else', async () => {
    const productId = await insertProduct(t.db, { priceCents: 5000 });
    const res = await addProduct(admin, productId, 2);
    expect(res.statusCode).toBe(200);
    expect((await cartOf(admin)).map((l) => [l.productId, l.quantity, l.subtotal])).toEqual([[productId, 2, 100]]);
  });

  it('treats hostile JSON as a Spanish 400, never a 500', async () => {
    const res = await postJsonText(t, '/api/Cart/AddProduct', '{"UserId": 1, ', ana.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'El cuerpo de la solicitud no es JSON válido.' });
    const arr = await call(ana, 'POST', '/api/Cart/AddProduct', [1, 2, 3] as unknown as object);
    expect(arr.statusCode).toBe(400);
  });
});
