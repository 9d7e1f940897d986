/** Seconds between the tries of a chunk that failed to load while the phone was online. */
const RETRY_DELAYS_MS = [1000, 3000, 5000];

/**
 * Loads a screen's code again when it fails on the way: as soon as a phone that lost its signal is back online, or a
 * few seconds later if it never went offline (the shop restarting under a checkout). Chromium fetches a module that
 * failed again on the next import; browsers that remember the failure fail each try at once, and the screen then
 * shows 'Reintentar' as before (app/route-error.tsx). The entry script has its own, standalone copy of this policy
 * (scripts-after-paint.ts), since the first paint loads nothing but it.
 */
export function loadWithRetries<T>(load: () => Promise<T>, delays: readonly number[] = RETRY_DELAYS_MS): Promise<T> {
  return load().catch((error: unknown) => {
    const [delay, ...later] = delays;
    if (delay === undefined) throw error;
    return new Promise<void>((retry) => {
      if (navigator.onLine) setTimeout(retry, delay);
      else addEventListener('online', () => retry(), { once: true });
    }).then(() => loadWithRetries(load, later));
  });
}
