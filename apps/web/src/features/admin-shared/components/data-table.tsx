import { useId, type ReactNode } from 'react';
import { useMediaQuery } from '../lib/use-media-query';

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Extra classes for the table cell (alignment, width). */
  className?: string;
  /** Left out of the phone card (e.g. the image, which the card shows beside the title). */
  hideOnCard?: boolean;
}

export interface DataTableProps<T> {
  /** What the table lists; a caption for screen readers and the list's name on phones. */
  caption: string;
  rows: readonly T[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  /** The card's title on phones. */
  cardTitle: (row: T) => ReactNode;
  /** A picture beside the card's title on phones. */
  cardMedia?: (row: T) => ReactNode;
  /** A row's buttons; `layout` says whether they stand in a table row, on one line, or under a card. */
  actions?: (row: T, layout: 'table' | 'card') => ReactNode;
  actionsHeader?: string;
  /** Width from which the real table is shown; below it each row is a card. */
  tableFrom?: 'md' | 'lg';
  /** Narrower cell padding, for a table with many columns (orders, from 1024 px). */
  dense?: boolean;
}

/**
 * A table at desktop width and a list of cards on phones (the owner runs the shop from a phone).
 * Only one of the two is in the page at a time, so screen readers and tests meet each row once.
 */
export function DataTable<T>({
  caption,
  rows,
  columns,
  rowKey,
  cardTitle,
  cardMedia,
  actions,
  actionsHeader = 'Acciones',
  tableFrom = 'md',
  dense = false,
}: DataTableProps<T>) {
  const wide = useMediaQuery(tableFrom === 'lg' ? '(min-width: 1024px)' : '(min-width: 768px)');
  const idPrefix = useId();
  if (!wide) {
    // Each card is named by its title, as a table row is by its cells, so screen readers (and tests) can tell them apart.
    const titleId = (row: T) => `${idPrefix}-card-${rowKey(row)}`;
    return (
      <ul aria-label={caption} className="grid gap-3">
        {rows.map((row) => (
          <li key={rowKey(row)} aria-labelledby={titleId(row)} className="card p-4">
            <div className="flex items-start gap-3">
              {cardMedia?.(row)}
              <div id={titleId(row)} className="min-w-0 flex-1 font-bold text-ink">
                {cardTitle(row)}
              </div>
            </div>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
              {columns
                .filter((column) => !column.hideOnCard)
                .map((column) => (
                  <div key={column.key} className="contents">
                    <dt className="font-semibold text-ink-soft">{column.header}</dt>
                    <dd className="min-w-0 text-ink [overflow-wrap:anywhere]">{column.cell(row)}</dd>
                  </div>
                ))}
            </dl>
            {actions && (
              <div className="mt-3 flex flex-wrap gap-2 border-t border-sand pt-3">{actions(row, 'card')}</div>
            )}
          </li>
        ))}
      </ul>
    );
  }
  const cell = dense ? 'px-3 py-3' : 'px-4 py-3';
  return (
    // relative: the rows' screen-reader text (absolutely placed) scrolls with a table wider than the card instead of
    // widening the page.
    <div className="card relative overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-sand/60 text-ink">
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={`${cell} font-bold ${column.className ?? ''}`}>
                {column.header}
              </th>
            ))}
            {actions && (
              <th scope="col" className={`${cell} text-right font-bold`}>
                {actionsHeader}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-sand align-middle hover:bg-cream">
              {columns.map((column) => (
                <td key={column.key} className={`${cell} ${column.className ?? ''}`}>
                  {column.cell(row)}
                </td>
              ))}
              {actions && (
                <td className={`w-px whitespace-nowrap ${cell}`}>
                  <div className={`flex justify-end ${dense ? 'gap-1.5' : 'gap-2'}`}>{actions(row, 'table')}</div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
