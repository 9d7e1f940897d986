import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { AppConfig } from '../config.js';
import { DatabaseInUseError } from '../db/database.js';
import { keyOf, multipart, png } from '../modules/catalog/catalog.test-helpers.js';
import { holdLockInAnotherProcess } from '../test/sqlite-lock.js';
import { createTestApp, testDialects, type TestApp, type TestUser } from '../test/test-app.js';
import { BackupError, createBackup, restoreBackup } from './backup.js';

// `npm run backup` / `npm run restore` (docs/decisions/0017-backups.md): a backup taken while the shop runs,
// restored into a fresh data folder, holds the same orders and the same image bytes.

describe.each(testDialects)('backup and restore (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;
  let work: string;
  const cleanups: (() => Promise<void>)[] = [];
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.createAdmin();
    buyer = await t.createCustomer({ name: 'Lucía Pérez' });
    work = mkdtempSync(path.join(tmpdir(), 'tienda-respaldo-'));
  });
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await t.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** A fresh data folder (and, on PostgreSQL, a fresh database with the same schema name) to restore into. */
  async function freshShop(): Promise<AppConfig> {
    const dataDir = mkdtempSync(path.join(work, 'nueva-'));
    const base = {
      ...t.config,
      dataDir,
      uploadsDir: path.join(dataDir, 'uploads'),
      receiptsDir: path.join(dataDir, 'receipts'),
    };
    const running = t.config.database;
    if (running.dialect === 'sqlite') {
      return { ...base, database: { dialect: 'sqlite', file: path.join(dataDir, 'tienda.db') } };
    }
    const name = `restaurada_${randomBytes(5).toString('hex')}`;
    const server = new pg.Client({ connectionString: running.url });
    await server.connect();
    await server.query(`create database ${name}`);
    await server.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: running.url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
    const url = new URL(running.url);
    url.pathname = `/${name}`;
    return { ...base, database: { dialect: 'postgres', url: url.toString(), schema: running.schema } };
  }

  it('restores the orders and the image files of a backup taken while the shop runs', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/Product',
      headers: admin.auth,
      payload: multipart(
        { name: 'Pelota sensorial', description: 'Texturas suaves', price: '150', stock: '5', discount: '0' },
        { image: await png() },
      ),
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json<{ productId: number; imageUrl: string }>();
    const ordered = await t.app.inject({
      method: 'POST',
      url: '/api/Order/',
      headers: buyer.auth,
      payload: {
        userId: buyer.id,
        department: 'Cortés',
        city: 'San Pedro Sula',
        address: 'Col. Trejo, casa 12',
        phone: '99887766',
        OrderProducts: [{ productId: product.productId, quantity: 2 }],
        OrderCombos: [],
      },
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const ordersBefore = (await t.app.inject({ method: 'GET', url: '/api/Order', headers: admin.auth })).json();
    const imageBytes = readFileSync(path.join(t.config.uploadsDir, `${keyOf(product.imageUrl)}.webp`));

    const backup = await createBackup(t.config, path.join(work, 'respaldo.tar.gz'));
    expect(backup.file).toBe(path.join(work, 'respaldo.tar.gz'));
    expect(backup.manifest).toMatchObject({
      format: 1,
      dialect,
      counts: { orders: 1, products: 1, combos: 0, users: 2, images: 1 },
      missingImages: [],
    });

    const target = await freshShop();
    const restored = await restoreBackup(target, backup.file);
    expect(restored.manifest.counts.orders).toBe(1);
    const app = await buildApp(target, { logger: false });
    try {
      const orders = await app.inject({ method: 'GET', url: '/api/Order', headers: admin.auth });
      expect(orders.statusCode).toBe(200);
      expect(orders.json()).toEqual(ordersBefore);
      const detail = await app.inject({ method: 'GET', url: `/api/Product/${product.productId}` });
      expect(detail.json<{ imageUrl: string; stock: number }>()).toMatchObject({
        imageUrl: product.imageUrl,
        stock: 3,
      });
      expect(readFileSync(path.join(target.uploadsDir, `${keyOf(product.imageUrl)}.webp`))).toEqual(imageBytes);
    } finally {
      await app.close();
    }
  });

  it.runIf(dialect === 'sqlite')('finishes while the shop keeps writing, without waiting for a pause', async () => {
    // More than the 100 pages an online backup copies per step by default: 2,000 messages of 2 KB.
    const message = 'm'.repeat(2000);
    for (let batch = 0; batch < 20; batch += 1) {
      await t.db
        .insertInto('contact_messages')
        .values(
          Array.from({ length: 100 }, (_, i) => ({
            nombre: 'Relleno',
            email: `relleno${batch * 100 + i}@correo.hn`,
            asunto: 'Relleno',
            mensaje: message,
            created_at: new Date().toISOString(),
          })),
        )
        .execute();
    }
    // The shop's own connection writes every few milliseconds, as a sale day's orders and counters do, up to 1,500
    // times; the backup must end while they still come.
    let backedUp = false;
    let writes = 0;
    const writing = (async () => {
      while (!backedUp && writes < 1_500) {
        await t.db
          .insertInto('throttle_counters')
          .values({ key: `prueba-respaldo-${writes}`, points: 1, expires_at: Date.now() + 60_000 })
          .execute();
        writes += 1;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    await createBackup(t.config, path.join(work, 'durante-escrituras.tar.gz'));
    backedUp = true;
    await writing;
    expect(writes).toBeLessThan(1_500);
  });

  it.runIf(dialect === 'sqlite')('will not restore under a running shop, and leaves its data alone', async () => {
    const backup = await createBackup(t.config, path.join(work, 'otro.tar.gz'));
    const target = await freshShop();
    const file = path.join(target.dataDir, 'tienda.db');
    children.push(await holdLockInAnotherProcess(file));
    await expect(restoreBackup(target, backup.file)).rejects.toThrow(DatabaseInUseError);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(target.uploadsDir)).toBe(false);
  });

  it('refuses a file that is not a backup of the shop, in Spanish', async () => {
    const bogus = path.join(work, 'no-es-respaldo.tar.gz');
    writeFileSync(bogus, 'hola');
    await expect(restoreBackup(await freshShop(), bogus)).rejects.toThrow(
      new BackupError(`${bogus} no es un archivo .tar.gz legible.`),
    );
  });
});
