/**
 * A button that is disabled while its request runs (spec §4: 'Agregando…' and disabled while busy) loses the focus:
 * the browser moves it to <body>, and a keyboard or screen-reader user who pressed it is at the top of the page when
 * it comes back. One watcher for every such button, rather than a wrapper at each of them: a control disabled while
 * it had the focus takes it back when it is enabled again, unless the visitor has moved on meanwhile (focused
 * something else, or tapped). `disabled` itself stays, not aria-disabled: it is what stops a second add or order,
 * Enter in a form's field included; and the buttons already say they are busy in their label ('Enviando pedido...').
 *
 * A button that stays disabled because it reached a limit (spec §5: + at the stock, − at 1; a pager's last page) hands
 * the focus to its group (the stepper, the pager) instead: the visitor stays where she was, Tab goes on from there, and
 * another Enter does nothing, where handing it to the other step would have turned a fourth '+' into a '−'.
 */
export function keepFocusThroughBusy(): () => void {
  let dropped: HTMLButtonElement | null = null;
  const forget = () => (dropped = null);
  const watcher = new MutationObserver((changes) => {
    for (const { target } of changes) {
      const control = target as HTMLButtonElement;
      // Chromium moves the focus to <body> after this callback, so the control is still the active element here.
      if (control.disabled) {
        if (control !== document.activeElement) continue;
        const group = groupOf(control);
        // Another button of the group still works: this one is at its limit, not busy.
        if (group?.querySelector('button:not(:disabled)')) focusGroup(group);
        else dropped = control;
      } else if (control === dropped) {
        dropped = null;
        if (document.activeElement === document.body) control.focus();
      } else if (dropped?.disabled && document.activeElement === document.body) {
        // The whole stepper was busy, and the pressed step came back at its limit.
        const group = groupOf(dropped);
        if (group?.contains(control)) {
          dropped = null;
          focusGroup(group);
        }
      }
    }
  });
  watcher.observe(document.body, { subtree: true, attributeFilter: ['disabled'] });
  addEventListener('focusin', forget);
  addEventListener('pointerdown', forget, true);
  // The app watches for as long as the page lives; a test stops it, so the next file's page is not watched.
  return () => {
    watcher.disconnect();
    removeEventListener('focusin', forget);
    removeEventListener('pointerdown', forget, true);
  };
}

/** The stepper or pager a button belongs to. */
const groupOf = (control: HTMLElement): HTMLElement | null => control.closest('[role="group"], nav');

function focusGroup(group: HTMLElement) {
  // Focusable from script only: Tab still goes to its buttons, not to the group.
  if (!group.hasAttribute('tabindex')) group.tabIndex = -1;
  group.focus();
}
