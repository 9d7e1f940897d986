import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../test/catalog-fixtures.js';
import { createTestApp, testDialects, type TestApp } from '../test/test-app.js';
import {
  LISTENER_NAME,
  OWN_WRITE_WINDOW_MS,
  RECHECK_EVERY_MS,
  listenForCatalogueChanges,
  type ChangeNotices,
} from './change-notices.js';
import { createDatabase, type DatabaseHandle } from './database.js';

// PostgreSQL's write mark (docs/decisions/0026-…, amendment of 2026-11-26): the catalogue change notices a process
// has heard. `notices` and `handle` each stand for one API process; the test app's own connection for another.

/** Polls `read` until it answers something other than `from`, for at most `withinMs`; answers what it read last. */
async function changeOf<T>(read: () => T, from: T, withinMs = 3_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  let value = read();
  while (value === from && Date.now() < deadline) {
    await sleep(10);
    value = read();
  }
  return value;
}

describe.runIf(testDialects.includes('postgres'))('catalogue change notices (postgres)', () => {
  let t: TestApp;
  let notices: ChangeNotices;
  // A clock that moves only when a test moves it: the mark also moves every RECHECK_EVERY_MS.
  let clock = 1_000 * RECHECK_EVERY_MS;
  const lost: Error[] = [];

  beforeAll(async () => {
    t = await createTestApp('postgres');
    const { url, schema } = t.config.database as { url: string; schema: string };
    notices = listenForCatalogueChanges(
      { url, schema },
      (error) => lost.push(error),
      () => clock,
    );
    // The first read starts listening; until then the mark cannot tell.
    expect(notices.mark()).toBeUndefined();
    expect(await changeOf(() => notices.mark(), undefined)).toMatch(/^\d+:\d+$/);
  });
  afterAll(async () => {
    await notices?.stop();
    await t?.close();
  });

  it("moves once another process's catalogue change is committed, and not for its other writes", async () => {
    const before = notices.mark();
    await t.createCustomer();
    await sleep(200);
    expect(notices.mark()).toBe(before);
    await insertProduct(t.db, { name: 'Tambor de colores', stock: 3 });
    const after = await changeOf(() => notices.mark(), before);
    expect(after).toMatch(/^\d+:\d+$/);
    expect(after).not.toBe(before);
  });

  it('moves every RECHECK_EVERY_MS even when no notice comes, so the log is read that often at least', () => {
    const before = notices.mark();
    clock += RECHECK_EVERY_MS - 1;
    const sameBucket = notices.mark();
    clock += 1;
    expect([sameBucket, notices.mark()]).toEqual([before, `${before!.split(':')[0]}:${clock / RECHECK_EVERY_MS}`]);
  });

  it('listens again after its connection is cut, with a mark it never gave before', async () => {
    const before = notices.mark();
    expect(before).toMatch(/^\d+:\d+$/);
    const { schema } = t.config.database as { schema: string };
    const { rows } = await sql<{ cut: boolean }>`
      select pg_terminate_backend(pid) as cut from pg_stat_activity
      where application_name = ${`${LISTENER_NAME} (${schema})`}`.execute(t.db);
    expect(rows).toEqual([{ cut: true }]);
    expect(await changeOf(() => notices.mark(), before)).toBeUndefined();
    expect(lost).toHaveLength(1);
    const again = await changeOf(() => notices.mark(), undefined);
    expect(again).toMatch(/^\d+:\d+$/);
    expect(Number(again!.split(':')[0])).toBeGreaterThan(Number(before!.split(':')[0]));
  });
});

describe.runIf(testDialects.includes('postgres'))('the write mark of a PostgreSQL handle', () => {
  let t: TestApp;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    handle = createDatabase(t.config.database);
    expect(handle.writeMark!()).toBeUndefined();
    expect(await changeOf(() => handle.writeMark!(), undefined)).toMatch(/^\d+:\d+$/);
  });
  afterAll(async () => {
    await handle?.destroy();
    await t?.close();
  });

  it('cannot tell for a while after a catalogue write of its own, and can again after it', async () => {
    const productId = await insertProduct(t.db, { name: 'Xilófono pequeño', stock: 2 });
    await sql`select count(*) from products`.execute(handle.db);
    expect(handle.writeMark!()).toMatch(/^\d+:\d+$/);
    await handle.db.updateTable('products').set({ stock: 1 }).where('id', '=', productId).execute();
    expect(handle.writeMark!()).toBeUndefined();
    await sleep(OWN_WRITE_WINDOW_MS + 50);
    expect(handle.writeMark!()).toMatch(/^\d+:\d+$/);
  });
});
