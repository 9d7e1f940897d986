import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { comboStock, insertCombo, insertProduct, productStock } from '../../test/catalog-fixtures.js';
import { testDialects, type TestUser, useTestApp } from '../../test/test-app.js';
import { untilALockIsAwaited } from '../../test/postgres-locks.js';

// Concurrent buyers never oversell, on SQLite and on PostgreSQL. Real HTTP on a real port, so
// the requests overlap the way a shop's do (PostgreSQL runs them on up to ten pooled connections).
const delivery = {
  department: 'Cortés',
  city: 'San Pedro Sula',
  address: 'Col. Jardines del Valle',
  phone: '98765432',
};
const ROUNDS = 5;
const BUYERS = 25;

describe.each(testDialects)('simultaneous orders (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let baseUrl: string;
  let buyers: TestUser[];

  beforeAll(async () => {
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    buyers = [];
    for (let i = 0; i < BUYERS; i += 1) buyers.push(await t.createCustomer());
  });

  const order = async (buyer: TestUser, lines: { OrderProducts?: object[]; OrderCombos?: object[] }) => {
    const res = await fetch(`${baseUrl}/api/Order/`, {
      method: 'POST',
      headers: { ...buyer.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: buyer.id, ...delivery, ...lines }),
    });
    return { status: res.status, body: (await res.json()) as { message?: string } };
  };
  const countOrders = async (productId: number) =>
    Number(
      (
        await t.db
          .selectFrom('order_products')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('product_id', '=', productId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  for (let round = 1; round <= ROUNDS; round += 1) {
    it(`round ${round}: ${BUYERS} buyers, 5 units — exactly 5 orders, stock 0, no 5xx`, async () => {
      const productId = await insertProduct(t.db, { name: `Rompecabezas ${round}`, priceCents: 25000, stock: 5 });
      const replies = await Promise.all(
        buyers.map((buyer) => order(buyer, { OrderProducts: [{ productId, quantity: 1 }] })),
      );
      const statuses = replies.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(statuses.filter((s) => s === 409)).toHaveLength(BUYERS - 5);
      for (const reply of replies.filter((r) => r.status === 409)) {
        expect(reply.body.message).toBe(`«Rompecabezas ${round}» está agotado.`);
      }
      expect(await productStock(t.db, productId)).toBe(0);
      expect(await countOrders(productId)).toBe(5);
    });
  }

  it('buyers naming the same two items in opposite orders neither deadlock nor oversell', async () => {
    const a = await insertProduct(t.db, { stock: 10 });
    const b = await insertProduct(t.db, { stock: 10 });
    const comboId = await insertCombo(t.db, { stock: 10 });
    const replies = await Promise.all(
      buyers.map((buyer, i) =>
        order(buyer, {
          OrderProducts:
            i % 2 === 0
              ? [
                  { productId: a, quantity: 1 },
                  { productId: b, quantity: 1 },
                ]
              : [
                  { productId: b, quantity: 1 },
                  { productId: a, quantity: 1 },
                ],
          OrderCombos: [{ comboId, quantity: 1 }],
        }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(BUYERS - 10);
    expect([await productStock(t.db, a), await productStock(t.db, b), await comboStock(t.db, comboId)]).toEqual([
      0, 0, 0,
    ]);
  });

  it('buyers asking for several units each take exactly what is there', async () => {
    // 12 units, 25 buyers asking for 3 each: 4 orders fit, and the stock ends at 0.
    const productId = await insertProduct(t.db, { stock: 12 });
    const replies = await Promise.all(
      buyers.map((buyer) => order(buyer, { OrderProducts: [{ productId, quantity: 3 }] })),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(4);
    expect(replies.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(await productStock(t.db, productId)).toBe(0);
  });

  it('orders placed together each get their own answer: a refused one writes nothing, the rest are placed', async () => {
    // Simultaneous orders go to the database together (docs/decisions/0032-orders-placed-together.md).
    const productId = await insertProduct(t.db, { name: 'Tambor sensorial', stock: 2 });
    const gone = await insertProduct(t.db, { stock: 5 });
    await t.db.deleteFrom('products').where('id', '=', gone).execute();
    // New accounts: the buyers above already hold the most pending orders one account may.
    const [a, b, c, d] = [
      await t.createCustomer(),
      await t.createCustomer(),
      await t.createCustomer(),
      await t.createCustomer(),
    ];
    for (const buyer of [a!, b!, c!, d!]) {
      const added = await fetch(`${baseUrl}/api/Cart/AddProduct`, {
        method: 'POST',
        headers: { ...buyer.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ UserId: buyer.id, ProductId: productId, Quantity: 1 }),
      });
      expect(added.status).toBe(200);
    }
    const replies = await Promise.all([
      order(a!, { OrderProducts: [{ productId, quantity: 1 }] }),
      order(b!, { OrderProducts: [{ productId: gone, quantity: 1 }] }),
      order(c!, { OrderProducts: [{ productId, quantity: 1 }] }),
      order(d!, { OrderProducts: [{ productId, quantity: 1 }] }),
    ]);
    const answers = replies.map((r) => (r.status === 201 ? 201 : `${r.status} ${r.body.message}`));
    expect(answers[1]).toBe(`404 El producto con ID ${gone} ya no está disponible.`);
    // Two units for three buyers: exactly one of them is told it is sold out, whichever came last.
    expect([answers[0], answers[2], answers[3]].sort()).toEqual([201, 201, '409 «Tambor sensorial» está agotado.']);
    expect(await productStock(t.db, productId)).toBe(0);
    const cartOwners = await t.db
      .selectFrom('cart_items')
      .select('user_id')
      .where('user_id', 'in', [a!.id, b!.id, c!.id, d!.id])
      .orderBy('user_id')
      .execute();
    const refused = [a!, c!, d!].filter((_, i) => answers[[0, 2, 3][i]!] !== 201);
    expect(cartOwners.map((row) => row.user_id)).toEqual([b!.id, refused[0]!.id].sort((x, y) => x - y));
  });
  // Adding a new cart line makes PostgreSQL's foreign keys take KEY SHARE on the product, then on the account. An
  // order locks the account, then the product: if either lock shut out KEY SHARE, the two would deadlock and one of
  // them would answer 503. Held open here, in the order that made it happen under load.
  it.runIf(dialect === 'postgres')(
    'an order and an add to cart of the same account and product never deadlock',
    async () => {
      const buyer = await t.createCustomer();
      const productId = await insertProduct(t.db, { name: 'Xilófono de colores', stock: 3 });
      const placing = await t.db.transaction().execute(async (tx) => {
        await sql`select 1 from products where id = ${productId} for key share`.execute(tx);
        const reply = order(buyer, { OrderProducts: [{ productId, quantity: 1 }] });
        let answered = false;
        void reply.then(() => (answered = true));
        // Until the order has answered, or waits on a lock (it holds the account's by then).
        await untilALockIsAwaited(t.db, () => answered);
        await sql`select 1 from users where id = ${buyer.id} for key share`.execute(tx);
        return reply;
      });
      expect(placing.status).toBe(201);
      expect(await productStock(t.db, productId)).toBe(2);
    },
  );
});
