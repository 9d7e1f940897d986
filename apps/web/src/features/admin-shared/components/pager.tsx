import { useRef } from 'react';
import { scrollToTopOf } from '../../../lib/scroll';
import { rowButton } from './styles';

export interface PagerProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  label?: string;
}

/** spec §2 Category admin: 'Anterior' / 'Página X de Y' / 'Siguiente', shown only when there is more than one page. */
export function Pager({ page, pageCount, onChange, label = 'Paginación' }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-center gap-3">
      <button type="button" className={rowButton} onClick={() => onChange(page - 1)} disabled={page <= 1}>
        Anterior
      </button>
      <span className="px-2 font-bold text-ink" aria-live="polite">
        Página {page} de {pageCount}
      </span>
      <button type="button" className={rowButton} onClick={() => onChange(page + 1)} disabled={page >= pageCount}>
        Siguiente
      </button>
    </nav>
  );
}

/**
 * Turning a list's page from the pager under it: the new page shows from its first row (`listTop` marks it), not
 * from where the pager was, which on a phone is the footer.
 */
export function usePageTurn(setPage: (page: number) => void) {
  const listTop = useRef<HTMLDivElement>(null);
  const turnPage = (page: number) => {
    setPage(page);
    scrollToTopOf(listTop.current);
  };
  return { listTop, turnPage };
}
