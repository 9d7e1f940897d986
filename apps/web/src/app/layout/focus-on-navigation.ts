import { useEffect, useRef } from 'react';

/**
 * After a change of screen inside the app, focus moves to the page's main region (#contenido), as a page load
 * would start from the top: a keyboard or screen reader user continues from the new screen, not from a link that
 * is gone. A screen that focused a field of its own keeps it. Not on the first render: a page just loaded starts
 * where the browser starts it.
 */
export function useFocusMainOnNavigation(pathname: string): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('contenido');
    const active = document.activeElement;
    if (!main || (active && active !== main && main.contains(active))) return;
    main.focus({ preventScroll: true });
  }, [pathname]);
}
