// A rendered storefront page loads its scripts after its main pictures are painted
// (docs/decisions/0030-paint-first-then-scripts.md): the server puts this small module where the entry script was,
// naming the entry and the screen's chunks in data-scripts. On a slow line the page's text and first pictures then
// arrive first, and the scripts, the whole stylesheet and the web fonts after them, instead of sharing the line from
// the start; the page is readable meanwhile, as it is with scripts off. A button tapped meanwhile is not lost: the
// page's inline script keeps the tap (shared/early-taps.ts) and this module replays it once the page has hydrated.

import type { EarlyTaps } from '@tienda/shared/early-taps';

const boot = document.querySelector<HTMLScriptElement>('script[data-scripts]');
const [entry, ...chunks] = boot?.dataset.scripts?.split(' ') ?? [];

/** A picture the whole page waits for should not hold the scripts back for ever (a stalled or refused download). */
const MAX_WAIT_FOR_PICTURES_MS = 4000;

let started = false;
function loadScripts() {
  if (started || !entry) return;
  started = true;
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // The whole sheet loads now, still as media="print": the entry applies it, with the web fonts it loads itself,
  // once it has hydrated the page (main.tsx).
  const fullStyle = document.querySelector<HTMLLinkElement>('link[data-full-style]');
  if (fullStyle) fullStyle.disabled = false;
  importEntry();
}

/** How many times scripts that fail to load while the phone is online are asked for, a few seconds apart. */
let triesOnline = 4;

/**
 * Scripts cut off on the way (the signal dropped mid-download) are asked for again: at once when the phone is back
 * online, or a few seconds later if it never went offline. Chromium fetches a module that failed again on the next
 * import, the entry and its chunks alike; the taps kept meanwhile wait for them.
 */
function importEntry(): void {
  import(/* @vite-ignore */ entry!).catch(() => {
    if (!navigator.onLine) addEventListener('online', importEntry, { once: true });
    else if (--triesOnline > 0) setTimeout(importEntry, 3000);
    else reloadOnce();
  });
}

/**
 * Browsers that remember a module's failed download (Safari and Firefox, older Chromium) fail every try at once: if
 * the entry can be fetched now, the page loads again, once per tab. Otherwise it stays as it is, readable without
 * its scripts, and the kept taps are let go.
 */
function reloadOnce(): void {
  keptTaps?.forget();
  const mark = `recargada:${entry}`;
  fetch(entry!, { method: 'HEAD', cache: 'no-store' }).then(
    (answer) => {
      if (!answer.ok || sessionStorage.getItem(mark)) return;
      sessionStorage.setItem(mark, '1');
      location.reload();
    },
    () => {},
  );
}

/**
 * The pictures the server marked as the first screen's largest (fetchpriority="high"), once each is decoded, ready to
 * paint (or has failed).
 */
function mainPicturesReady(): Promise<unknown> {
  const pictures = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  return Promise.all(pictures.map((img) => img.decode().catch(() => {})));
}

/** After the browser has drawn the next frame: the one that shows the pictures. */
function afterNextFrame(then: () => void): void {
  requestAnimationFrame(() => requestAnimationFrame(then));
}

/**
 * The taps the page's inline script kept (shared/early-taps.ts) are replayed on the live page: once the root's
 * `data-hydrating` mark is gone (lib/hydrate-in-steps.tsx), each on its button in order, one per task so each sees
 * the screen the one before it left.
 */
function replayTapsOnceHydrated(root: HTMLElement, taps: EarlyTaps): { forget(): void } {
  const hydration = new MutationObserver((changes) => {
    // Set when hydration starts (the old value null), removed when its last part is done.
    if (root.hasAttribute('data-hydrating') || !changes.some((change) => change.oldValue !== null)) return;
    void replay(stop());
  });
  hydration.observe(root, { attributeFilter: ['data-hydrating'], attributeOldValue: true });
  function stop(): HTMLButtonElement[] {
    hydration.disconnect();
    taps.stop();
    for (const button of taps.kept) delete button.dataset.tapKept;
    return taps.kept.splice(0);
  }
  return { forget: () => void stop() };
}

async function replay(taps: HTMLButtonElement[]): Promise<void> {
  for (const button of taps) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (!button.isConnected || button.disabled) continue;
    // The tap's press as well as its click: what wakes on a first press (the toasts' container) wakes now.
    button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true, composed: true }));
    button.click();
  }
}

const root = document.getElementById('root');
const earlyTaps = (window as unknown as { keptTaps?: EarlyTaps }).keptTaps;
const keptTaps = root && earlyTaps ? replayTapsOnceHydrated(root, earlyTaps) : undefined;

// A tab in the background paints no frames: it starts at once.
if (document.visibilityState === 'hidden') loadScripts();
else {
  void mainPicturesReady().then(() => afterNextFrame(loadScripts));
  setTimeout(loadScripts, MAX_WAIT_FOR_PICTURES_MS);
}
