import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { Category } from '@tienda/shared/catalog';
import { AdminPage } from '../../admin-shared/components/admin-page';
import { idColumn, nameColumn } from '../../admin-shared/components/columns';
import { DataTable } from '../../admin-shared/components/data-table';
import { useDeleteConfirmation } from '../../admin-shared/components/delete-confirmation';
import { Pager } from '../../admin-shared/components/pager';
import { DeleteButton, EditLink } from '../../admin-shared/components/row-actions';
import { SearchBox } from '../../admin-shared/components/search-box';
import { ListState } from '../../admin-shared/components/state-views';
import { matchesTerm } from '../../admin-shared/lib/admin-search';
import { serverReason } from '../../admin-shared/lib/request-errors';
import { useLoggedError } from '../../admin-shared/lib/use-logged-error';
import { useSearchedPage } from '../../admin-shared/lib/use-searched-page';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../../../lib/api/categories';

// spec §2 Category admin ('Gestión de Categorías'). The 'Cargando...' of the admin check is the router's AdminGuard.
export function Component() {
  const categories = useCategories();
  useLoggedError('Error al obtener las categorías', categories.error);

  const list = useSearchedPage(categories.data, (c, term) => matchesTerm(term, [c.categoryId, c.name, c.description]));
  const deletion = useDeleteConfirmation<Category>({
    remove: useDeleteCategory(),
    idOf: (c) => c.categoryId,
    title: 'Eliminar categoría',
    question: '¿Estás seguro que deseas eliminar esta categoría?',
    describe: (c) => c.name,
    deletedText: 'Categoría eliminada correctamente',
    onFailed: (error) => {
      // spec §8: delete failures are logged; the admin also gets the reason so the click is not silently lost.
      console.error('Error al eliminar la categoría', error);
      toast.error(serverReason(error) || 'No se pudo eliminar la categoría.');
    },
  });

  return (
    <AdminPage
      title="Gestión de Categorías"
      back={{ to: '/admin/inicio', label: 'Volver al panel' }}
      actions={
        <Link to="/crear-categoria" className="btn-primary">
          + Nueva Categoría
        </Link>
      }
    >
      <div className="mb-5">
        <SearchBox
          label="Buscar categorías"
          placeholder="Buscar por ID, nombre o descripción"
          value={list.term}
          onChange={list.setTerm}
          resultText={categories.data ? `${list.filtered.length} categorías encontradas` : undefined}
        />
      </div>
      {/* spec §8: the list failure is logged; an empty screen with no word would look like "no categories". */}
      <ListState
        query={categories}
        errorText="No se pudieron cargar las categorías."
        emptyText={
          list.filtered.length === 0 &&
          (list.term ? 'Ninguna categoría coincide con la búsqueda.' : 'Todavía no hay categorías.')
        }
      >
        <DataTable
          caption="Categorías"
          rows={list.pageItems}
          rowKey={(c) => c.categoryId}
          cardTitle={(c) => c.name}
          columns={[
            idColumn((c: Category) => c.categoryId, 'w-16'),
            nameColumn(),
            {
              key: 'description',
              header: 'Descripción',
              cell: (c) => <span className="line-clamp-3 text-ink-soft">{c.description}</span>,
            },
          ]}
          actions={(c) => (
            <>
              <EditLink to={`/editar-categoria/${c.categoryId}`} name={c.name} />
              <DeleteButton onClick={() => deletion.ask(c)} name={c.name} />
            </>
          )}
        />
        <Pager page={list.page} pageCount={list.pageCount} onChange={list.setPage} label="Páginas de categorías" />
      </ListState>
      {deletion.dialog}
    </AdminPage>
  );
}
