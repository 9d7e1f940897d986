import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../test/catalog-fixtures.js';
import { createTestApp, testDialects, type TestApp } from '../test/test-app.js';
import { LISTENER_NAME, OWN_WRITE_WINDOW_MS } from './change-notices.js';
import { createDatabase, type DatabaseHandle } from './database.js';

// PostgreSQL's write mark (docs/decisions/0026-…, amendment of 2026-11-26): the catalogue change notices a process
// has heard. `handle` stands for one API process; the test app's own connection stands for another process.

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
  let handle: DatabaseHandle;
  const lost: Error[] = [];

  beforeAll(async () => {
    t = await createTestApp('postgres');
    handle = createDatabase(t.config.database, (error) => lost.push(error));
    // The first read starts listening; until then the mark cannot tell.
    expect(handle.writeMark!()).toBeUndefined();
    expect(await changeOf(() => handle.writeMark!(), undefined)).toMatch(/^\d+$/);
  });
  afterAll(async () => {
    await handle?.destroy();
    await t?.close();
  });

  it("moves once another process's catalogue change is committed, and not for its other writes", async () => {
    const before = handle.writeMark!();
    await t.createCustomer();
    await sleep(200);
    expect(handle.writeMark!()).toBe(before);
    await insertProduct(t.db, { name: 'Tambor de colores', stock: 3 });
    const after = await changeOf(() => handle.writeMark!(), before);
    expect(after).toMatch(/^\d+$/);
    expect(after).not.toBe(before);
  });

  it('cannot tell for a while after a catalogue write of its own, and can again after it', async () => {
    const productId = await insertProduct(t.db, { name: 'Xilófono pequeño', stock: 2 });
    await sql`select count(*) from products`.execute(handle.db);
    expect(handle.writeMark!()).toMatch(/^\d+$/);
    await handle.db.updateTable('products').set({ stock: 1 }).where('id', '=', productId).execute();
    expect(handle.writeMark!()).toBeUndefined();
    await sleep(OWN_WRITE_WINDOW_MS + 50);
    expect(handle.writeMark!()).toMatch(/^\d+$/);
  });

  it('listens again after its connection is cut, with a mark it never gave before', async () => {
    const before = handle.writeMark!();
    expect(before).toMatch(/^\d+$/);
    const { rows } = await sql<{ cut: boolean }>`
      select pg_terminate_backend(pid) as cut from pg_stat_activity
      where application_name = ${`${LISTENER_NAME} (${(t.config.database as { schema: string }).schema})`}`.execute(
      t.db,
    );
    expect(rows).toEqual([{ cut: true }]);
    expect(await changeOf(() => handle.writeMark!(), before)).toBeUndefined();
    expect(lost).toHaveLength(1);
    const again = await changeOf(() => handle.writeMark!(), undefined);
    expect(again).toMatch(/^\d+$/);
    expect(Number(again)).toBeGreaterThan(Number(before));
  });
});
