/** How the app scrolls: gliding, or a jump for a visitor who asked the system for less motion. */
export const scrollBehavior = (): ScrollBehavior =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true ? 'auto' : 'smooth';

/**
 * Brings the top of `element` into view, `clearance` px below the window's top (the sticky header's height and a
 * little air). A list's next page starts there: a page button sits at the bottom of a long list, and on a phone the
 * new page would otherwise open on the footer.
 */
export function scrollToTopOf(element: HTMLElement | null, clearance = 120): void {
  if (!element) return;
  const top = element.getBoundingClientRect().top + window.scrollY - clearance;
  window.scrollTo({ top, behavior: scrollBehavior() });
}

/** Back to the very top of the page ('Volver arriba'). */
export function scrollToPageTop(): void {
  window.scrollTo({ top: 0, behavior: scrollBehavior() });
}
