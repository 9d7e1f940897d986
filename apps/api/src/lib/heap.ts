import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * One full, compacting garbage collection, for the end of start-up (docs/decisions/0031-…, amendment of
 * 2026-11-26). Loading 50,000 products into the search index leaves tens of megabytes of garbage and half-empty heap
 * pages, which V8 keeps until its memory reducer runs, seconds after its first full collection. Collected and
 * compacted before the shop listens, they go back to the system and the shop idles at what it holds.
 *
 * Node offers no collection to call unless started with --expose-gc; the flag is set just long enough to take V8's
 * `gc` from a fresh context, so nothing else in the process can call it. Answers false where that is not available.
 */
export function compactHeap(): boolean {
  setFlagsFromString('--expose-gc');
  const collect: unknown = runInNewContext('gc');
  setFlagsFromString('--no-expose-gc');
  if (typeof collect !== 'function') return false;
  // Compaction moves every live object off fragmented pages, so whole pages are freed; on every full collection it
  // would lengthen each pause under load, so it is on for this one only.
  setFlagsFromString('--compact-on-every-full-gc');
  try {
    (collect as () => void)();
  } finally {
    setFlagsFromString('--no-compact-on-every-full-gc');
  }
  return true;
}
