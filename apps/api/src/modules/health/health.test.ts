import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app.js';

describe.each(testDialects)('health and cross-cutting behaviour (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

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

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
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

  it('answers malformed JSON with a Spanish 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
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
});
