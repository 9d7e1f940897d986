import { useLayoutEffect, useRef, useState } from 'react';

// docs/decisions/0038-back-closes-dialogs.md

/** The history entry's field that names the dialog it was pushed for. */
const DIALOG_ENTRY = 'jycDialog';

/** The dialog the current history entry was pushed for, if any. */
const dialogOfEntry = (page: Window) => (page.history.state as Record<string, unknown> | null)?.[DIALOG_ENTRY];
const isEntryOf = (page: Window, dialogId: string) => dialogOfEntry(page) === dialogId;
const isDialogEntry = (page: Window) => dialogOfEntry(page) !== undefined;

/**
 * A `history.back()` that took a closed dialog's entry off and whose popstate has not come yet, per window. A dialog
 * opened meanwhile waits for it: pushed before, its own entry would be the one taken off, and the popstate would
 * close it. A popstate that never comes is given up after a second.
 */
const takingEntryOff = new WeakMap<Window, Promise<void>>();

/** Numbers each dialog's entries (useBackCloses). */
let dialogsMounted = 0;

function takeEntryOff(page: Window): Promise<void> {
  const underWay = takingEntryOff.get(page);
  if (underWay) return underWay;
  const done = new Promise<void>((resolve) => {
    const arrived = () => {
      page.removeEventListener('popstate', arrived);
      clearTimeout(givingUp);
      takingEntryOff.delete(page);
      resolve();
    };
    const givingUp = setTimeout(arrived, 1_000);
    page.addEventListener('popstate', arrived);
    page.history.back();
  });
  takingEntryOff.set(page, done);
  return done;
}

/**
 * Takes the open dialog's history entry off, and resolves once the page's own entry is current again. A dialog
 * action that leaves the page calls it before navigating, so `navigate(to, { replace: true })` replaces the page
 * itself, as it would with no dialog open: after 'Cerrar sesiones', Back from /login must not reach /profile.
 */
export function leaveDialog(): Promise<void> {
  return isDialogEntry(window) ? takeEntryOff(window) : Promise.resolve();
}

/**
 * A page reloaded (or a phone's pull to refresh) with a dialog open starts on that dialog's entry, with no dialog:
 * its Back would do nothing visible. Run when this module first loads, with the screen that holds a dialog (not in
 * the first load's scripts, docs/decisions/0025-…), it steps back to the page's own entry.
 */
export function dropDialogEntryLeftByReload(): void {
  if (isDialogEntry(window)) void takeEntryOff(window);
}

// No window when the server renders the page.
if (typeof window !== 'undefined') dropDialogEntryLeftByReload();

/**
 * On a phone, Back closes an open dialog, as in the phone's own apps, instead of leaving the page and what was typed
 * in it. Opening pushes a history entry for the same address, carrying the router's own state so the router sees no
 * move; Back pops it and `onClose` runs. Closed another way (Cancelar, Escape, a save), the dialog takes its entry
 * back off. A dialog that refuses to close (a save under way) stays open without it. A dialog action that leaves the
 * page first takes the entry off (leaveDialog), then navigates as it would with no dialog. With `onBackHeld` (a form
 * with unsaved changes), Back does not close: the entry is pushed again and `onBackHeld` runs instead.
 */
export function useBackCloses(open: boolean, onClose: () => void, onBackHeld?: () => void): void {
  // Unique among all dialogs ever mounted, so a closed dialog's deferred work never takes another's entry.
  const [dialogId] = useState(() => `d${++dialogsMounted}`);
  // What the popstate listener and the deferred cleanup read when they run, after this render.
  const onCloseRef = useRef(onClose);
  const onBackHeldRef = useRef(onBackHeld);
  const openRef = useRef(open);
  const mountedRef = useRef(true);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
    onBackHeldRef.current = onBackHeld;
    openRef.current = open;
  });
  useLayoutEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
    };
  }, []);
  // A layout effect: the entry is there as soon as the dialog shows. After the paint (Preact's useEffect), a Back
  // pressed at once still left the page (seen in CI).
  useLayoutEffect(() => {
    if (!open) return;
    // The window the dialog opened in: the deferred work below acts on it, whichever window is current by then.
    const page = window;
    let cancelled = false;
    const putEntry = () =>
      page.history.pushState({ ...(page.history.state as object | null), [DIALOG_ENTRY]: dialogId }, '');
    const onPop = () => {
      if (isEntryOf(page, dialogId)) return;
      const held = onBackHeldRef.current;
      if (!held) return onCloseRef.current();
      // Unsaved work: the dialog stays, with its entry back, so the next Back comes here again.
      putEntry();
      held();
    };
    const pushEntry = () => {
      if (cancelled) return;
      // Already there: the same dialog's effect ran again (React's StrictMode runs effects twice in development).
      if (!isEntryOf(page, dialogId)) putEntry();
      page.addEventListener('popstate', onPop);
    };
    const pending = takingEntryOff.get(page);
    if (pending) void pending.then(pushEntry);
    else pushEntry();
    return () => {
      cancelled = true;
      page.removeEventListener('popstate', onPop);
      // Deferred: an effect that runs again at once keeps the entry; a page that navigated from the dialog left it.
      setTimeout(() => {
        if ((!openRef.current || !mountedRef.current) && isEntryOf(page, dialogId)) void takeEntryOff(page);
      }, 0);
    };
  }, [open, dialogId]);
}
