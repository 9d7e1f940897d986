import { setImmediate as nextTurn } from 'node:timers/promises';
import { createDatabase } from '../../apps/api/dist/db/database.js';

/** Stock changes committed, one at a time, to time the notice after each. */
const COMMITS = 200;

/**
 * How long after a catalogue commit by one connection another API process hears of it (PostgreSQL's change notices,
 * docs/decisions/0026-…, amendment of 2026-11-26): one handle changes a product's stock, a second one, standing for
 * another process, waits for its write mark to move. Answers p50/p99/max in microseconds, counted from the moment the
 * commit returned to its writer.
 */
export async function measureNoticeDelay(
  url: string,
  productId: number,
): Promise<{ p50: number; p99: number; max: number }> {
  const writer = createDatabase({ dialect: 'postgres', url });
  const listener = createDatabase({ dialect: 'postgres', url });
  try {
    // The notices heard: the mark's part before the colon (the part after it moves with the clock).
    const mark = () => listener.writeMark!()?.split(':')[0];
    const deadline = Date.now() + 10_000;
    while (mark() === undefined) {
      if (Date.now() > deadline) throw new Error('no se pudo escuchar los cambios del catálogo');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const { stock } = await writer.db
      .selectFrom('products')
      .select('stock')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    const delays: number[] = [];
    for (let i = 0; i < COMMITS; i += 1) {
      const before = mark();
      // Back and forth by one unit, ending where it started.
      await writer.db
        .updateTable('products')
        .set({ stock: stock + (i % 2 === 0 ? 1 : 0) })
        .where('id', '=', productId)
        .execute();
      const committed = process.hrtime.bigint();
      while (mark() === before) await nextTurn();
      delays.push(Number(process.hrtime.bigint() - committed) / 1000);
    }
    delays.sort((a, b) => a - b);
    return {
      p50: delays[Math.floor(COMMITS * 0.5)]!,
      p99: delays[Math.floor(COMMITS * 0.99)]!,
      max: delays.at(-1)!,
    };
  } finally {
    await listener.destroy();
    await writer.destroy();
  }
}
