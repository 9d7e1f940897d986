import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.js';

/** A writer that records each batch it was given and answers each input doubled, or an Error for negative ones. */
function recordingWriter(failBatchesOver = Number.POSITIVE_INFINITY) {
  const batches: number[][] = [];
  const write = async (inputs: number[]) => {
    batches.push(inputs);
    if (inputs.length > failBatchesOver) throw new Error('el lote falló');
    if (inputs.length === 1 && inputs[0] === 13) throw new Error('13 falla solo');
    return inputs.map((n) => (n < 0 ? new Error(`negativo: ${n}`) : n * 2));
  };
  return { batches, write };
}

const settle = <T>(promises: Array<Promise<T>>) =>
  Promise.allSettled(promises).then((all) =>
    all.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : (outcome.reason as Error).message)),
  );

describe('GroupCommit', () => {
  it('writes what arrives in one turn as one batch and answers each its own result or error', async () => {
    const { batches, write } = recordingWriter();
    const desk = new GroupCommit(write);
    const answers = await settle([1, -2, 3].map((n) => desk.submit(n)));
    expect(answers).toEqual([2, 'negativo: -2', 6]);
    expect(batches).toEqual([[1, -2, 3]]);
  });

  it('writes one batch at a time: what arrives meanwhile forms the next batch', async () => {
    const { batches, write } = recordingWriter();
    const desk = new GroupCommit(write);
    const first = settle([1, 2].map((n) => desk.submit(n)));
    await new Promise((resolve) => setImmediate(resolve));
    const second = settle([3, 4, 5].map((n) => desk.submit(n)));
    expect([await first, await second]).toEqual([
      [2, 4],
      [6, 8, 10],
    ]);
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it('splits a crowd into batches of at most maxBatch, in arrival order', async () => {
    const { batches, write } = recordingWriter();
    const desk = new GroupCommit(write, 2);
    expect(await settle([1, 2, 3, 4, 5].map((n) => desk.submit(n)))).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('when a whole batch throws, writes each input again alone, so only the one at fault fails', async () => {
    const { batches, write } = recordingWriter(1);
    const desk = new GroupCommit(write);
    expect(await settle([1, 13, 2].map((n) => desk.submit(n)))).toEqual([2, '13 falla solo', 4]);
    expect(batches).toEqual([[1, 13, 2], [1], [13], [2]]);
  });

  it('keeps answering after a failed batch', async () => {
    const { write } = recordingWriter(1);
    const desk = new GroupCommit(write);
    await settle([13, 13].map((n) => desk.submit(n)));
    expect(await desk.submit(7)).toBe(14);
  });
});
