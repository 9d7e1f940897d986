import { useEffect, type RefObject } from 'react';

/**
 * Closes a disclosure (menu, panel) when the user presses Escape (focus goes back to `trigger`),
 * clicks or taps outside `container`, or moves keyboard focus out of it.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  container: RefObject<HTMLElement | null>,
  trigger: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
      trigger.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!container.current?.contains(target) && !trigger.current?.contains(target)) close();
    };
    const onFocus = (event: FocusEvent) => {
      const target = event.target as Node;
      if (!container.current?.contains(target) && !trigger.current?.contains(target)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open, close, container, trigger]);
}
