import { useEffect, useState } from 'react';
import { ArrowUpIcon } from './icons';
import { cn } from '../../lib/class-names';
import { scrollToPageTop } from '../../lib/scroll';

export interface ScrollToTopButtonProps {
  /** Scroll distance in px after which the button appears (spec §9: 100). */
  threshold?: number;
}

/** A floating 'Volver arriba' button, shown once the page has scrolled past `threshold`. */
export function ScrollToTopButton({ threshold = 100 }: ScrollToTopButtonProps) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    // Read on scroll only, never while the page hydrates or restyles: reading scrollY then would lay the whole
    // page out at once. A page the browser restores further down scrolls there, and says so.
    const update = () => setVisible(window.scrollY > threshold);
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={scrollToPageTop}
      className={cn(
        'fixed right-4 bottom-4 z-30 inline-flex h-12 w-12',
        'items-center justify-center rounded-full bg-brand text-white',
        'shadow-lg transition hover:bg-brand-dark sm:right-6',
        'sm:bottom-6',
      )}
      aria-label="Volver arriba"
      title="Volver arriba"
    >
      <ArrowUpIcon size={22} />
    </button>
  );
}
