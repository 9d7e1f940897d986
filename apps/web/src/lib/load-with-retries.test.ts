import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWithRetries } from './load-with-retries';

/** A load that fails `failures` times, then answers 'screen'. */
function flakyLoad(failures: number) {
  let calls = 0;
  const load = vi.fn(() =>
    ++calls <= failures ? Promise.reject(new Error(`fallo ${calls}`)) : Promise.resolve('screen'),
  );
  return load;
}

describe('loadWithRetries', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('tries again after 1, 3 and 5 seconds while online, and answers the first load that succeeds', async () => {
    vi.useFakeTimers();
    const load = flakyLoad(3);
    const loaded = loadWithRetries(load);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(5000);
    expect(load).toHaveBeenCalledTimes(4);
    await expect(loaded).resolves.toBe('screen');
  });

  it('gives up with the last failure after three tries more', async () => {
    vi.useFakeTimers();
    const load = flakyLoad(10);
    const loaded = loadWithRetries(load);
    const settled = expect(loaded).rejects.toThrow('fallo 4');
    await vi.advanceTimersByTimeAsync(9000);
    await settled;
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('waits for the signal to come back when the phone is offline', async () => {
    vi.useFakeTimers();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = flakyLoad(1);
    const loaded = loadWithRetries(load);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    await expect(loaded).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
