import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Pagination } from '../../../components/ui/pagination';
import { useSearchedPage } from '../lib/use-searched-page';
import { AdminPage } from './admin-page';
import { DataTable, type DataTableProps } from './data-table';
import { useDeleteConfirmation, type DeleteConfirmationOptions } from './delete-confirmation';
import { PlusIcon } from './icons';
import { Pager, usePageTurn } from './pager';
import { DeleteButton } from './row-actions';
import { SearchBox } from './search-box';
import { ListState, type ListStateProps } from './state-views';
import { Thumbnail, type ThumbnailProps } from './thumbnail';
import { matchesTerm } from '../lib/admin-search';

/** What an admin list shows of its search: the term, how many match, and the page of them shown. */
export interface ListPage<T> {
  term: string;
  setTerm: (term: string) => void;
  /** Every match's count, on all pages. */
  matchCount: number;
  page: number;
  pageCount: number;
  pageItems: readonly T[];
  setPage: (page: number) => void;
}

export interface AdminListViewProps<T> extends Omit<DataTableProps<T>, 'rows' | 'rowKey'> {
  /** The row's id: its key in the table, and what a delete sends. */
  rowKey: (row: T) => number;
  /** The item's name, for screen readers on its row's buttons. */
  nameOf: (row: T) => string;
  /** spec §4: each row's 'Eliminar' asks this confirmation; the dialog names the item by `describe`, else by name. */
  deletion: Omit<DeleteConfirmationOptions<T>, 'idOf' | 'describe'> &
    Partial<Pick<DeleteConfirmationOptions<T>, 'describe'>>;
  /** Whether a row offers 'Eliminar' (every row unless told). */
  canDelete?: (row: T) => boolean;
  /** The page's heading (spec §2). */
  title: string;
  /** The button or link that adds one more, beside the heading. */
  addAction: ReactNode;
  /** The list's query: its loading and failure. */
  query: ListStateProps['query'] & { data?: unknown };
  /** The search and the page shown. */
  list: ListPage<T>;
  /** The search box is named after the list ('Buscar combos'); `found` announces how many match. */
  search: { placeholder: string; found: (count: number) => string };
  /** A failure shown under the search box (a related list that did not load, a delete that failed). */
  notice?: ReactNode;
  errorText: ReactNode;
  recover?: ListStateProps['recover'];
  /** Said when there is nothing to list, and when nothing matches the search. */
  emptyText: ReactNode;
  noMatchText: ReactNode;
  pagesLabel: string;
  /** spec §2 Product admin: 'Pagination buttons are numbered by page'; the other lists say 'Página X de Y'. */
  numberedPages?: boolean;
  /** The dialogs the rows open. */
  children?: ReactNode;
}

export interface AdminListPageProps<T> extends Omit<AdminListViewProps<T>, 'list' | 'query'> {
  /** The list's query: every item, filtered and paged here. */
  query: ListStateProps['query'] & { data?: readonly T[] };
  /** spec §9: which items a search term finds. */
  matches: (item: T, term: string) => boolean;
}

/** spec §2: an admin list read whole (categories, combos), searched and paged in the browser. */
export function AdminListPage<T>({ query, matches, ...view }: AdminListPageProps<T>) {
  const list = useSearchedPage(query.data, matches);
  return <AdminListView query={query} list={{ ...list, matchCount: list.filtered.length }} {...view} />;
}

/** spec §2: the admin lists (users, products, categories, combos): heading, search, states, table, pages. */
export function AdminListView<T>({
  title,
  addAction,
  query,
  list,
  search,
  notice,
  errorText,
  recover,
  emptyText,
  noMatchText,
  pagesLabel,
  numberedPages = false,
  nameOf,
  deletion: deletionOptions,
  canDelete = () => true,
  actions,
  children,
  ...table
}: AdminListViewProps<T>) {
  const deletion = useDeleteConfirmation<T>({ idOf: table.rowKey, describe: nameOf, ...deletionOptions });
  const { listTop, turnPage } = usePageTurn(list.setPage);
  return (
    <AdminPage title={title} back={{ to: '/admin/inicio', label: 'Volver al panel' }} actions={addAction}>
      <div className="mb-5 flex flex-col gap-4">
        <SearchBox
          label={`Buscar ${table.caption.toLowerCase()}`}
          placeholder={search.placeholder}
          value={list.term}
          onChange={list.setTerm}
          resultText={query.data ? search.found(list.matchCount) : undefined}
        />
        {notice}
      </div>
      <ListState
        query={query}
        errorText={errorText}
        recover={recover}
        emptyText={list.matchCount === 0 && (list.term ? noMatchText : emptyText)}
      >
        <div ref={listTop} />
        <DataTable
          rows={list.pageItems}
          actions={(row, layout) => (
            <>
              {actions?.(row, layout)}
              {canDelete(row) && <DeleteButton onClick={() => deletion.ask(row)} name={nameOf(row)} />}
            </>
          )}
          {...table}
        />
        {numberedPages ? (
          <div className="mt-6">
            <Pagination page={list.page} pageCount={list.pageCount} onPageChange={turnPage} label={pagesLabel} />
          </div>
        ) : (
          <Pager page={list.page} pageCount={list.pageCount} onChange={turnPage} label={pagesLabel} />
        )}
      </ListState>
      {children}
      {deletion.dialog}
    </AdminPage>
  );
}

/** spec §2: the link to a list's create page, with the English name the spec gives it ('Add combo', 'New user'). */
export function AddLink({ to, label, english }: { to: string; label: string; english: string }) {
  return (
    // Its parts wrap: at 200 % text 'Agregar combo (Add combo)' on one line ran 20 px past a 360-px phone.
    <Link to={to} className="btn-primary flex-wrap">
      <PlusIcon /> {label}
      <span lang="en" className="text-sm font-semibold opacity-90">
        ({english})
      </span>
    </Link>
  );
}

/** spec §9: the product and combo lists are searched by name and description. */
export const matchesNameOrDescription = (item: { name: string; description: string }, term: string) =>
  matchesTerm(term, [item.name, item.description]);

/** What the product and combo lists share on a phone: the name beside the thumbnail. */
export function catalogueList<T extends ThumbnailProps['item']>(icon: ReactNode) {
  return {
    cardTitle: (item: T) => item.name,
    nameOf: (item: T) => item.name,
    cardMedia: (item: T) => <Thumbnail item={item} size={56} icon={icon} />,
  };
}
