import type { ReactNode } from 'react';
import { cn } from '../../../lib/class-names';

/** Added to a row button whose ActionName is a tooltip: where the tooltip stands, and what shows it. */
export const tooltipAnchor = 'group relative';

const tooltip = cn(
  'pointer-events-none absolute bottom-full right-0 z-10 mb-1',
  'whitespace-nowrap rounded-md bg-ink px-2 py-1 text-xs font-semibold text-white',
  'opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100',
);

/**
 * A row button's name: written beside its icon, or, where a table row has no room for it (the orders table, whose
 * four labelled buttons left the customer's column a few letters wide), a tooltip over the icon alone, shown on hover
 * and on keyboard focus. Either way it names the button for screen readers and tests.
 */
export function ActionName({ children, iconOnly = false }: { children: ReactNode; iconOnly?: boolean }) {
  return iconOnly ? <span className={tooltip}>{children}</span> : <>{children}</>;
}
