import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupFile, BackupList } from '@tienda/shared/backups';
import { createTestApp, testDialects, type TestApp, type TestUser } from '../test/test-app.js';
import type { BackupManifest } from './backup.js';
import { BACKUP_MESSAGES, nightlyBackup } from './backups.service.js';

// The owner's backups from the admin home (docs/decisions/0036-backups-from-the-admin.md): made on demand and every
// night, listed, downloaded through a signed link, rotated.

/** 2026-11-27 at `hour`:00 in Honduras (UTC−6). */
const hondurasTime = (hour: number, day = 27) => new Date(Date.UTC(2026, 10, day, hour + 6, 0, 0));

describe.each(testDialects)('backups from the admin home (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    t = await createTestApp(dialect, {});
    admin = await t.createAdmin();
    customer = await t.createCustomer();
  });
  afterAll(() => t.close());

  const list = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BackupList>();
  };
  const backUp = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: admin.auth });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<BackupFile>();
  };
  const linkTo = async (name: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/backups/${encodeURIComponent(name)}/link`,
      headers: admin.auth,
    });
    return { status: res.statusCode, body: res.json<{ url?: string; message?: string }>() };
  };

  it('makes a backup on demand, lists it and downloads it through its signed link', async () => {
    const made = await backUp();
    expect(made.name).toMatch(/^tienda-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.tar\.gz$/);
    expect(made.bytes).toBe(readFileSync(path.join(t.config.backups.dir, made.name)).length);
    const listed = await list();
    expect(listed).toMatchObject({ nightlyHour: null, kept: 14 });
    expect(listed.backups).toContainEqual(made);

    const link = await linkTo(made.name);
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(
      new RegExp(`^/api/admin/backups/${made.name.replaceAll('.', '\\.')}\\?vence=\\d+&firma=[\\w-]+$`),
    );
    // No bearer token: the phone's browser follows the link itself.
    const download = await t.app.inject({ method: 'GET', url: link.body.url! });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${made.name}"`);
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.rawPayload.length).toBe(made.bytes);

    const saved = path.join(t.config.dataDir, 'descargada.tar.gz');
    writeFileSync(saved, download.rawPayload);
    const entries: string[] = [];
    let manifest = '';
    await tar.list({
      file: saved,
      onReadEntry: (entry) => {
        entries.push(entry.path);
        if (entry.path === 'manifest.json') entry.on('data', (chunk: Buffer) => (manifest += chunk.toString()));
      },
    });
    expect(entries).toContain(dialect === 'sqlite' ? 'tienda.db' : 'tienda.pgdump');
    expect(JSON.parse(manifest) as BackupManifest).toMatchObject({ dialect, counts: { users: 2 } });
  });

  it('is for administrators only, and a link opens only its own file, unaltered and in time', async () => {
    const made = await backUp();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/backups' })).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/api/admin/backups'],
      ['POST', '/api/admin/backups'],
      ['POST', `/api/admin/backups/${made.name}/link`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: customer.auth });
      expect(res.statusCode, url).toBe(403);
    }

    const { url } = (await linkTo(made.name)).body;
    const query = new URL(url!, 'http://x').searchParams;
    const forged = [
      `/api/admin/backups/${made.name}`,
      `/api/admin/backups/${made.name}?vence=${query.get('vence')}&firma=${'A'.repeat(43)}`,
      `/api/admin/backups/${made.name}?vence=${Number(query.get('vence')) + 1}&firma=${query.get('firma')}`,
      // The same signature does not open another archive.
      `/api/admin/backups/tienda-2020-01-01T00-00-00.tar.gz?${query}`,
    ];
    for (const bad of forged) {
      const res = await t.app.inject({ method: 'GET', url: bad });
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toEqual({ message: BACKUP_MESSAGES.badLink });
    }
  });

  it('names only the shop archives that exist', async () => {
    writeFileSync(path.join(t.config.dataDir, 'jwt-secret-de-prueba'), 'secreto');
    for (const name of ['..%2Fjwt-secret-de-prueba', 'tienda.db', 'tienda-2020-01-01T00-00-00.tar.gz']) {
      const link = await linkTo(name);
      expect(link, name).toEqual({ status: 404, body: { message: BACKUP_MESSAGES.notFound } });
    }
  });

  it('shares one backup between two taps at once', async () => {
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: admin.auth }),
      t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: admin.auth }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
  });
});

describe.each(testDialects)('the nightly backup (%s)', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const archives = (dir = t.config.backups.dir) =>
    existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.tar.gz')) : [];

  it('waits for its hour, runs once a Honduras day, and keeps the newest BACKUPS_KEPT archives', async () => {
    const config = { ...t.config, backups: { ...t.config.backups, kept: 2, nightlyHour: 3 } };
    const ctx = { config, db: t.app.ctx.db };
    mkdirSync(config.backups.dir, { recursive: true });
    const restoreLeftover = 'tienda-antes-de-restaurar-2026-11-01T00-00-00.tar.gz';
    for (const name of ['tienda-2026-11-01T09-00-00.tar.gz', 'tienda-2026-11-02T09-00-00.tar.gz', restoreLeftover]) {
      writeFileSync(path.join(config.backups.dir, name), 'viejo');
    }

    expect(await nightlyBackup(ctx, hondurasTime(2))).toBe('not-due');
    expect(await nightlyBackup(ctx, hondurasTime(3))).toBe('made');
    expect(await nightlyBackup(ctx, hondurasTime(23))).toBe('done-already');
    const afterFirst = archives();
    expect(afterFirst).toHaveLength(3);
    expect(afterFirst).toContain('tienda-2026-11-02T09-00-00.tar.gz');
    expect(afterFirst).toContain(restoreLeftover);
    expect(afterFirst).not.toContain('tienda-2026-11-01T09-00-00.tar.gz');

    // The next Honduras day begins at 06:00 UTC.
    expect(await nightlyBackup(ctx, hondurasTime(1, 28))).toBe('not-due');
    expect(await nightlyBackup(ctx, hondurasTime(4, 28))).toBe('made');
  });

  it('is made once when several processes look at the same time', async () => {
    // Two processes on one database, each with its own folder: the day's claim decides which one backs up.
    const process = (folder: string) => ({
      config: {
        ...t.config,
        backups: { ...t.config.backups, dir: path.join(t.config.dataDir, folder), nightlyHour: 0 },
      },
      db: t.app.ctx.db,
    });
    const outcomes = await Promise.all([
      nightlyBackup(process('uno'), hondurasTime(5, 20)),
      nightlyBackup(process('dos'), hondurasTime(5, 20)),
    ]);
    expect(outcomes.sort()).toEqual(['done-already', 'made']);
    expect([
      ...archives(path.join(t.config.dataDir, 'uno')),
      ...archives(path.join(t.config.dataDir, 'dos')),
    ]).toHaveLength(1);
  });
});
