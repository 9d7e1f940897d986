// The first script of a server-rendered storefront page (docs/decisions/0030-paint-first-then-scripts.md), written
// inline into its <head> by the API (plugins/storefront-render.ts) so that it runs while the page is still arriving:
// the page's own module (apps/web/src/scripts-after-paint.ts) is one more round trip away, and on a slow line a
// family could tap a painted button before it came, and the tap was lost. Until the app has hydrated the page, a tap
// on one of its buttons is kept instead of doing nothing: the button is marked `data-tap-kept` (index.css shows it
// waiting), and scripts-after-paint.ts replays the kept taps on the live page. Links and a form's submit button
// work without scripts and are left to the browser.

/** What the inline script leaves on `window.keptTaps` for scripts-after-paint.ts. */
export interface EarlyTaps {
  /** The buttons tapped, in order. */
  kept: HTMLButtonElement[];
  /** Stops keeping taps (the page is live, or its scripts could not load). */
  stop(): void;
}

/**
 * The inline script, as plain JavaScript that every browser the shop supports runs as written (no build step
 * touches it). The API allows it by its hash in the Content-Security-Policy (plugins/security.ts).
 */
export const EARLY_TAPS_SCRIPT =
  '(function(){var kept=[];function keep(e){' +
  "var b=e.target&&e.target.closest?e.target.closest('button'):null;var root=document.getElementById('root');" +
  "if(!b||!root||!root.contains(b)||(b.type==='submit'&&b.form))return;" +
  "e.preventDefault();e.stopImmediatePropagation();kept.push(b);b.setAttribute('data-tap-kept','')}" +
  "document.addEventListener('click',keep,true);" +
  "window.keptTaps={kept:kept,stop:function(){document.removeEventListener('click',keep,true)}}})()";
