import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BackupFile, BackupList } from '@tienda/shared/backups';
import { createTestApp, testDialects, type TestApp, type TestUser } from '../test/test-app.js';
import { createBackup, defaultBackupFile, type BackupManifest } from './backup.js';
import {
  BACKUP_MESSAGES,
  BACKUPS_ON_DEMAND,
  BACKUPS_ON_DEMAND_KEY,
  backupDownloadLink,
  nightlyBackup,
  sweepBackupLeftovers,
} from './backups.service.js';

// The owner's backups from the admin home (docs/decisions/0036-backups-from-the-admin.md): made on demand and every
// night, listed, downloaded through a signed link, rotated.

/** The app's own logger is silent in tests; the nightly job logs through this one. */
const log = pino({ level: 'silent' });

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
    expect(made.name).toMatch(/^tienda-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}\.tar\.gz$/);
    expect(made.bytes).toBe(readFileSync(path.join(t.config.backups.dir, made.name)).length);
    const listed = await list();
    expect(listed).toMatchObject({ nightlyHour: null, keptDays: 14 });
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
      // Parameters given twice.
      `/api/admin/backups/${made.name}?${query}&vence=${query.get('vence')}`,
    ];
    for (const bad of forged) {
      const res = await t.app.inject({ method: 'GET', url: bad });
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toEqual({ message: BACKUP_MESSAGES.badLink });
    }

    // A link made 11 minutes ago has expired; one made 9 minutes ago still opens.
    const madeAgo = async (minutes: number) =>
      t.app.inject({
        method: 'GET',
        url: await backupDownloadLink(t.config, made.name, Date.now() - minutes * 60_000),
      });
    expect((await madeAgo(11)).json()).toEqual({ message: BACKUP_MESSAGES.badLink });
    expect((await madeAgo(9)).statusCode).toBe(200);
  });

  it('names only the shop archives that exist', async () => {
    writeFileSync(path.join(t.config.dataDir, 'jwt-secret-de-prueba'), 'secreto');
    for (const name of [
      '..%2Fjwt-secret-de-prueba',
      'tienda.db',
      'tienda-2020-01-01T00-00-00.tar.gz',
      'a'.repeat(150),
    ]) {
      const link = await linkTo(name);
      expect(link, name).toEqual({ status: 404, body: { message: BACKUP_MESSAGES.notFound } });
    }
  });

  it('names archives to the millisecond, so two in one second are both kept, and lists older names too', async () => {
    const second = Date.UTC(2026, 10, 25, 9, 30, 15);
    const [early, late] = [
      defaultBackupFile(t.config, new Date(second + 4)),
      defaultBackupFile(t.config, new Date(second + 870)),
    ];
    expect([path.basename(early), path.basename(late)]).toEqual([
      'tienda-2026-11-25T09-30-15-004.tar.gz',
      'tienda-2026-11-25T09-30-15-870.tar.gz',
    ]);
    for (const file of [early, late, path.join(t.config.backups.dir, 'tienda-2026-11-25T09-30-14.tar.gz')]) {
      writeFileSync(file, 'copia');
    }
    const listed = (await list()).backups.filter((backup) => backup.name.startsWith('tienda-2026-11-25T09-30-1'));
    expect(listed).toEqual([
      { name: 'tienda-2026-11-25T09-30-15-870.tar.gz', bytes: 5, createdAt: '2026-11-25T09:30:15.870Z' },
      { name: 'tienda-2026-11-25T09-30-15-004.tar.gz', bytes: 5, createdAt: '2026-11-25T09:30:15.004Z' },
      { name: 'tienda-2026-11-25T09-30-14.tar.gz', bytes: 5, createdAt: '2026-11-25T09:30:14.000Z' },
    ]);
  });

  it('never replaces an archive of the same name: the new one takes the next free millisecond', async () => {
    const at = new Date(Date.UTC(2026, 10, 24, 7, 0, 0, 250));
    const taken = defaultBackupFile(t.config, at);
    writeFileSync(taken, 'la de otro proceso');
    vi.useFakeTimers({ toFake: ['Date'], now: at });
    let made: string;
    try {
      ({ file: made } = await createBackup(t.config));
    } finally {
      vi.useRealTimers();
    }
    expect(path.basename(made)).toBe('tienda-2026-11-24T07-00-00-251.tar.gz');
    expect(readFileSync(taken, 'utf8')).toBe('la de otro proceso');
    expect(readdirSync(t.config.backups.dir).filter((name) => name.includes('.parcial'))).toEqual([]);
  });

  it('shares one backup between two taps at once', async () => {
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: admin.auth }),
      t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: admin.auth }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
  });

  it(`makes at most ${BACKUPS_ON_DEMAND.points} on demand an hour, then says when to come back`, async () => {
    // The earlier tests of this app used some of the hour's budget (two taps at once may count once or twice):
    // a fresh hour, then one tap at a time.
    await t.app.ctx.throttle.reset(BACKUPS_ON_DEMAND, BACKUPS_ON_DEMAND_KEY);
    const statuses: number[] = [];
    for (let i = 0; i < BACKUPS_ON_DEMAND.points + 1; i += 1) {
      statuses.push(
        (await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: admin.auth })).statusCode,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: admin.auth });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: BACKUP_MESSAGES.tooMany });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
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

  it('waits for its hour, runs once a Honduras day, and deletes archives older than BACKUPS_KEPT_DAYS', async () => {
    const config = { ...t.config, backups: { ...t.config.backups, keptDays: 3, nightlyHour: 3 } };
    const ctx = { config, db: t.app.ctx.db };
    mkdirSync(config.backups.dir, { recursive: true });
    const day = (daysAgo: number) => {
      const stamp = new Date(Date.now() - daysAgo * 24 * 60 * 60_000).toISOString().replace(/[:.]/g, '-');
      return `tienda-${stamp.slice(0, 19)}.tar.gz`;
    };
    const restoreLeftover = 'tienda-antes-de-restaurar-2020-11-01T00-00-00.tar.gz';
    // A clock once set years ahead named an archive in the future: rotation never lets it push out today's.
    const future = 'tienda-2099-01-01T00-00-00.tar.gz';
    const [fiveDaysAgo, twoDaysAgo] = [day(5), day(2)];
    for (const name of [fiveDaysAgo, twoDaysAgo, restoreLeftover, future]) {
      writeFileSync(path.join(config.backups.dir, name), 'viejo');
    }

    expect(await nightlyBackup(ctx, log, hondurasTime(2))).toBe('not-due');
    expect(await nightlyBackup(ctx, log, hondurasTime(3))).toBe('made');
    expect(await nightlyBackup(ctx, log, hondurasTime(23))).toBe('done-already');
    const left = archives();
    expect(left).toHaveLength(4);
    expect(left).toEqual(expect.arrayContaining([twoDaysAgo, restoreLeftover, future]));
    expect(left).not.toContain(fiveDaysAgo);

    // The next Honduras day begins at 06:00 UTC.
    expect(await nightlyBackup(ctx, log, hondurasTime(1, 28))).toBe('not-due');
    expect(await nightlyBackup(ctx, log, hondurasTime(4, 28))).toBe('made');
  });

  it('gives the day back when the backup cannot be made, so the next look tries again', async () => {
    // The backups folder is a file: nothing can be written under it.
    const blocked = path.join(t.config.dataDir, 'no-es-carpeta');
    writeFileSync(blocked, 'x');
    const config = { ...t.config, backups: { ...t.config.backups, dir: blocked, nightlyHour: 0 } };
    expect(await nightlyBackup({ config, db: t.app.ctx.db }, log, hondurasTime(5, 10))).toBe('failed');
    const working = { ...config, backups: { ...config.backups, dir: path.join(t.config.dataDir, 'otra') } };
    expect(await nightlyBackup({ config: working, db: t.app.ctx.db }, log, hondurasTime(6, 10))).toBe('made');
  });

  it('sweeps what a stopped backup left behind, a day on', async () => {
    const dir = path.join(t.config.dataDir, 'restos');
    mkdirSync(path.join(dir, '.respaldo-abc'), { recursive: true });
    writeFileSync(path.join(dir, 'tienda-2026-11-20T09-00-00.tar.gz.1a2b3c4d.parcial'), 'medio');
    writeFileSync(path.join(dir, 'tienda-2026-11-20T09-00-00.tar.gz'), 'completo');
    const config = { ...t.config, backups: { ...t.config.backups, dir } };
    await sweepBackupLeftovers(config);
    expect(readdirSync(dir).sort()).toHaveLength(3);
    await sweepBackupLeftovers(config, Date.now() + 25 * 60 * 60_000);
    expect(readdirSync(dir)).toEqual(['tienda-2026-11-20T09-00-00.tar.gz']);
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
      nightlyBackup(process('uno'), log, hondurasTime(5, 20)),
      nightlyBackup(process('dos'), log, hondurasTime(5, 20)),
    ]);
    expect(outcomes.sort()).toEqual(['done-already', 'made']);
    expect([
      ...archives(path.join(t.config.dataDir, 'uno')),
      ...archives(path.join(t.config.dataDir, 'dos')),
    ]).toHaveLength(1);
  });
});

/** A SQLite app whose log lines at `logLevel` are kept in `lines`, given to `work`, then closed. */
async function withLoggedApp(
  logLevel: 'info' | 'warn',
  work: (t: TestApp, lines: string[]) => Promise<void>,
): Promise<void> {
  const lines: string[] = [];
  const t = await createTestApp(
    'sqlite',
    { logLevel },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
  try {
    await work(t, lines);
  } finally {
    await t.close();
  }
}

describe('a download link in the request log', () => {
  it('is written without its signature', () =>
    withLoggedApp('info', async (t, lines) => {
      const admin = await t.createAdmin();
      const made = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: admin.auth });
      const name = made.json<BackupFile>().name;
      const link = await backupDownloadLink(t.config, name);
      const firma = new URL(link, 'http://x').searchParams.get('firma')!;
      expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
      const logged = lines
        .map((line) => JSON.parse(line) as { url?: string })
        .filter((line) => line.url?.includes(name));
      expect(logged.map((line) => line.url)).toEqual([link.replace(firma, '[oculta]')]);
      expect(lines.join('\n')).not.toContain(firma);
    }));
});

describe('a backups folder the shop cannot read', () => {
  it('answers 503 in Spanish, with when to retry, and logs why', () =>
    withLoggedApp('warn', async (t, lines) => {
      const file = path.join(t.config.dataDir, 'no-es-carpeta');
      writeFileSync(file, 'x');
      t.config.backups.dir = file;
      const admin = await t.createAdmin();
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: admin.auth });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('300');
      expect(res.json()).toEqual({ message: BACKUP_MESSAGES.unreadable });
      const logged = lines.map(
        (line) => JSON.parse(line) as { msg: string; err?: { message?: string; code?: string } },
      );
      // The system error's code too: the log's redaction of secrets leaves an error's own fields alone.
      expect(logged.find((line) => line.msg === BACKUP_MESSAGES.unreadable)?.err).toMatchObject({
        message: `ENOTDIR: not a directory, scandir '${file}'`,
        code: 'ENOTDIR',
      });
    }));
});
