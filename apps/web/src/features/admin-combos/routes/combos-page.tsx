import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { Combo } from '@tienda/shared/catalog';
import { ERRORS } from '@tienda/shared/messages';
import { formatLempiras } from '@tienda/shared/pricing';
import { AdminPage } from '../../admin-shared/components/admin-page';
import { idColumn, imageColumn, nameColumn } from '../../admin-shared/components/columns';
import { DataTable } from '../../admin-shared/components/data-table';
import { useDeleteConfirmation } from '../../admin-shared/components/delete-confirmation';
import { GiftIcon, PlusIcon } from '../../admin-shared/components/icons';
import { Pager } from '../../admin-shared/components/pager';
import { DeleteButton, EditLink } from '../../admin-shared/components/row-actions';
import { SearchBox } from '../../admin-shared/components/search-box';
import { ErrorNotice, ListState } from '../../admin-shared/components/state-views';
import { Thumbnail } from '../../admin-shared/components/thumbnail';
import { matchesTerm } from '../../admin-shared/lib/admin-search';
import { useLoggedError } from '../../admin-shared/lib/use-logged-error';
import { useSearchedPage } from '../../admin-shared/lib/use-searched-page';
import { useDeleteCombo } from '../api/delete-combo';
import { useCombos } from '../api/list-combos';

// spec §2 Combos admin: a searchable paged table; 'Add combo' to /crear-combo; edit; delete with confirmation.
export function Component() {
  const combos = useCombos();
  const remove = useDeleteCombo();
  useLoggedError(ERRORS.combosLoadFailed, combos.error);

  // spec §9: name and description.
  const list = useSearchedPage(combos.data, (c, term) => matchesTerm(term, [c.name, c.description]));
  const deletion = useDeleteConfirmation<Combo>({
    remove,
    idOf: (c) => c.comboId,
    title: 'Eliminar combo',
    question: '¿Estás seguro que deseas eliminar este combo?',
    describe: (c) => c.name,
    deletedText: ERRORS.comboDeleted,
    // spec §8: 'Error al eliminar el combo' on the page (remove.isError), with the toast 'Hubo un error al eliminar el combo'.
    onFailed: () => toast.error(ERRORS.comboDeleteFailedToast),
  });

  return (
    <AdminPage
      title="Administración de Combos"
      back={{ to: '/admin/inicio', label: 'Volver al panel' }}
      actions={
        <Link to="/crear-combo" className="btn-primary">
          <PlusIcon /> Agregar combo
          <span lang="en" className="text-sm font-semibold opacity-90">
            (Add combo)
          </span>
        </Link>
      }
    >
      <div className="mb-5 flex flex-col gap-4">
        <SearchBox
          label="Buscar combos"
          placeholder="Buscar combo por nombre o descripción..."
          value={list.term}
          onChange={list.setTerm}
          resultText={combos.data ? `${list.filtered.length} combos encontrados` : undefined}
        />
        {remove.isError && <ErrorNotice>{ERRORS.comboDeleteFailed}</ErrorNotice>}
      </div>
      <ListState
        query={combos}
        errorText={ERRORS.combosLoadFailed}
        emptyText={
          list.filtered.length === 0 &&
          (list.term && (combos.data ?? []).length > 0 ? 'Ningún combo coincide con la búsqueda.' : ERRORS.noCombos)
        }
      >
        <DataTable
          caption="Combos"
          rows={list.pageItems}
          rowKey={(c) => c.comboId}
          cardTitle={(c) => c.name}
          cardMedia={(c) => <Thumbnail item={c} size={56} icon={<GiftIcon />} />}
          columns={[
            idColumn((c: Combo) => c.comboId),
            imageColumn(<GiftIcon />),
            nameColumn(),
            {
              key: 'price',
              header: 'Precio',
              cell: (c) => <span className="whitespace-nowrap tabular-nums">{formatLempiras(c.price)}</span>,
            },
            { key: 'stock', header: 'Stock', cell: (c) => <span className="tabular-nums">{c.stock}</span> },
            {
              key: 'products',
              header: 'Productos',
              cell: (c) => (
                <span className="line-clamp-2 text-ink-soft">{c.products.map((p) => p.name).join(', ') || '—'}</span>
              ),
            },
          ]}
          actions={(c) => (
            <>
              <EditLink to={`/editar-combo/${c.comboId}`} name={c.name} />
              <DeleteButton onClick={() => deletion.ask(c)} name={c.name} />
            </>
          )}
        />
        <Pager page={list.page} pageCount={list.pageCount} onChange={list.setPage} label="Páginas de combos" />
      </ListState>
      {deletion.dialog}
    </AdminPage>
  );
}
