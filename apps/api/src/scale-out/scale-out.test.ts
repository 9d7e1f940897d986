import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_CUSTOMER } from '@tienda/shared/constants';
import { REPLIES } from '../replies.js';
import { createDatabase, type DatabaseHandle } from '../db/database.js';
import { nowIso } from '../db/timestamps.js';
import { signToken } from '../lib/tokens.js';
import { insertUser } from '../modules/accounts/users.repository.js';
import { insertProduct, productStock } from '../test/catalog-fixtures.js';
import { startSmtpCatcher, type SmtpCatcher } from '../test/smtp-catcher.js';
import { freePort } from '../test/free-port.js';
import { descendants, stillAliveAfter } from '../test/processes.js';
import { testDialects, testRedisUrl } from '../test/test-app.js';

// `npm run scale-out` as a user runs it (docs/decisions/0022-scale-out.md): two API processes from the build, on
// one fresh PostgreSQL database and one Redis, behind a real nginx. Through nginx, a per-address limit is shared by
// both processes, 20 buyers for 5 units make exactly 5 orders, and each order e-mail is sent exactly once.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const nginxFound = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].some((file) => existsSync(file));
const ready = testDialects.includes('postgres') && testRedisUrl !== undefined && nginxFound;
if (!ready && process.env.CI === 'true') {
  throw new Error('CI=true exige PostgreSQL, Redis y nginx (nginx-light) para la prueba de varios procesos.');
}
if (!ready) console.warn('\n⚠ Sin PostgreSQL, Redis o nginx: se omite la prueba de varios procesos detrás de nginx.\n');

const JWT_SECRET = randomBytes(32).toString('hex');
const delivery = { department: 'Cortés', city: 'San Pedro Sula', address: 'Col. Trejo, casa 12', phone: '99887766' };

describe.runIf(ready)('two API processes behind nginx (PostgreSQL, Redis)', () => {
  const databaseName = `escala_${randomBytes(5).toString('hex')}`;
  const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tienda-escala-'));
  const output: string[] = [];
  let shop: ChildProcess;
  let mail: SmtpCatcher;
  let database: DatabaseHandle;
  let base: string;

  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(query);
    await client.end();
  };

  beforeAll(async () => {
    await admin(`create database ${databaseName}`);
    mail = await startSmtpCatcher();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // Through npm, as an operator's process manager runs it: the last test stops it with a SIGTERM to npm.
    shop = spawn('npm', ['run', 'scale-out', '--', '--processes', '2', '--port', String(port)], {
      cwd: root,
      detached: true,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        REDIS_URL: testRedisUrl,
        REDIS_KEY_PREFIX: databaseName,
        DATA_DIR: dataDir,
        JWT_SECRET,
        SMTP_URL: mail.url,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    shop.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    shop.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const started = Date.now();
    while (!output.join('').includes('La tienda corre en')) {
      if (shop.exitCode !== null || Date.now() - started > 60_000) {
        throw new Error(`npm run scale-out no arrancó:\n${output.join('').slice(-2000)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    database = createDatabase({ dialect: 'postgres', url: databaseUrl });
  }, 90_000);

  afterAll(async () => {
    // A failed test must not leave the stack behind: the whole group npm started goes.
    try {
      if (shop?.pid) process.kill(-shop.pid, 'SIGKILL');
    } catch {
      // The group is gone already: the last test stopped it.
    }
    await database?.destroy();
    await mail?.close();
    await admin(`drop database if exists ${databaseName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  /** The process ids that logged a request to `url` (pino's `pid`), i.e. which API processes served it. */
  const servedBy = (url: string) =>
    new Set(
      output
        .join('')
        .split('\n')
        .filter((line) => line.startsWith('{') && line.includes(`"url":"${url}"`))
        .map((line) => (JSON.parse(line) as { pid: number }).pid),
    );

  it('shares a per-address limit between both processes (nginx passes the client address on)', async () => {
    const send = (n: number) =>
      fetch(`${base}/Email/enviar-contacto`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.20.30.40' },
        body: JSON.stringify({
          nombre: 'Rosa Martínez',
          email: `rosa${n}@correo.hn`,
          asunto: `Pregunta ${n}`,
          mensaje: '¿Tienen pelotas sensoriales?',
        }),
      });
    const statuses: number[] = [];
    let refused: unknown;
    for (let n = 0; n < 6; n += 1) {
      const response = await send(n);
      statuses.push(response.status);
      if (response.status === 429) refused = await response.json();
    }
    // Five per address and 10 minutes (modules/contact/contact.routes.ts), whichever process answers.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(refused).toEqual({ message: REPLIES.tooManyRequests });
    expect(servedBy('/Email/enviar-contacto').size).toBe(2);
    // Another address still gets through: the limit is per client, not per proxy.
    const other = await fetch(`${base}/Email/enviar-contacto`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.20.30.41' },
      body: JSON.stringify({ nombre: 'Ana', email: 'ana@correo.hn', asunto: 'Hola', mensaje: 'Gracias' }),
    });
    expect(other.status).toBe(200);
  });

  it('sells 5 units to exactly 5 of 20 simultaneous buyers, and e-mails each order once', async () => {
    const productId = await insertProduct(database.db, { name: 'Pelota de texturas', priceCents: 15000, stock: 5 });
    const role = await database.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', ROLE_CUSTOMER)
      .executeTakeFirstOrThrow();
    const passwordHash = await hash('secreto123', { memoryCost: 1024, timeCost: 1, parallelism: 1 });
    const buyers = await Promise.all(
      Array.from({ length: 20 }, async (_, n) => {
        const id = await insertUser(database.db, {
          name: `Comprador ${n}`,
          email: `comprador${n}@correo.hn`,
          username: `comprador${n}`,
          username_key: `comprador${n}`,
          password_hash: passwordHash,
          created_at: nowIso(),
        });
        await database.db.insertInto('user_roles').values({ user_id: id, role_id: role.id }).execute();
        return { id, token: await signToken(new TextEncoder().encode(JWT_SECRET), id, ROLE_CUSTOMER) };
      }),
    );
    const answers = await Promise.all(
      buyers.map((buyer) =>
        fetch(`${base}/api/Order/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
          body: JSON.stringify({ ...delivery, OrderProducts: [{ productId, quantity: 1 }] }),
        }).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as { orderId?: number },
        })),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(5).fill(201), ...Array(15).fill(409)]);
    expect(await productStock(database.db, productId)).toBe(0);
    expect(servedBy('/api/Order/').size).toBe(2);

    // The outbox: every order's confirmation and shop notice, delivered by either process, each exactly once.
    const orderIds = answers.filter((a) => a.status === 201).map((a) => a.body.orderId!);
    const started = Date.now();
    for (;;) {
      const pending = await database.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('sent_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(pending.n) === 0) break;
      if (Date.now() - started > 20_000) throw new Error(`${pending.n} correos siguen en la cola`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (const orderId of orderIds) {
      const subjects = mail.messages.filter((m) => m.subject.includes(`#${orderId}`)).map((m) => m.subject);
      expect(subjects).toHaveLength(2);
      expect(subjects).toContain(`Confirmación de tu orden #${orderId}`);
      expect(subjects.filter((subject) => subject.startsWith(`Nueva orden #${orderId} de `))).toHaveLength(1);
    }
  });

  it('finds a product written by any hand from either process, and drops it from both once sold out', async () => {
    // Written straight into the database (as another process, or a hand-run fix, would): the change log tells both
    // processes' search indexes from the moment PostgreSQL's change notice reaches each of them, tens of
    // microseconds after the commit, a few milliseconds at worst (docs/decisions/0026-catalogue-search-index.md,
    // amendment of 2026-11-26).
    const productId = await insertProduct(database.db, { name: 'Xilófono arcoíris de escala', stock: 1 });
    const search = async (body: object) => {
      const response = await fetch(`${base}/api/Product/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { items: Array<{ productId: number }> }).items.map((item) => item.productId);
    };
    // Four answers in a row (nginx takes turns: each process twice) once the notices are in, asked for at most 2 s.
    const inARow = async (body: object, expected: number[]) => {
      const deadline = Date.now() + 2_000;
      let answers: number[][] = [];
      while (answers.length < 4 && Date.now() < deadline) {
        const ids = await search(body);
        answers = JSON.stringify(ids) === JSON.stringify(expected) ? [...answers, ids] : [];
      }
      return answers;
    };
    expect(await inARow({ searchTerm: 'xilofno arcoiris', page: 1 }, [productId])).toEqual(Array(4).fill([productId]));
    expect(servedBy('/api/Product/search').size).toBe(2);
    await database.db.updateTable('products').set({ stock: 0 }).where('id', '=', productId).execute();
    expect(await inARow({ searchTerm: 'xilofono arcoiris', inStock: true, page: 1 }, [])).toEqual(Array(4).fill([]));
  });

  it('stops both API processes and nginx when npm gets SIGTERM (a process manager stopping it)', async () => {
    const processes = descendants(shop.pid!);
    // Under npm: the script itself (its shell exec'd it), the two API processes, and nginx's master and one worker.
    expect(processes.length).toBe(5);
    shop.kill('SIGTERM');
    expect(await stillAliveAfter(processes, 20_000)).toEqual([]);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  }, 40_000);
});
