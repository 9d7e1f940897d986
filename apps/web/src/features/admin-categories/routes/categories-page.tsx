import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { Category } from '@tienda/shared/catalog';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { AdminPage } from '../../admin-shared/components/admin-page';
import { DataTable } from '../../admin-shared/components/data-table';
import { PencilIcon, TrashIcon } from '../../admin-shared/components/icons';
import { Pager } from '../../admin-shared/components/pager';
import { SearchBox } from '../../admin-shared/components/search-box';
import { EmptyNotice, ErrorNotice, ListSkeleton } from '../../admin-shared/components/state-views';
import { rowButton, rowButtonDanger } from '../../admin-shared/components/styles';
import { matchesTerm } from '../../admin-shared/lib/admin-search';
import { serverReason } from '../../admin-shared/lib/request-errors';
import { usePaged } from '../../admin-shared/lib/use-paged';
import { useSearchParam } from '../../admin-shared/lib/use-search-param';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../api/list-categories';

// spec §2 Category admin ('Gestión de Categorías'). The 'Cargando...' of the admin check is the router's AdminGuard.
export function Component() {
  const categories = useCategories();
  const [term, setTerm] = useSearchParam('q');
  const [toDelete, setToDelete] = useState<Category | null>(null);
  const remove = useDeleteCategory();
  useEffect(() => {
    if (categories.error) console.error('Error al obtener las categorías', categories.error);
  }, [categories.error]);

  const filtered = (categories.data ?? []).filter((c) => matchesTerm(term, [c.categoryId, c.name, c.description]));
  const paged = usePaged(filtered, term);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.categoryId, {
      onSuccess: () => {
        toast.success('Categoría eliminada correctamente');
        setToDelete(null);
      },
      onError: (error) => {
        // spec §8: delete failures are logged; the admin also gets the reason so the click is not silently lost.
        console.error('Error al eliminar la categoría', error);
        toast.error(serverReason(error) || 'No se pudo eliminar la categoría.');
        setToDelete(null);
      },
    });
  };

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
          value={term}
          onChange={setTerm}
          resultText={categories.data ? `${filtered.length} categorías encontradas` : undefined}
        />
      </div>
      {categories.isPending ? (
        <ListSkeleton />
      ) : categories.isError ? (
        // spec §8: the list failure is logged; an empty screen with no word would look like "no categories".
        <ErrorNotice
          action={
            <button type="button" className={rowButton} onClick={() => void categories.refetch()}>
              Reintentar
            </button>
          }
        >
          No se pudieron cargar las categorías.
        </ErrorNotice>
      ) : filtered.length === 0 ? (
        <EmptyNotice>{term ? 'Ninguna categoría coincide con la búsqueda.' : 'Todavía no hay categorías.'}</EmptyNotice>
      ) : (
        <>
          <DataTable
            caption="Categorías"
            rows={paged.pageItems}
            rowKey={(c) => c.categoryId}
            cardTitle={(c) => c.name}
            columns={[
              { key: 'id', header: 'ID', cell: (c) => c.categoryId, className: 'w-16 tabular-nums' },
              { key: 'name', header: 'Nombre', cell: (c) => <span className="font-bold">{c.name}</span>, hideOnCard: true },
              { key: 'description', header: 'Descripción', cell: (c) => <span className="line-clamp-3 text-ink-soft">{c.description}</span> },
            ]}
            actions={(c) => (
              <>
                <Link to={`/editar-categoria/${c.categoryId}`} className={rowButton}>
                  <PencilIcon width={16} height={16} /> Editar <span className="sr-only">{c.name}</span>
                </Link>
                <button type="button" className={rowButtonDanger} onClick={() => setToDelete(c)}>
                  <TrashIcon width={16} height={16} /> Eliminar <span className="sr-only">{c.name}</span>
                </button>
              </>
            )}
          />
          <Pager page={paged.page} pageCount={paged.pageCount} onChange={paged.setPage} label="Páginas de categorías" />
        </>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Eliminar categoría"
        message={
          <>
            <p>¿Estás seguro que deseas eliminar esta categoría?</p>
            <p className="mt-2 font-bold text-ink">{toDelete?.name}</p>
          </>
        }
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </AdminPage>
  );
}
