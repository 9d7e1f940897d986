import type { ChildProcess } from 'node:child_process';
import { Writable } from 'node:stream';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { REPLIES } from '../replies.js';
import { createTestApp, testDialects, type TestApp, type TestUser } from '../test/test-app.js';
import { createDatabase, DatabaseInUseError } from './database.js';
import { holdLockInAnotherProcess } from '../test/sqlite-lock.js';
import { startTcpProxy } from '../test/tcp-proxy.js';
import { insertProduct, productStock } from '../test/catalog-fixtures.js';
import { orderOneProduct } from '../test/order-fixtures.js';

// SQLite is one process per file, and a database too busy to take a write answers 503 with Retry-After
// (docs/decisions/0009-…). SQLite only: these are SQLite's own locks.

describe('one process per SQLite file', () => {
  let dir: string;
  let file: string;
  const children: ChildProcess[] = [];
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'tienda-lock-'));
    file = path.join(dir, 'tienda.db');
  });
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second process with a Spanish message that names the lock, and not after that process dies', async () => {
    const other = await holdLockInAnotherProcess(file);
    children.push(other);
    expect(() => createDatabase({ dialect: 'sqlite', file })).toThrow(DatabaseInUseError);
    expect(() => createDatabase({ dialect: 'sqlite', file })).toThrow(
      `La base de datos ${file} ya está abierta por otro proceso de la tienda (bloqueo: ${file}.lock). ` +
        'SQLite admite un solo proceso por archivo: detén el otro proceso, o usa PostgreSQL (DATABASE_URL) ' +
        'para correr varios.',
    );
    // A crash (SIGKILL) leaves no stale lock: the operating system drops it with the process.
    const exited = new Promise((resolve) => other.once('exit', resolve));
    other.kill('SIGKILL');
    await exited;
    const handle = createDatabase({ dialect: 'sqlite', file });
    await handle.destroy();
  });

  it('commits to disk before answering (synchronous FULL), in WAL mode, with its foreign keys on', async () => {
    const handle = createDatabase({ dialect: 'sqlite', file });
    try {
      const read = async (pragma: string) =>
        Object.values((await sql.raw(`pragma ${pragma}`).execute(handle.db)).rows[0]!)[0];
      expect([await read('synchronous'), await read('journal_mode'), await read('foreign_keys')]).toEqual([
        2,
        'wal',
        1,
      ]);
    } finally {
      await handle.destroy();
    }
  });

  it('lets one process open the file twice, and holds the lock until the last handle closes', async () => {
    const first = createDatabase({ dialect: 'sqlite', file });
    const second = createDatabase({ dialect: 'sqlite', file });
    await first.destroy();
    await expect(holdLockInAnotherProcess(file)).rejects.toThrow('el proceso de prueba terminó (1)');
    await second.destroy();
    children.push(await holdLockInAnotherProcess(file));
  });
});

describe('a database too busy to take a write', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    admin = await t.createAdmin();
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After after waiting busy_timeout, writes nothing, and takes the retry', async () => {
    const file = (t.config.database as { file: string }).file;
    const other = new SqliteDatabase(file);
    other.exec('begin immediate');
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/Category',
        headers: admin.auth,
        payload: { name: 'Bloques', description: 'Para construir' },
      });
    try {
      const busy = await create();
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('2');
      expect(busy.json()).toEqual({ message: REPLIES.busy });
    } finally {
      other.exec('rollback');
      other.close();
    }
    const listed = await t.app.inject({ method: 'GET', url: '/api/Category' });
    expect(listed.json()).toEqual([]);
    const retried = await create();
    expect(retried.statusCode).toBe(201);
  });
});

describe('a disk too full, or read-only, to take a write', () => {
  it('answers an order 503 with a minute to wait and writes nothing, then takes it once there is room; read-only alike', async () => {
    const t = await createTestApp('sqlite', { logLevel: 'error' });
    try {
      const buyer = await t.createCustomer();
      const productId = await insertProduct(t.db, { name: 'Pelota sensorial', stock: 3 });
      // SQLite's own ceiling on the file's pages, set to what it holds once compacted: a write that needs a page more
      // (an order's e-mails take about one each) fails with SQLITE_FULL, as on a full disk.
      await sql`vacuum`.execute(t.db);
      const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(t.db);
      const pages = rows[0]!.page_count;
      await sql.raw(`pragma max_page_count = ${pages}`).execute(t.db);
      const refused = await orderOneProduct(t, buyer, productId);
      expect({ status: refused.statusCode, retryAfter: refused.headers['retry-after'], body: refused.json() }).toEqual({
        status: 503,
        retryAfter: '60',
        body: { message: REPLIES.unavailable },
      });
      expect(await productStock(t.db, productId)).toBe(3);
      expect(await t.db.selectFrom('orders').select('id').execute()).toEqual([]);

      await sql.raw(`pragma max_page_count = ${pages * 100}`).execute(t.db);
      expect((await orderOneProduct(t, buyer, productId)).statusCode).toBe(201);
      expect(await productStock(t.db, productId)).toBe(2);

      // A file system remounted read-only after errors, as SQLite's query_only makes the connection: the same answer.
      await sql`pragma query_only = 1`.execute(t.db);
      const readOnly = await orderOneProduct(t, buyer, productId);
      expect({ status: readOnly.statusCode, body: readOnly.json() }).toEqual({
        status: 503,
        body: { message: REPLIES.unavailable },
      });
      await sql`pragma query_only = 0`.execute(t.db);
      expect(await productStock(t.db, productId)).toBe(2);
    } finally {
      await t.close();
    }
  });
});

describe("SQLite's write mark", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'tienda-mark-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('moves with a write on this connection at once, and stays put on reads', async () => {
    const file = path.join(dir, 'mark.db');
    const handle = createDatabase({ dialect: 'sqlite', file });
    try {
      await sql`create table t (x integer)`.execute(handle.db);
      const writeMark = handle.writeMark!;
      const first = writeMark();
      await sql`select count(*) from t`.execute(handle.db);
      await nextTurn();
      expect(writeMark()).toBe(first);
      await sql`insert into t (x) values (1)`.execute(handle.db);
      expect(writeMark()).not.toBe(first);
    } finally {
      await handle.destroy();
    }
  });

  it("moves at once with a write through another of this process's handles on the file", async () => {
    const file = path.join(dir, 'mark-two-handles.db');
    const handle = createDatabase({ dialect: 'sqlite', file });
    const second = createDatabase({ dialect: 'sqlite', file });
    try {
      await sql`create table t (x integer)`.execute(handle.db);
      const before = handle.writeMark!();
      await sql`insert into t (x) values (1)`.execute(second.db);
      expect(handle.writeMark!()).not.toBe(before);
    } finally {
      await second.destroy();
      await handle.destroy();
    }
  });

  it('moves from the next turn with a commit by another process (the sqlite3 shell)', async () => {
    const file = path.join(dir, 'mark-shell.db');
    const handle = createDatabase({ dialect: 'sqlite', file });
    try {
      await sql`create table t (x integer)`.execute(handle.db);
      await nextTurn();
      const before = handle.writeMark!();
      const other = new SqliteDatabase(file);
      other.prepare('insert into t (x) values (2)').run();
      other.close();
      // Concurrent with this turn: read once per turn (docs/decisions/0029-a-lean-request-path.md).
      expect(handle.writeMark!()).toBe(before);
      await nextTurn();
      expect(handle.writeMark!()).not.toBe(before);
    } finally {
      await handle.destroy();
    }
  });
});

/** The app's log lines, as JSON, for tests of what it logged. */
function capturedLog() {
  const lines: { level: number; msg: string }[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as { level: number; msg: string });
      done();
    },
  });
  return { lines, logStream };
}

/** No e-mail is sent, and the outbox polls once an hour: no poll takes a connection while a test cuts them. */
const NO_MAIL = {
  smtpUrl: 'smtp://127.0.0.1:9',
  from: 'tienda@test.hn',
  outboxDir: '/nonexistent',
  outbox: { pollMs: 3_600_000, retryBaseMs: 200 },
};

describe.runIf(testDialects.includes('postgres'))('PostgreSQL closing an idle connection', () => {
  it('logs a warning and keeps answering: the next query opens another connection', async () => {
    const { lines, logStream } = capturedLog();
    // The outbox polls once an hour here, not every 100 ms as in other tests: a poll would take the pool's one idle
    // connection (the pool hands out the last one back) at the moment it is ended, and it would not be idle.
    const t = await createTestApp('postgres', { logLevel: 'warn', mail: NO_MAIL }, { logStream });
    try {
      // The pool's one idle connection, as a restart or an administrator's pg_terminate_backend ends it.
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(t.db);
      const admin = new pg.Client({ connectionString: inject('apiPostgresUrl')! });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await admin.end();
      const warning = 'PostgreSQL cerró una conexión inactiva; la siguiente consulta abre otra';
      await expect.poll(() => lines.filter((line) => line.msg === warning).length).toBe(1);
      expect(lines.find((line) => line.msg === warning)!.level).toBe(40);

      const res = await t.app.inject({ method: 'GET', url: '/api/Category' });
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: [] });
    } finally {
      await t.close();
    }
  });

  it('a connection ended while a request holds it fails that work, not the process', async () => {
    const t = await createTestApp('postgres');
    try {
      const failure = await t.db.connection().execute(async (held) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(held);
        const admin = new pg.Client({ connectionString: inject('apiPostgresUrl')! });
        await admin.connect();
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        // Ended between two statements: PostgreSQL's notice reaches the held connection, with no query running.
        await expect
          .poll(
            async () => (await admin.query('select 1 from pg_stat_activity where pid = $1', [rows[0]!.pid])).rowCount,
          )
          .toBe(0);
        await admin.end();
        await new Promise((resolve) => setTimeout(resolve, 100));
        return sql`select 1`.execute(held).then(
          () => 'answered',
          (error: Error) => error.message,
        );
      });
      expect(failure).toMatch(/not queryable|Connection terminated|terminating connection/);
      const res = await t.app.inject({ method: 'GET', url: '/api/Category' });
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

/** A stand-in for the web build (web-app.test.ts has the same): its tags are replaced by the page's. */
const SHELL = `<!doctype html>
<html lang="es">
  <head>
    <!-- seo:start -->
    <title>Por defecto</title>
    <!-- seo:end -->
  </head>
  <body><div id="root"></div></body>
</html>`;

describe.runIf(testDialects.includes('postgres'))('PostgreSQL out of reach', () => {
  it('answers 503 with a minute to wait and says why in the log, then answers again once it is back', async () => {
    const server = new URL(inject('apiPostgresUrl')!);
    const relay = await startTcpProxy(server.hostname, Number(server.port || 5432));
    const webDistDir = mkdtempSync(path.join(tmpdir(), 'tienda-web-'));
    writeFileSync(path.join(webDistDir, 'index.html'), SHELL);
    const through = new URL(server);
    through.host = `127.0.0.1:${relay.port}`;
    const { lines, logStream } = capturedLog();
    const t = await createTestApp(
      'postgres',
      {
        logLevel: 'error',
        mail: NO_MAIL,
        webDistDir,
      },
      { logStream, connectThrough: through.href },
    );
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await relay.cut();
      const requests = [
        { method: 'GET', url: '/api/health' },
        { method: 'GET', url: '/api/Category' },
        { method: 'POST', url: '/api/Auth/login', payload: { email: 'ana@correo.hn', passwordHash: 'secreto123' } },
      ] as const;
      for (const request of requests) {
        const res = await t.app.inject(request);
        expect(
          { status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.json() },
          request.url,
        ).toEqual({ status: 503, retryAfter: '60', body: { message: REPLIES.unavailable } });
      }
      const said = lines.filter((line) => line.msg === 'base de datos no disponible');
      expect(said.map((line) => line.level)).toEqual([50, 50, 50]);
      // A product's page is still the web app, with the shop's own tags: its screen says it could not load.
      const page = await t.app.inject({ method: 'GET', url: '/producto/1' });
      expect({ status: page.statusCode, type: page.headers['content-type'], body: page.body }).toEqual({
        status: 200,
        type: 'text/html; charset=utf-8',
        body: expect.stringContaining('<div id="root"></div>'),
      });
      expect(page.body).not.toContain('Por defecto');

      await relay.restore();
      const res = await t.app.inject({ method: 'GET', url: '/api/Category' });
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: [] });
    } finally {
      await t.close();
      await relay.close();
      rmSync(webDistDir, { recursive: true, force: true });
    }
  });
});
