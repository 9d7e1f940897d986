// A rendered storefront page loads its scripts after its first paint (docs/decisions/0030-paint-first-then-scripts.md):
// the server puts this small module where the entry script was, naming the entry and the screen's chunks in
// data-scripts. On a slow line the page's text and pictures then arrive first and the scripts after them, instead
// of sharing the line from the start; the page is readable meanwhile, as it is with scripts off.

const boot = document.querySelector<HTMLScriptElement>('script[data-scripts]');
const [entry, ...chunks] = boot?.dataset.scripts?.split(' ') ?? [];

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
  void import(/* @vite-ignore */ entry);
}

// The frame after the first paint; a tab in the background paints no frames, so a timer stands in there.
requestAnimationFrame(() => setTimeout(loadScripts, 0));
setTimeout(loadScripts, 250);
