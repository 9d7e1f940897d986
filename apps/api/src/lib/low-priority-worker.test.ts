import { describe, expect, it } from 'vitest';
import { LowPriorityWorker, WORKER_NICENESS } from './low-priority-worker.js';

// The worker thread that argon2 runs in (docs/decisions/0029-a-lean-request-path.md).
const SOURCE = `
const handlers = {
  add: (a, b) => a + b,
  fail: () => { throw new Error('falló a propósito'); },
  niceness: () => {
    const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
    return { priority: require('node:os').getPriority(tid), sameThreadAsProcess: tid === process.pid };
  },
  die: () => process.exit(3),
  later: (value) => new Promise((resolve) => setTimeout(() => resolve(value), 10)),
  refuse: async () => { throw Object.assign(new Error('rechazado'), { responseCode: 550, code: 'EENVELOPE', other: {} }); },
};
`;

describe('LowPriorityWorker', () => {
  it('runs calls in a thread of its own at a lower priority (nice 10), and reports their errors', async () => {
    const worker = new LowPriorityWorker(SOURCE, null);
    expect(await worker.call('add', [2, 3])).toBe(5);
    expect(await worker.call('niceness', [])).toEqual({ priority: 10, sameThreadAsProcess: false });
    expect(WORKER_NICENESS).toBe(10);
    await expect(worker.call('fail', [])).rejects.toThrow('falló a propósito');
    expect(await Promise.all([worker.call('add', [1, 1]), worker.call('add', [2, 2])])).toEqual([2, 4]);
  });

  it('fails the calls of a thread that dies, and starts a new one for the next call', async () => {
    const worker = new LowPriorityWorker(SOURCE, null);
    await expect(worker.call('die', [])).rejects.toThrow('el hilo de trabajo terminó (3)');
    expect(await worker.call('add', [20, 22])).toBe(42);
  });

  it("waits for async handlers, and carries a failed call's code and responseCode across", async () => {
    const worker = new LowPriorityWorker(SOURCE, null);
    expect(await worker.call('later', ['listo'])).toBe('listo');
    const error = await worker.call('refuse', []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ message: 'rechazado', responseCode: 550, code: 'EENVELOPE' });
    expect(error).not.toHaveProperty('other');
  });

  it('close ends the thread and fails what is pending; the next call starts a new one', async () => {
    const worker = new LowPriorityWorker(SOURCE, null);
    const failed = expect(worker.call('later', ['nunca'])).rejects.toThrow('el hilo de trabajo se cerró');
    await worker.close();
    await failed;
    expect(await worker.call('add', [1, 2])).toBe(3);
    await worker.close();
  });

  it('a call made while the last thread is still ending (an idle close) runs on a new thread', async () => {
    const worker = new LowPriorityWorker(SOURCE, null);
    expect(await worker.call('add', [1, 1])).toBe(2);
    const ending = worker.close();
    // The old thread's exit comes after this call has started the new one: it must not fail it.
    expect(await worker.call('later', ['a tiempo'])).toBe('a tiempo');
    await ending;
    await worker.close();
  });
});
