import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertCombo, insertProduct } from './test/catalog-fixtures.js';
import { orderOneProduct } from './test/order-fixtures.js';
import { testDialects, type TestUser, useTestApp } from './test/test-app.js';

// Every route the API documents, sent what a stranger or a broken client sends: ids that are not ids, bodies that
// are not the route's, each documented field in turn of the wrong type or size while the others are plausible (so
// the request gets past them, to the checks and writes behind), no token, a forged one. Whatever the route, the
// answer is a client error with a {message} (or a success the input allowed), never a 5xx but a busy database's 503
// that says when to try again: the server checks every input itself. Routes added later are covered without touching
// this file, since the list comes from the OpenAPI document (plugins/api-docs.ts). Each module's own tests state the
// exact message of each refusal.

interface DocumentedRoute {
  method: string;
  path: string;
  /** The JSON body's documented fields, or null for a route without a JSON body. */
  jsonFields: Record<string, JsonSchema> | null;
}

const BAD_IDS = ['abc', '-1', '0', '1.5', '1e3', '2147483648', '99999999999999999999', "1'%20or%20'1'='1", '%00'];
const BAD_QUERY = '?page=-1&pageSize=1e9&status=zz&from=no-es-fecha&to=2026-13-45&q=%00&sort=__proto__';
const BAD_BODIES = [
  'null',
  '[]',
  '"texto"',
  '123',
  '{}',
  '{"sin cerrar": ',
  '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"role": "ADMIN"}}}',
  `{"a": ${'['.repeat(2000)}${']'.repeat(2000)}}`,
];
const BAD_VALUES: unknown[] = [null, -1, 1.5, 1e308, '', '\u0000', 'x'.repeat(20_000), [], {}, '99999999999999999999'];

type JsonSchema = {
  type?: string | string[];
  format?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
};

/** A plausible value of a documented field, so that a body with one hostile field gets past the others' checks. */
function plausible(name: string, schema: JsonSchema): unknown {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return schema.items ? [plausible(name, schema.items)] : [];
  if (type === 'object') return plausibleBody(schema.properties ?? {});
  if (schema.format === 'email' || /email|correo/i.test(name)) return 'ana.lopez@example.com';
  if (/phone|telefono/i.test(name)) return '99887766';
  return 'abc123';
}

function plausibleBody(properties: Record<string, JsonSchema>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, plausible(name, schema)]));
}

/** The plausible body, then one body per field and hostile value, the other fields left plausible. */
function fieldBodies(properties: Record<string, JsonSchema>): string[] {
  const base = plausibleBody(properties);
  return [
    JSON.stringify(base),
    ...Object.keys(properties).flatMap((field) =>
      BAD_VALUES.map((value) => JSON.stringify({ ...base, [field]: value })),
    ),
  ];
}

describe.each(testDialects)('hostile requests on every documented route (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let routes: DocumentedRoute[];

  beforeAll(async () => {
    // Rows with id 1 (the id the bodies are sent to): a product, a combo, and a pending order of another family, so
    // the administrator's requests reach the checks behind the lookup and the customer's meet someone else's rows.
    const productId = await insertProduct(t.db, { name: 'Pelota sensorial', stock: 5 });
    await insertCombo(t.db, { name: 'Combo sensorial', productIds: [productId] });
    const buyer = await t.createCustomer();
    expect([productId, buyer.id, (await orderOneProduct(t, buyer, productId)).statusCode]).toEqual([1, 1, 201]);
    const document = t.app.swagger() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema?: JsonSchema }> } }>>;
    };
    routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => {
        const schema = operation.requestBody?.content['application/json']?.schema;
        return {
          method: method.toUpperCase(),
          path,
          jsonFields: schema ? (schema.properties ?? {}) : null,
        };
      }),
    );
  });

  it('reads the routes from the OpenAPI document', () => {
    // A floor, not the exact count: the point is that the sweep below is not run over an empty list.
    expect(routes.length).toBeGreaterThanOrEqual(70);
    expect(routes).toContainEqual({
      method: 'POST',
      path: '/api/Order',
      jsonFields: expect.objectContaining({ OrderProducts: expect.anything() as unknown }) as unknown,
    });
  });

  it('answers each with a client error or a success, never a server error, and every refusal with {message}', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      // Fresh accounts per route: a route that revokes sessions (logout-all, a password change) leaves the next
      // route's requests a real token to be judged with.
      const customer = await t.createCustomer();
      const admin = await t.createAdmin();
      const forged: TestUser = { ...admin, auth: { authorization: `${admin.auth.authorization.slice(0, -4)}AAAA` } };
      const withBody = route.method !== 'GET' && route.method !== 'HEAD';
      const bodies: (string | undefined)[] = !withBody
        ? [undefined]
        : [...BAD_BODIES, ...(route.jsonFields ? fieldBodies(route.jsonFields) : [])];
      const hasParams = route.path.includes('{');
      const urls = hasParams
        ? BAD_IDS.map((id) => route.path.replace(/\{[^}]+\}/g, id))
        : [route.path, `${route.path}${BAD_QUERY}`];
      const realUrl = route.path.replace(/\{[^}]+\}/g, '1');

      const send = async (who: string, user: TestUser | null, url: string, body: string | undefined, type: string) => {
        const res = await t.app.inject({
          method: route.method as InjectOptions['method'],
          url,
          headers: {
            ...(user ? user.auth : {}),
            ...(body === undefined ? {} : { 'content-type': type }),
          },
          ...(body === undefined ? {} : { payload: body }),
        });
        const what = `${route.method} ${url.slice(0, 60)} (${who}, ${type}, ${String(body).slice(0, 40)})`;
        // The one server answer allowed: a busy database's 503, which says when to try again (error-handler.ts).
        const busy = res.statusCode === 503 && res.headers['retry-after'] !== undefined;
        if (res.statusCode >= 500 && !busy) {
          failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        } else if (res.statusCode >= 400) {
          let message: unknown;
          try {
            message = (JSON.parse(res.body) as { message?: unknown } | null)?.message;
          } catch {
            // not JSON: reported below
          }
          if (typeof message !== 'string' || message.length === 0) {
            failures.push(`${what}: ${res.statusCode} sin message: ${res.body.slice(0, 200)}`);
          }
        }
      };

      for (const [who, user] of [
        ['sin sesión', null],
        ['token falsificado', forged],
      ] as const) {
        await send(who, user, urls[0]!, bodies[0], 'application/json');
      }
      for (const [who, user] of [
        ['cliente', customer],
        ['admin', admin],
      ] as const) {
        for (const url of urls) await send(who, user, url, withBody ? '{}' : undefined, 'application/json');
        for (const body of bodies) await send(who, user, realUrl, body, 'application/json');
        if (withBody && route.jsonFields === null) {
          // Routes without a JSON body (the product and combo forms, pictures, receipts, and those that take no body)
          // sent what is not a form.
          await send(who, user, realUrl, 'no es un formulario', 'multipart/form-data; boundary=limite');
          await send(
            who,
            user,
            realUrl,
            '--limite\r\nContent-Disposition: form-data; name="image"\r\n\r\n',
            'multipart/form-data; boundary=limite',
          );
          await send(who, user, realUrl, 'texto', 'text/plain');
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('is still healthy afterwards', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });
});
