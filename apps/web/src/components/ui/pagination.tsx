import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { cn } from '../../lib/class-names';

export interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  /** Number of pages (≥ 1). Nothing is rendered when there is a single page. */
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation landmark. */
  label?: string;
}

/** The page numbers to show: first, last, the current one and its neighbours, with gaps as 'gap'. */
export function pageItems(page: number, pageCount: number): Array<number | 'gap'> {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  // Show a lone hidden page instead of an ellipsis standing for exactly one number.
  if (wanted.has(3) && pageCount >= 3) wanted.add(2);
  if (wanted.has(pageCount - 2)) wanted.add(pageCount - 1);
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: Array<number | 'gap'> = [];
  sorted.forEach((n, index) => {
    if (index > 0 && n - sorted[index - 1]! > 1) items.push('gap');
    items.push(n);
  });
  return items;
}

/** Numbered pages with 'Anterior' / 'Siguiente'; the current page carries aria-current="page". */
export function Pagination({ page, pageCount, onPageChange, label = 'Paginación' }: PaginationProps) {
  if (pageCount <= 1) return null;
  const base = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-3 font-bold transition';
  const previousOrNext = cn(
    base,
    'gap-1 text-brand hover:bg-brand-light',
    'disabled:cursor-not-allowed disabled:text-ink-soft/50 disabled:hover:bg-transparent',
  );
  return (
    <nav aria-label={label} className="flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          <button type="button" className={previousOrNext} onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
            <ChevronLeftIcon size={18} />
            Anterior
          </button>
        </li>
        {pageItems(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-soft">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={`${base} ${item === page ? 'bg-brand text-white' : 'text-ink hover:bg-sand'}`}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Página ${item}`}
                onClick={() => onPageChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={previousOrNext}
            onClick={() => onPageChange(page + 1)}
            disabled={page >= pageCount}
          >
            Siguiente
            <ChevronRightIcon size={18} />
          </button>
        </li>
      </ul>
    </nav>
  );
}
