import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

// Where each screen was scrolled, per history entry: Back and Forward return a family to the card they had reached
// on /tienda instead of the top of a long catalogue. A new screen starts at its top; a query-string change (the
// shop's filters) keeps the position; an address naming a part of the screen (#…) is brought into view by the screen.
// The browser's own restoring is turned off while the app runs: it scrolled a returning screen before the screen
// was drawn, cut short by the page being left, and that scroll was taken for the page being left.

/** Kept for the tab's life (sessionStorage), so a reload does not lose the positions of the entries behind it. */
const STORAGE_KEY = 'scroll-positions';
/** The entries remembered: the most recent ones, more than Back is ever pressed in a row. */
const KEPT_ENTRIES = 50;
/** How long a restore waits for the screen to grow tall enough (its list still coming from the network). */
const RESTORE_WAIT_MS = 1_500;

/** One app per window: the places of its history entries, and the entry on screen (null until the app shows). */
const memory: { positions: Map<string, number> | null; shownKey: string | null } = { positions: null, shownKey: null };

function positions(): Map<string, number> {
  if (!memory.positions) {
    try {
      const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
      memory.positions = new Map(Array.isArray(stored) ? (stored as [string, number][]) : []);
    } catch {
      memory.positions = new Map();
    }
  }
  return memory.positions;
}

/** Notes where the entry on screen is scrolled, most recent last (the oldest dropped past KEPT_ENTRIES). */
function rememberShownPlace(): void {
  if (memory.shownKey === null) return;
  const kept = positions();
  kept.delete(memory.shownKey);
  kept.set(memory.shownKey, window.scrollY);
  if (kept.size > KEPT_ENTRIES) kept.delete(kept.keys().next().value!);
}

function savePositions(): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions()].slice(-KEPT_ENTRIES)));
  } catch {
    // Storage full or refused (private browsing): the positions live until the tab closes anyway.
  }
}

// The browser reports scrolling once a frame, so the last scroll before Back may not have been reported yet. The
// place is read when Back happens, by a listener added as this module loads: before the router's (BrowserRouter
// listens once it has mounted), so the screen being left is still the one drawn.
if (typeof window !== 'undefined') window.addEventListener('popstate', rememberShownPlace);

/**
 * Scrolls to `top` once the screen is tall enough, trying each frame for up to RESTORE_WAIT_MS; a touch, the wheel
 * or a key stops it (the family has started to move). Answers the function that stops it.
 */
function restoreScroll(top: number): () => void {
  const until = performance.now() + RESTORE_WAIT_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const event of ['touchstart', 'wheel', 'keydown'] as const) window.removeEventListener(event, stop);
  };
  const attempt = () => {
    window.scrollTo(0, top);
    if (Math.abs(window.scrollY - top) < 1 || performance.now() > until) stop();
    else frame = requestAnimationFrame(attempt);
  };
  for (const event of ['touchstart', 'wheel', 'keydown'] as const) {
    window.addEventListener(event, stop, { passive: true });
  }
  attempt();
  return stop;
}

/** Whether this document was opened by a reload or by Back/Forward from another site: its entry may have a place. */
function documentReturnedTo(): boolean {
  const [navigation] = performance.getEntriesByType?.('navigation') ?? [];
  const type = (navigation as PerformanceNavigationTiming | undefined)?.type;
  return type === 'reload' || type === 'back_forward';
}

/** The scroll position of each history entry, restored on Back and Forward (the root layout's). */
export function useScrollPositions(): void {
  const location = useLocation();
  const { pathname, hash } = location;
  // The router names every entry it makes, but each page loaded whole into the tab (typed, reloaded, reached from
  // another site) is its 'default': with the address beside it, two such pages do not share one place.
  const key = `${location.key} ${pathname}${location.search}`;
  const navigationType = useNavigationType();
  // The pathname on screen: the first screen keeps where the browser put it (someone who scrolled while the
  // scripts loaded stays where they are).
  const shownPathname = useRef(pathname);
  const firstKey = useRef(key);

  useEffect(() => {
    const key = firstKey.current;
    memory.shownKey = key;
    history.scrollRestoration = 'manual';
    window.addEventListener('scroll', rememberShownPlace, { passive: true });
    // A tap on a link, read before the router's handler draws the next screen (as Back above).
    document.addEventListener('click', rememberShownPlace, { capture: true });
    window.addEventListener('pagehide', savePositions);
    // A reloaded screen the family had not scrolled yet goes back to where it was (the browser no longer does it).
    const saved = positions().get(key);
    const stopRestoring = saved !== undefined && window.scrollY === 0 && documentReturnedTo() && restoreScroll(saved);
    return () => {
      if (stopRestoring) stopRestoring();
      memory.shownKey = null;
      history.scrollRestoration = 'auto';
      window.removeEventListener('scroll', rememberShownPlace);
      document.removeEventListener('click', rememberShownPlace, { capture: true });
      window.removeEventListener('pagehide', savePositions);
    };
  }, []);

  // Before the paint: the screen Back returns to shows at its place, not at the top first. A restore still waiting
  // for its screen to grow stops only when another entry is shown (or the app goes).
  const restoring = useRef<(() => void) | undefined>(undefined);
  useLayoutEffect(() => {
    if (memory.shownKey === null || memory.shownKey === key) return;
    restoring.current?.();
    restoring.current = undefined;
    memory.shownKey = key;
    const samePathname = shownPathname.current === pathname;
    shownPathname.current = pathname;
    const saved = navigationType === 'POP' ? positions().get(key) : undefined;
    if (saved !== undefined) restoring.current = restoreScroll(saved);
    else if (!samePathname && !hash) window.scrollTo(0, 0);
  }, [key, pathname, hash, navigationType]);
  useEffect(() => () => restoring.current?.(), []);
}
