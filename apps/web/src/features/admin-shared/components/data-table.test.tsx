import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table';

// One row, whose action says where DataTable put it.
const things = () => (
  <DataTable
    caption="Cosas"
    rows={[{ id: 1 }]}
    rowKey={(row) => row.id}
    cardTitle={(row) => `Cosa ${row.id}`}
    columns={[{ key: 'id', header: 'ID', cell: (row) => row.id }]}
    actions={(row, layout) => <button type="button">{`Acción ${row.id} (${layout})`}</button>}
  />
);

describe('DataTable', () => {
  it("tells a row's actions they stand in the table at desktop width", () => {
    // jsdom has no matchMedia: useMediaQuery answers true, the desktop's.
    render(things());
    expect(screen.getByRole('table', { name: 'Cosas' })).toBeTruthy();
    expect(screen.getByRole('button').textContent).toBe('Acción 1 (table)');
  });

  it("tells a row's actions they stand under a card on a phone", () => {
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: false,
      media,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    render(things());
    expect(screen.getByRole('list', { name: 'Cosas' })).toBeTruthy();
    expect(screen.getByRole('button').textContent).toBe('Acción 1 (card)');
  });
});
