import { beforeAll, describe, expect, it } from 'vitest';
import { orderSearchText, type AdminStats, type OrderJson } from '@tienda/shared/orders';
import { insertProduct } from '../../test/catalog-fixtures.js';
import { createTestApp, testDialects, type TestUser, useTestApp } from '../../test/test-app.js';
import { lastShopDays, shopDay } from '@tienda/shared/shop-time';
import { adminStats, monthStartInHonduras } from './admin-stats.service.js';

describe('monthStartInHonduras (UTC−6 all year)', () => {
  it.each([
    ['2026-12-01T03:00:00.000Z', '2026-11-01T06:00:00.000Z'], // still 30 Nov, 21:00 in Honduras
    ['2026-12-01T06:00:00.000Z', '2026-12-01T06:00:00.000Z'], // midnight, 1 Dec in Honduras
    ['2027-01-01T05:59:59.999Z', '2026-12-01T06:00:00.000Z'],
    ['2027-03-15T12:00:00.000Z', '2027-03-01T06:00:00.000Z'],
  ])('at %s the month began at %s', (now, start) => {
    expect(monthStartInHonduras(new Date(now))).toBe(start);
  });
});

describe.each(testDialects)('admin stats API (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let admin: TestUser;
  let buyer: TestUser;

  beforeAll(async () => {
    admin = await t.createAdmin();
    buyer = await t.createCustomer();
  });

  const stats = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    return res.json() as AdminStats;
  };
  const order = async (lines: Array<[number, number]>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Order',
      headers: buyer.auth,
      payload: {
        department: 'Cortés',
        city: 'San Pedro Sula',
        address: 'Col. Moderna',
        phone: '99001122',
        OrderProducts: lines.map(([productId, quantity]) => ({ productId, quantity })),
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as OrderJson;
  };
  const setStatus = (orderId: number, action: string) =>
    t.app.inject({ method: 'PUT', url: `/api/Order/${orderId}/${action}`, headers: admin.auth });

  it('is all zeros on an empty shop, with 30 empty days for the chart', async () => {
    expect(await stats()).toEqual({
      pendingOrders: 0,
      paidNotDelivered: 0,
      salesThisMonth: 0,
      ordersThisMonth: 0,
      paidThisMonth: 0,
      salesByDay: lastShopDays(30).map((day) => ({ day, orders: 0, total: 0 })),
      lowStockThreshold: 3,
      bestSellers: [],
      lowStock: [],
    });
  });

  it('answers only administrators', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: buyer.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(401);
  });

  it("counts orders by status, this month's sales in Honduras time, the five best sellers and low stock", async () => {
    const p = [];
    for (const name of ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco', 'Seis']) {
      p.push(await insertProduct(t.db, { name, priceCents: 10000, stock: 20, imageKey: name.toLowerCase() }));
    }
    const [p1, p2, p3, p4, p5, p6] = p as [number, number, number, number, number, number];
    await insertProduct(t.db, { name: 'Zorro', stock: 3, imageKey: null });
    const abeja = await insertProduct(t.db, { name: 'Abeja', stock: 0, imageKey: 'abeja' });
    for (const family of [await t.createCustomer(), await t.createCustomer()]) {
      const asked = await t.app.inject({
        method: 'PUT',
        url: `/api/Product/${abeja}/stock-alert`,
        headers: family.auth,
      });
      expect(asked.statusCode).toBe(200);
    }
    await insertProduct(t.db, { name: 'Mono', stock: 1, imageKey: 'mono' });
    await insertProduct(t.db, { name: 'Koala', stock: 4 });
    await insertProduct(t.db, { name: 'Búho', stock: 3, imageKey: 'buho' });

    await order([
      [p1, 5],
      [p2, 1],
    ]); // L 680.00, stays pending
    const paid = await order([
      [p2, 3],
      [p3, 2],
    ]); // L 580.00
    await setStatus(paid.orderId, 'pay');
    const delivered = await order([[p4, 4]]); // L 480.00
    await setStatus(delivered.orderId, 'deliver');
    await order([
      [p5, 1],
      [p6, 1],
    ]); // L 280.00, pending
    const deleted = await order([[p6, 7]]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/Order/${deleted.orderId}`, headers: admin.auth })).statusCode,
    ).toBe(204);

    // A paid order from last month: counts as paid-not-delivered and its units as sold, not in this month's sales.
    const lastMonth = new Date(new Date(monthStartInHonduras()).getTime() - 24 * 60 * 60 * 1000).toISOString();
    const { id: oldId } = await t.db
      .insertInto('orders')
      .values({
        user_id: buyer.id,
        customer_name: 'Antiguo',
        customer_email: buyer.email,
        department: 'Cortés',
        city: 'San Pedro Sula',
        search_text: orderSearchText({ customerName: 'Antiguo', customerEmail: buyer.email, city: 'San Pedro Sula' }),
        address: 'Centro',
        phone: '99001122',
        subtotal_cents: 100000,
        applied_discount_cents: 0,
        delivery_fee_cents: 8000,
        total_cents: 108000,
        status: 1,
        created_at: lastMonth,
        updated_at: lastMonth,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('order_products')
      .values({
        order_id: oldId,
        product_id: p6,
        product_name: 'Seis',
        image_key: null,
        quantity: 10,
        unit_price_cents: 10000,
        subtotal_cents: 100000,
        applied_discount_cents: 0,
      })
      .execute();

    const today = lastShopDays(1)[0]!;
    expect(await stats()).toEqual({
      pendingOrders: 2,
      paidNotDelivered: 2,
      salesThisMonth: 2020,
      ordersThisMonth: 4,
      // Of those, the paid one (L 580.00) and the delivered one (L 480.00): the two pending are not money in yet.
      paidThisMonth: 1060,
      // Today's four orders, and last month's order on its day (when that day is still among the last 30).
      salesByDay: lastShopDays(30).map((day) =>
        day === today
          ? { day, orders: 4, total: 2020 }
          : day === shopDay(lastMonth)
            ? { day, orders: 1, total: 1080 }
            : { day, orders: 0, total: 0 },
      ),
      lowStockThreshold: 3,
      bestSellers: [
        { productId: p6, name: 'Seis', unitsSold: 11, imageUrl: '/uploads/seis.webp' },
        { productId: p1, name: 'Uno', unitsSold: 5, imageUrl: '/uploads/uno.webp' },
        // A tie: the newer product first, as the storefront's best sellers rank them.
        { productId: p4, name: 'Cuatro', unitsSold: 4, imageUrl: '/uploads/cuatro.webp' },
        { productId: p2, name: 'Dos', unitsSold: 4, imageUrl: '/uploads/dos.webp' },
        { productId: p3, name: 'Tres', unitsSold: 2, imageUrl: '/uploads/tres.webp' },
      ],
      lowStock: [
        // Two families wait for the sold-out one.
        { productId: expect.any(Number), name: 'Abeja', stock: 0, imageUrl: '/uploads/abeja.webp', waiting: 2 },
        { productId: expect.any(Number), name: 'Mono', stock: 1, imageUrl: '/uploads/mono.webp', waiting: 0 },
        { productId: expect.any(Number), name: 'Búho', stock: 3, imageUrl: '/uploads/buho.webp', waiting: 0 },
        { productId: expect.any(Number), name: 'Zorro', stock: 3, imageUrl: null, waiting: 0 },
      ],
    });
    // The storefront's best sellers count the same sales and rank them the same way.
    const featured = await t.app.inject({ method: 'GET', url: '/api/Product/featured' });
    expect((featured.json() as Array<{ productId: number }>).slice(0, 5).map((p) => p.productId)).toEqual([
      p6,
      p1,
      p4,
      p2,
      p3,
    ]);
  });

  it('keeps the low-stock threshold the owner sets, and refuses one out of range in Spanish', async () => {
    const put = (payload: unknown, headers = admin.auth) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload: payload as object });
    const saved = await put({ lowStockThreshold: 10 });
    expect({ status: saved.statusCode, body: saved.json() }).toEqual({ status: 200, body: { lowStockThreshold: 10 } });
    const after = await stats();
    expect(after.lowStockThreshold).toBe(10);
    expect(after.lowStock.every((item) => item.stock <= 10)).toBe(true);
    expect(after.lowStock.map((item) => item.name)).toContain('Koala'); // stock 4: listed from 10, not from 3
    const message = 'El límite de poco stock debe ser un número entero entre 0 y 1000.';
    for (const bad of [
      { lowStockThreshold: -1 },
      { lowStockThreshold: 2.5 },
      { lowStockThreshold: 1001 },
      {},
      { lowStockThreshold: '7' },
    ]) {
      const res = await put(bad);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { message } });
    }
    expect((await put({ lowStockThreshold: 1 }, buyer.auth)).statusCode).toBe(403);
    expect((await stats()).lowStockThreshold).toBe(10);
  });

  it('counts an evening order on its Honduras day, and leaves expired orders out of sales', async () => {
    const other = await createTestApp(dialect);
    try {
      const now = new Date('2026-11-23T18:00:00.000Z');
      const insert = async (createdAt: string, status: number, totalCents: number) =>
        other.db
          .insertInto('orders')
          .values({
            user_id: null,
            customer_name: 'Cliente',
            customer_email: 'cliente@correo.hn',
            department: 'Cortés',
            city: 'San Pedro Sula',
            search_text: orderSearchText({
              customerName: 'Cliente',
              customerEmail: 'cliente@correo.hn',
              city: 'San Pedro Sula',
            }),
            address: 'Centro',
            phone: '99001122',
            subtotal_cents: totalCents - 8000,
            applied_discount_cents: 0,
            delivery_fee_cents: 8000,
            total_cents: totalCents,
            status,
            created_at: createdAt,
            updated_at: createdAt,
          })
          .execute();
      await insert('2026-11-23T05:30:00.000Z', 0, 10000); // 23:30 on 22 Nov in Honduras
      await insert('2026-11-23T06:10:00.000Z', 1, 20000); // 00:10 on 23 Nov
      await insert('2026-11-23T07:00:00.000Z', 3, 99900); // expired: not a sale
      await insert('2026-10-25T06:00:00.000Z', 2, 30000); // 29 days back, the chart's first day
      await insert('2026-10-25T05:59:00.000Z', 2, 40000); // the day before: outside the chart
      const figures = await adminStats(other.db, now);
      const days = Object.fromEntries(figures.salesByDay.filter((d) => d.orders > 0).map((d) => [d.day, d]));
      expect([figures.salesByDay.length, figures.salesByDay[0]!.day, figures.salesByDay[29]!.day]).toEqual([
        30,
        '2026-10-25',
        '2026-11-23',
      ]);
      expect(days).toEqual({
        '2026-10-25': { day: '2026-10-25', orders: 1, total: 300 },
        '2026-11-22': { day: '2026-11-22', orders: 1, total: 100 },
        '2026-11-23': { day: '2026-11-23', orders: 1, total: 200 },
      });
      // This month: the pending order of 22 Nov and the paid one of 23 Nov.
      expect([figures.salesThisMonth, figures.ordersThisMonth, figures.paidThisMonth]).toEqual([300, 2, 200]);
    } finally {
      await other.close();
    }
  });
});
