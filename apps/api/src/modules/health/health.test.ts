import { describe, expect, it } from 'vitest';
import { testDialects, useTestApp, postJsonText } from '../../test/test-app.js';

/** As they go over the wire. Pages, scripts and the API's docs: helmet's defaults with our CSP, written out once. */
const DOCUMENT_HEADER_LINES = `
content-security-policy: default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self' 'sha256-OFO/+YSr0wmX3ODSQv9E+WdQtyZ5LVATm8eraBok7EA=';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self';frame-src https://www.google.com https://maps.google.com https://www.openstreetmap.org
cross-origin-opener-policy: same-origin
cross-origin-resource-policy: same-origin
origin-agent-cluster: ?1
referrer-policy: no-referrer
strict-transport-security: max-age=31536000; includeSubDomains
x-content-type-options: nosniff
x-dns-prefetch-control: off
x-download-options: noopen
x-frame-options: SAMEORIGIN
x-permitted-cross-domain-policies: none
x-xss-protection: 0`;
/** The JSON API's answers: what protects an API response, and nothing of a page's. */
const API_HEADER_LINES = `
content-security-policy: default-src 'none';frame-ancestors 'none'
cross-origin-resource-policy: same-origin
referrer-policy: no-referrer
strict-transport-security: max-age=31536000; includeSubDomains
x-content-type-options: nosniff
x-frame-options: DENY`;
const headerValues = (lines: string) =>
  Object.fromEntries(
    lines
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
  );
/** Every security header either set has, as one answer carries it (undefined where it has none). */
const securityHeadersOf = (headers: Record<string, unknown>) => {
  const names = Object.keys(headerValues(DOCUMENT_HEADER_LINES));
  return Object.fromEntries(names.filter((name) => headers[name] !== undefined).map((name) => [name, headers[name]]));
};

describe.each(testDialects)('health and cross-cutting behaviour (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it('GET /api/health answers ok once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('matches paths case-insensitively', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/API/Health' });
    expect(res.statusCode).toBe(200);
  });

  it('answers an unknown API path with a Spanish 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'La ruta solicitada no existe.' });
  });

  it("sets an API answer's security headers on every JSON answer, a page's on pages and the API docs", async () => {
    for (const url of ['/api/health', '/API/Health', '/api/no-existe', '/api/Product/999999']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(securityHeadersOf(res.headers)).toEqual(headerValues(API_HEADER_LINES));
    }
    for (const url of ['/api/docs', '/api/docs/', '/API/Docs', '/robots.txt', '/tienda']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(securityHeadersOf(res.headers)).toEqual(headerValues(DOCUMENT_HEADER_LINES));
    }
  });

  it('refuses a NUL character anywhere in a JSON body with a Spanish 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Auth/login',
      payload: { email: 'a\u0000@b.hn', passwordHash: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'El texto contiene caracteres no válidos.' });
  });

  it('refuses the controls that reverse text anywhere in a JSON body, as it refuses NUL', async () => {
    const customer = await t.createCustomer();
    for (const control of ['\u202E', '\u202A', '\u2066', '\u2069']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Order/',
        headers: customer.auth,
        payload: { department: 'Cortés', city: 'San Pedro Sula', address: `Casa ${control}21`, phone: '99887766' },
      });
      expect([control, res.statusCode, res.json()]).toEqual([
        control,
        400,
        { message: 'El texto contiene caracteres no válidos.' },
      ]);
    }
  });

  it('answers malformed JSON with a Spanish 400', async () => {
    const res = await postJsonText(t, '/api/Auth/login', '{"email": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'El cuerpo de la solicitud no es JSON válido.' });
  });

  it('treats an empty body sent as JSON as no body (DELETE from clients that always send the header)', async () => {
    const admin = await t.createAdmin();
    const customer = await t.createCustomer();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/User/${customer.id}`,
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(204);
  });

  // Ids are 32-bit integer columns: on PostgreSQL a larger number used to reach the database and fail (500).
  it('answers an id beyond the id columns with a Spanish 400 in paths and bodies alike', async () => {
    const admin = await t.createAdmin();
    const big = 3_000_000_000;
    const calls = [
      { method: 'GET' as const, url: `/api/Order/${big}` },
      { method: 'GET' as const, url: `/api/Order/user/${big}` },
      { method: 'GET' as const, url: `/api/Cart/User/${big}` },
      { method: 'GET' as const, url: `/api/Product/${big}` },
      { method: 'GET' as const, url: `/api/User/${big}` },
      {
        method: 'POST' as const,
        url: '/api/Cart/AddProduct',
        payload: { UserId: admin.id, ProductId: big, Quantity: 1 },
      },
      {
        method: 'POST' as const,
        url: '/api/Order/',
        payload: {
          userId: admin.id,
          department: 'Cortés',
          city: 'San Pedro Sula',
          address: 'Col. Trejo',
          phone: '99887766',
          subtotal: 1,
          appliedDiscount: 0,
          deliveryFee: 80,
          total: 81,
          OrderProducts: [{ productId: big, quantity: 1, unitprice: 1, subtotal: 1, appliedDiscount: 0 }],
          OrderCombos: [],
        },
      },
    ];
    const statuses: Record<string, number> = {};
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: admin.auth });
      statuses[`${call.method} ${call.url}`] = res.statusCode;
    }
    expect(statuses).toEqual(Object.fromEntries(calls.map((c) => [`${c.method} ${c.url}`, 400])));
  });
});
