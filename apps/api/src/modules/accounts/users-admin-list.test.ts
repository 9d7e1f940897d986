import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserPage, User } from '@tienda/shared/accounts';
import { CATALOG } from '@tienda/shared/catalog';
import { fillSearchText } from '../../db/migrations/2026-11-26T1800-admin-search-text.js';
import { createTestApp, testDialects, type TestApp, type TestUser } from '../../test/test-app.js';

// GET /api/User/admin-list: the users admin searched and paged by the server
// (docs/decisions/0035-admin-lists-paged-by-the-server.md). spec §9: id (as shown, 00007, or as typed), name, e-mail
// and username, case-insensitive substring.
describe.each(testDialects)('users admin list (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  const users: Record<string, TestUser> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.createAdmin({ name: 'Dueña', email: 'duena@jugarycrecer.hn', username: 'duena' });
    users.jose = await t.createCustomer({ name: 'José Núñez', email: 'jose@correo.hn', username: 'PepeN' });
    users.ana = await t.createCustomer({ name: 'Ana Paz', email: 'ana_100%@correo.hn', username: 'anapaz' });
    users.luis = await t.createCustomer({ name: 'Luis Ríos', email: 'luis@banco.hn', username: 'lrios' });
  });
  afterAll(() => t.close());

  const get = (url: string, user: TestUser | null = admin) =>
    t.app.inject({ method: 'GET', url, headers: user ? user.auth : {} });
  const list = async (query: string) => {
    const res = await get(`/api/User/admin-list${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminUserPage;
  };
  const find = async (query: string) =>
    (await list(query)).items.map(
      (u) => Object.entries(users).find(([, user]) => user.id === u.userId)?.[0] ?? u.username,
    );

  it('answers whole users by id, as GET /api/User lists them, 30 to a page unless told', async () => {
    const whole = (await get('/api/User')).json() as User[];
    const page = await list('');
    expect(page).toEqual({ items: whole, total: 4, page: 1, pageSize: 30 });
    expect(await list('?page=2&pageSize=3')).toEqual({ items: [whole[3]], total: 4, page: 2, pageSize: 3 });
    expect(page.items[0]!.roles).toEqual([{ roleName: 'ADMIN' }]);
    expect(page.items[1]!.roles).toEqual([{ roleName: 'CUSTOMER' }]);
  });

  it('finds the id as shown or as typed, the name, the e-mail or the username, without regard to case or accents', async () => {
    const jose = users.jose!;
    expect(await find(`?q=${String(jose.id).padStart(5, '0')}`)).toEqual(['jose']);
    expect(await find(`?q=${encodeURIComponent(`0${jose.id}`)}`)).toEqual(['jose']);
    expect(await find('?q=NUNEZ')).toEqual(['jose']);
    expect(await find(`?q=${encodeURIComponent('josé')}`)).toEqual(['jose']);
    expect(await find('?q=pepen')).toEqual(['jose']);
    expect(await find('?q=banco.hn')).toEqual(['luis']);
    expect(await find('?q=100%25')).toEqual(['ana']);
    expect(await find('?q=_')).toEqual(['ana']);
    expect(await find('?q=correo.hn')).toEqual(['jose', 'ana']);
    // A term never spans two fields.
    expect(await find(`?q=${encodeURIComponent('rios lrios')}`)).toEqual([]);
    expect(await list('?q=zzz')).toEqual({ items: [], total: 0, page: 1, pageSize: 30 });
  });

  it('finds a user by the name, e-mail and username saved last, and one written before the search text existed', async () => {
    const luis = users.luis!;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/User/${luis.id}`,
      headers: admin.auth,
      payload: { name: 'Luis Ñángara', email: 'luis@correo.hn', username: 'luisn' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await find('?q=nangara')).toEqual(['luis']);
    expect(await find('?q=rios')).toEqual([]);
    expect(await find('?q=correo.hn')).toEqual(['jose', 'ana', 'luis']);

    // The migration's backfill: a row whose search text is empty gets it from its own columns.
    await t.db.updateTable('users').set({ search_text: '' }).where('id', '=', luis.id).execute();
    expect(await find('?q=nangara')).toEqual([]);
    await fillSearchText(t.db, 'users');
    expect(await find('?q=nangara')).toEqual(['luis']);
  });

  it('is for administrators only, and refuses a bad page, page size or term with a Spanish message', async () => {
    expect((await get('/api/User/admin-list', null)).statusCode).toBe(401);
    expect((await get('/api/User/admin-list', users.ana)).statusCode).toBe(403);
    const cases: Array<[string, string]> = [
      ['?page=0', CATALOG.searchPageInvalid],
      ['?pageSize=61', CATALOG.searchPageSizeInvalid],
      ['?page=dos', CATALOG.searchPageInvalid],
      [`?q=${'x'.repeat(101)}`, CATALOG.searchTermTooLong],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/User/admin-list${query}`);
      expect([query, res.statusCode, res.json()]).toEqual([query, 400, { message }]);
    }
  });
});
