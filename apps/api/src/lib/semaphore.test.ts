import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore.js';

/** A task that runs until the test releases it, recording when it started. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('Semaphore', () => {
  it('runs at most `limit` tasks at once, starts the others in arrival order, and completes them all', async () => {
    const semaphore = new Semaphore(2);
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const results = gates.map((g, i) =>
      semaphore.run(async () => {
        started.push(i);
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await g.opened;
        running -= 1;
        return i * 10;
      }),
    );
    await Promise.resolve();
    expect({ started, active: semaphore.active, waiting: semaphore.waiting }).toEqual({
      started: [0, 1],
      active: 2,
      waiting: 3,
    });

    // Finish them out of order: each freed slot goes to the longest waiter.
    gates[1]!.open();
    await results[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    await results[0];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const g of gates) g.open();

    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(mostAtOnce).toBe(2);
    expect({ active: semaphore.active, waiting: semaphore.waiting }).toEqual({ active: 0, waiting: 0 });
  });

  it('frees the slot of a task that fails, and passes the failure to its caller', async () => {
    const semaphore = new Semaphore(1);
    const failing = semaphore.run(() => Promise.reject(new Error('falla')));
    const next = semaphore.run(async () => 'siguiente');
    await expect(failing).rejects.toThrow('falla');
    expect(await next).toBe('siguiente');
    expect({ active: semaphore.active, waiting: semaphore.waiting }).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses a limit below one', () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
    expect(() => new Semaphore(1.5)).toThrow(RangeError);
  });
});
