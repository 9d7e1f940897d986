import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG } from '@tienda/shared/catalog';
import { ORDER_MESSAGES, type AdminOrderPage, type OrderJson } from '@tienda/shared/orders';
import { ordersCsv } from '@tienda/shared/orders-csv';
import { fillSearchText } from '../../db/migrations/2026-11-26T1800-admin-search-text.js';
import { insertProduct } from '../../test/catalog-fixtures.js';
import { orderOneProduct } from '../../test/order-fixtures.js';
import { createTestApp, testDialects, type TestApp, type TestUser } from '../../test/test-app.js';
import { insertOrder } from './orders.repository.js';

// GET /api/Order/admin-list and GET /api/Order/csv: the orders admin searched, filtered and paged by the server, and
// its spreadsheet made there (docs/decisions/0035-admin-lists-paged-by-the-server.md). spec §9: the admin search is
// a case-insensitive substring; spec §4: a status other than 0, 1, 3 and 4 reads as Entregado.
describe.each(testDialects)('orders admin list (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  const ids: Record<string, number> = {};

  // Oldest first, so newest first is the reverse of this list. Honduras is UTC−6: 06:00Z is its midnight.
  const rows = [
    {
      key: 'ana',
      name: 'Ana Núñez',
      email: 'ana@correo.hn',
      city: 'San Pedro Sula',
      status: 0,
      at: '2026-11-19T05:59:59.000Z',
    },
    {
      key: 'beto',
      name: 'Beto Ávila',
      email: 'beto_100%@correo.hn',
      city: 'Tegucigalpa',
      status: 1,
      at: '2026-11-19T06:00:00.000Z',
    },
    {
      key: 'carla',
      name: 'Carla Ríos',
      email: 'carla@correo.hn',
      city: 'La Ceiba',
      status: 2,
      at: '2026-11-20T05:30:00.000Z',
    },
    {
      key: 'dora',
      name: 'Dora Paz',
      email: 'dora@correo.hn',
      city: 'Choluteca',
      status: 3,
      at: '2026-11-20T06:00:00.000Z',
    },
    // A status no screen sets: spec §4 reads it as Entregado.
    {
      key: 'elsa',
      name: 'Elsa Cruz',
      email: 'elsa@correo.hn',
      city: 'Comayagua',
      status: 7,
      at: '2026-11-21T15:00:00.000Z',
    },
  ];
  const newestFirst = ['elsa', 'dora', 'carla', 'beto', 'ana'];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.createAdmin();
    customer = await t.createCustomer();
    for (const [i, row] of rows.entries()) {
      const at = row.at;
      const orderId = await insertOrder(
        t.db,
        {
          user_id: null,
          customer_name: row.name,
          customer_email: row.email,
          department: 'Cortés',
          city: row.city,
          address: 'Centro, casa 1',
          phone: `9988776${i}`,
          subtotal_cents: 10_000 * (i + 1),
          applied_discount_cents: 0,
          delivery_fee_cents: 8_000,
          total_cents: 10_000 * (i + 1) + 8_000,
          status: row.status,
          payment_method: 'contra_entrega',
          created_at: at,
          updated_at: at,
        },
        [
          {
            product_id: null,
            product_name: `Juguete de ${row.name}`,
            image_key: null,
            quantity: 1,
            unit_price_cents: 10_000 * (i + 1),
            subtotal_cents: 10_000 * (i + 1),
            applied_discount_cents: 0,
          },
        ],
        [],
      );
      ids[row.key] = orderId;
    }
  });
  afterAll(() => t.close());

  const get = (url: string, user: TestUser | null = admin) =>
    t.app.inject({ method: 'GET', url, headers: user ? user.auth : {} });
  const list = async (query: string) => {
    const res = await get(`/api/Order/admin-list${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminOrderPage;
  };
  const keysOf = (page: AdminOrderPage) =>
    page.items.map((o) => Object.entries(ids).find(([, id]) => id === o.orderId)?.[0] ?? `#${o.orderId}`);
  const find = async (query: string) => keysOf(await list(query));

  it('answers whole orders, newest first, 30 to a page unless told, with the total for the pager', async () => {
    const all = await list('');
    expect(keysOf(all)).toEqual(newestFirst);
    expect(all).toMatchObject({ total: 5, page: 1, pageSize: 30 });
    // Each order as GET /api/Order/{id} answers it.
    const carla = await get(`/api/Order/${ids.carla}`);
    expect(all.items[2]).toEqual(carla.json());
    const second = await list('?page=2&pageSize=2');
    expect(keysOf(second)).toEqual(['carla', 'beto']);
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(await list('?page=4&pageSize=2')).toEqual({ items: [], total: 5, page: 4, pageSize: 2 });
  });

  it('finds the number (with or without #), the name, the e-mail or the city, without regard to case or accents', async () => {
    expect(await find(`?q=${ids.carla}`)).toEqual(['carla']);
    expect(await find(`?q=${encodeURIComponent(`#${ids.carla}`)}`)).toEqual(['carla']);
    expect(await find('?q=NUNEZ')).toEqual(['ana']);
    expect(await find(`?q=${encodeURIComponent('ávila')}`)).toEqual(['beto']);
    expect(await find('?q=ceiba')).toEqual(['carla']);
    expect(await find('?q=elsa%40correo')).toEqual(['elsa']);
    // A substring inside a word; '%' and '_' are plain text, not wildcards.
    expect(await find('?q=olute')).toEqual(['dora']);
    expect(await find('?q=100%25')).toEqual(['beto']);
    expect(await find('?q=_')).toEqual(['beto']);
    expect(await find('?q=correo.hn')).toEqual(newestFirst);
    // A term never spans two fields.
    expect(await find(`?q=${encodeURIComponent('cruz elsa')}`)).toEqual([]);
    expect(await find('?q=zzz')).toEqual([]);
    expect((await list('?q=zzz')).total).toBe(0);
  });

  it('finds the phone as the owner reads it on WhatsApp, from 6 digits (shorter numbers are order numbers)', async () => {
    for (const written of ['99887762', '9988-7762', '9988 7762', '+504 9988-7762', '(504) 99887762']) {
      expect(await find(`?q=${encodeURIComponent(written)}`), written).toEqual(['carla']);
    }
    expect(await find('?q=998877')).toEqual(newestFirst);
    expect(await find('?q=87762')).toEqual([]);
    expect(await find('?q=9988-7769')).toEqual([]);
  });

  it('keeps the orders that read as the status asked: 2 is every status other than 0, 1, 3 and 4', async () => {
    expect(await find('?status=0')).toEqual(['ana']);
    expect(await find('?status=1')).toEqual(['beto']);
    expect(await find('?status=2')).toEqual(['elsa', 'carla']);
    expect(await find('?status=3')).toEqual(['dora']);
    // What the admin home's 'Ventas del mes' counts: every order but the expired ones.
    expect(await find('?status=ventas')).toEqual(['elsa', 'carla', 'beto', 'ana']);
    expect(await find('?status=')).toEqual(newestFirst);
    // Both filters at once.
    expect(await find('?status=2&q=ceiba')).toEqual(['carla']);
    expect(await find('?status=0&q=ceiba')).toEqual([]);
  });

  it('keeps the orders placed on the Honduras days asked, both ends included', async () => {
    expect(await find('?from=2026-11-19&to=2026-11-19')).toEqual(['carla', 'beto']);
    expect(await find('?from=2026-11-20')).toEqual(['elsa', 'dora']);
    expect(await find('?to=2026-11-18')).toEqual(['ana']);
    expect(await find('?from=2026-11-19&to=2026-11-20&status=2')).toEqual(['carla']);
    expect(await find('?from=&to=')).toEqual(newestFirst);
    expect((await list('?from=2026-11-22')).total).toBe(0);
  });

  it("keeps one account's orders", async () => {
    const buyer = await t.createCustomer({ name: 'Fer Lagos' });
    const productId = await insertProduct(t.db, { name: 'Trompo', priceCents: 5_000, stock: 5, imageKey: null });
    const placed = await orderOneProduct(t, buyer, productId);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as OrderJson;
    expect(keysOf(await list(`?customer=${buyer.id}`))).toEqual([`#${order.orderId}`]);
    expect(await find(`?customer=${buyer.id}&status=1`)).toEqual([]);
    expect(await find(`?customer=${admin.id}`)).toEqual([]);
    const csv = await get(`/api/Order/csv?customer=${buyer.id}`);
    expect(csv.body).toBe(ordersCsv([order]));
    await t.app.inject({ method: 'DELETE', url: `/api/Order/${order.orderId}`, headers: admin.auth });
  });

  it('finds an order placed through the shop, and one written before its search text existed', async () => {
    const productId = await insertProduct(t.db, { name: 'Pelota', priceCents: 10_000, stock: 5, imageKey: null });
    const placed = await orderOneProduct(t, customer, productId);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as OrderJson;
    expect(keysOf(await list(`?q=${encodeURIComponent(customer.email)}`))).toEqual([`#${order.orderId}`]);

    // The migration's backfill: an order whose search text is empty gets it from its own columns.
    await t.db.updateTable('orders').set({ search_text: '' }).where('id', '=', ids.dora!).execute();
    expect(await find('?q=choluteca')).toEqual([]);
    await fillSearchText(t.db, 'orders');
    expect(await find('?q=choluteca')).toEqual(['dora']);
    await t.app.inject({ method: 'DELETE', url: `/api/Order/${order.orderId}`, headers: admin.auth });
  });

  it('is for administrators only', async () => {
    expect((await get('/api/Order/admin-list', null)).statusCode).toBe(401);
    expect((await get('/api/Order/admin-list', customer)).statusCode).toBe(403);
    expect((await get('/api/Order/csv', null)).statusCode).toBe(401);
    expect((await get('/api/Order/csv', customer)).statusCode).toBe(403);
  });

  it('refuses a bad page, page size, status or term with a Spanish message', async () => {
    const cases: Array<[string, string]> = [
      ['?page=0', CATALOG.searchPageInvalid],
      ['?page=abc', CATALOG.searchPageInvalid],
      ['?pageSize=61', CATALOG.searchPageSizeInvalid],
      ['?status=5', ORDER_MESSAGES.statusFilterInvalid],
      ['?status=-1', ORDER_MESSAGES.statusFilterInvalid],
      ['?status=1.5', ORDER_MESSAGES.statusFilterInvalid],
      ['?status=pagado', ORDER_MESSAGES.statusFilterInvalid],
      ['?status=Ventas', ORDER_MESSAGES.statusFilterInvalid],
      [`?q=${'x'.repeat(101)}`, CATALOG.searchTermTooLong],
      ['?q=x%00', CATALOG.invalidText],
      ['?from=2026-02-30', ORDER_MESSAGES.dateFilterInvalid],
      ['?to=20261119', ORDER_MESSAGES.dateFilterInvalid],
      ['?from=ayer', ORDER_MESSAGES.dateFilterInvalid],
      // Years no order has, at the edge of what the databases can write (a 500 on PostgreSQL before).
      ['?to=9999-12-31', ORDER_MESSAGES.dateFilterInvalid],
      ['?from=0000-01-01', ORDER_MESSAGES.dateFilterInvalid],
      ['?to=3000-01-01', ORDER_MESSAGES.dateFilterInvalid],
      ['?from=1899-12-31', ORDER_MESSAGES.dateFilterInvalid],
      ['?from=2026-11-20&to=2026-11-19', ORDER_MESSAGES.dateRangeInvalid],
      ['?customer=0', ORDER_MESSAGES.customerFilterInvalid],
      ['?customer=abc', ORDER_MESSAGES.customerFilterInvalid],
      ['?customer=99999999999', ORDER_MESSAGES.customerFilterInvalid],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/Order/admin-list${query}`);
      expect([query, res.statusCode, res.json()]).toEqual([query, 400, { message }]);
    }
    const csv = await get('/api/Order/csv?status=9');
    expect([csv.statusCode, csv.json()]).toEqual([400, { message: ORDER_MESSAGES.statusFilterInvalid }]);
    const farOff = await get('/api/Order/csv?to=9999-12-31');
    expect([farOff.statusCode, farOff.headers['content-disposition'], farOff.json()]).toEqual([
      400,
      undefined,
      { message: ORDER_MESSAGES.dateFilterInvalid },
    ]);
    const range = await get('/api/Order/csv?from=2026-11-20&to=2026-11-19');
    expect([range.statusCode, range.json()]).toEqual([400, { message: ORDER_MESSAGES.dateRangeInvalid }]);
  });

  it('exports what the filter finds as the spreadsheet, every page of it, named after the Honduras day', async () => {
    const res = await get('/api/Order/csv?status=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="pedidos-\d{4}-\d{2}-\d{2}\.csv"$/);
    const all = await list('?status=2');
    expect(res.body).toBe(ordersCsv(all.items));
    expect(res.body.split('\r\n')).toHaveLength(4); // head, two orders, and the last line's end
    const everything = await get('/api/Order/csv');
    expect(everything.body).toBe(ordersCsv((await list('')).items));
    const days = await get('/api/Order/csv?from=2026-11-19&to=2026-11-19');
    expect(days.body).toBe(ordersCsv((await list('?from=2026-11-19&to=2026-11-19')).items));
    expect(days.body.split('\r\n')).toHaveLength(4);
    // Nothing found: the head alone.
    expect((await get('/api/Order/csv?q=zzz')).body).toBe(ordersCsv([]));
  });
});
