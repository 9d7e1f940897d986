/**
 * A button that is disabled while its request runs (spec §4: 'Agregando…' and disabled while busy) loses the focus:
 * the browser moves it to <body>, and a keyboard or screen-reader user who pressed it is at the top of the page when
 * it comes back. One watcher for every such button, rather than a wrapper at each of them: a control disabled while
 * it had the focus takes it back when it is enabled again, unless the visitor has moved on meanwhile (focused
 * something else, or tapped). `disabled` itself stays, not aria-disabled: it is what stops a second add or order,
 * Enter in a form's field included; and the buttons already say they are busy in their label ('Enviando pedido...').
 */
export function keepFocusThroughBusy(): () => void {
  let dropped: HTMLButtonElement | null = null;
  const forget = () => (dropped = null);
  const watcher = new MutationObserver((changes) => {
    for (const { target } of changes) {
      const control = target as HTMLButtonElement;
      // Chromium moves the focus to <body> after this callback, so the control is still the active element here.
      if (control.disabled) {
        if (control === document.activeElement) dropped = control;
      } else if (control === dropped) {
        dropped = null;
        if (document.activeElement === document.body) control.focus();
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
