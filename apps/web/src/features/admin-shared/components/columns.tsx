import type { ReactNode } from 'react';
import type { Column } from './data-table';
import { Thumbnail, type ThumbnailProps } from './thumbnail';

// The columns several admin tables share (products, combos, categories), so each reads the same everywhere.

/** The row's id, narrow and in tabular figures. */
export function idColumn<T>(idOf: (row: T) => number, width = 'w-14'): Column<T> {
  return { key: 'id', header: 'ID', cell: idOf, className: `${width} tabular-nums` };
}

/** The name in bold; on a phone's card it is the card's title instead. */
export function nameColumn<T extends { name: string }>(): Column<T> {
  return {
    key: 'name',
    header: 'Nombre',
    // A name with no spaces wraps at this width instead of widening the table (index.css, body).
    cell: (row) => <span className="block max-w-64 font-bold">{row.name}</span>,
    hideOnCard: true,
  };
}

/** A product's or combo's thumbnail; on a phone's card it is the card's picture instead. */
export function imageColumn<T extends ThumbnailProps['item']>(icon: ReactNode): Column<T> {
  return {
    key: 'image',
    header: 'Imagen',
    cell: (row) => <Thumbnail item={row} size={48} icon={icon} />,
    hideOnCard: true,
  };
}
