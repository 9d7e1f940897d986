import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { Category } from '@tienda/shared/catalog';
import { AdminListPage } from '../../admin-shared/components/admin-list-page';
import { idColumn, nameColumn } from '../../admin-shared/components/columns';
import { EditLink } from '../../admin-shared/components/row-actions';
import { matchesTerm } from '../../admin-shared/lib/admin-search';
import { serverReason } from '../../admin-shared/lib/request-errors';
import { useLoggedError } from '../../admin-shared/lib/use-logged-error';
import { useDeleteCategory } from '../api/delete-category';
import { useProductsPerCategory } from '../api/products-per-category';
import { useCategories } from '../../../lib/api/categories';
import { countOf } from '@tienda/shared/plural';

// spec §2 Category admin ('Gestión de Categorías'). The 'Cargando...' of the admin check is the router's AdminGuard.
export function Component() {
  const categories = useCategories();
  useLoggedError('Error al obtener las categorías', categories.error);

  return (
    <AdminListPage
      title="Gestión de Categorías"
      addAction={
        <Link to="/crear-categoria" className="btn-primary">
          + Nueva Categoría
        </Link>
      }
      query={categories}
      matches={(c, term) => matchesTerm(term, [c.categoryId, c.name, c.description])}
      search={{
        placeholder: 'Buscar por ID, nombre o descripción',
        found: (count) => countOf(count, 'categoría encontrada', 'categorías encontradas'),
      }}
      // spec §8: the list failure is logged; an empty screen with no word would look like "no categories".
      errorText="No se pudieron cargar las categorías."
      emptyText="Todavía no hay categorías."
      noMatchText="Ninguna categoría coincide con la búsqueda."
      nameOf={(c) => c.name}
      deletion={{
        remove: useDeleteCategory(),
        title: 'Eliminar categoría',
        question: '¿Estás seguro que deseas eliminar esta categoría?',
        consequence: (c) => <ProductsLeftWithout categoryId={c.categoryId} />,
        deletedText: 'Categoría eliminada correctamente',
        onFailed: (error) => {
          // spec §8: delete failures are logged; the admin also gets the reason so the click is not silently lost.
          console.error('Error al eliminar la categoría', error);
          toast.error(serverReason(error) || 'No se pudo eliminar la categoría.');
        },
      }}
      caption="Categorías"
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
      actions={(c) => <EditLink to={`/editar-categoria/${c.categoryId}`} name={c.name} />}
      pagesLabel="Páginas de categorías"
    />
  );
}

/** Deleting a category unlinks its products; they stay in the shop (docs/decisions/0024-…). The dialog says how many. */
function ProductsLeftWithout({ categoryId }: { categoryId: number }) {
  const counts = useProductsPerCategory(true);
  const count = counts.data?.get(categoryId) ?? 0;
  if (count === 0) return null;
  return (
    <p className="mt-2">
      {count === 1
        ? 'El producto que la tiene quedará sin esta categoría; no se elimina.'
        : `Los ${count} productos que la tienen quedarán sin esta categoría; no se eliminan.`}
    </p>
  );
}
