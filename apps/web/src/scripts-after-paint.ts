// A rendered storefront page loads its scripts after its main pictures are painted
// (docs/decisions/0030-paint-first-then-scripts.md): the server puts this small module where the entry script was,
// naming the entry and the screen's chunks in data-scripts. On a slow line the page's text and first pictures then
// arrive first, and the scripts, the whole stylesheet and the web fonts after them, instead of sharing the line from
// the start; the page is readable meanwhile, as it is with scripts off.

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
  void import(/* @vite-ignore */ entry);
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

// A tab in the background paints no frames: it starts at once.
if (document.visibilityState === 'hidden') loadScripts();
else {
  void mainPicturesReady().then(() => afterNextFrame(loadScripts));
  setTimeout(loadScripts, MAX_WAIT_FOR_PICTURES_MS);
}
