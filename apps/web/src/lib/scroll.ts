/** Whether the visitor asked the system for less motion: scrolls then jump instead of gliding. */
const prefersLessMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * Brings the top of `element` into view, `clearance` px below the window's top (the sticky header's height and a
 * little air). A list's next page starts there: a page button sits at the bottom of a long list, and on a phone the
 * new page would otherwise open on the footer.
 */
export function scrollToTopOf(element: HTMLElement | null, clearance = 120): void {
  if (!element) return;
  const top = element.getBoundingClientRect().top + window.scrollY - clearance;
  window.scrollTo({ top, behavior: prefersLessMotion() ? 'auto' : 'smooth' });
}

/** Back to the very top of the page ('Volver arriba'). */
export function scrollToPageTop(): void {
  window.scrollTo({ top: 0, behavior: prefersLessMotion() ? 'auto' : 'smooth' });
}
