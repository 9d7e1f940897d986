import { toast } from 'react-toastify';
import type { Combo } from '@tienda/shared/catalog';
import { ADMIN_ERRORS } from '@tienda/shared/admin-messages';
import { formatLempiras } from '@tienda/shared/pricing';
import {
  AddLink,
  AdminListPage,
  catalogueList,
  matchesNameOrDescription,
} from '../../admin-shared/components/admin-list-page';
import { idColumn, imageColumn, nameColumn } from '../../admin-shared/components/columns';
import { GiftIcon } from '../../admin-shared/components/icons';
import { EditLink } from '../../admin-shared/components/row-actions';
import { ErrorNotice } from '../../admin-shared/components/state-views';
import { useLoggedError } from '../../admin-shared/lib/use-logged-error';
import { useDeleteCombo } from '../api/delete-combo';
import { useCombos } from '../api/list-combos';
import { countOf } from '@tienda/shared/plural';

// spec §2 Combos admin: a searchable paged table; 'Add combo' to /crear-combo; edit; delete with confirmation.
export function Component() {
  const combos = useCombos();
  const remove = useDeleteCombo();
  useLoggedError(ADMIN_ERRORS.combosLoadFailed, combos.error);

  return (
    <AdminListPage
      title="Administración de Combos"
      addAction={<AddLink to="/crear-combo" label="Agregar combo" english="Add combo" />}
      query={combos}
      matches={matchesNameOrDescription}
      {...catalogueList(<GiftIcon />)}
      search={{
        placeholder: 'Buscar combo por nombre o descripción...',
        found: (count) => countOf(count, 'combo encontrado', 'combos encontrados'),
      }}
      notice={remove.isError && <ErrorNotice>{ADMIN_ERRORS.comboDeleteFailed}</ErrorNotice>}
      errorText={ADMIN_ERRORS.combosLoadFailed}
      emptyText={ADMIN_ERRORS.noCombos}
      // With no combos at all, spec §8's 'no combos' message stands even while a term is typed.
      noMatchText={combos.data?.length ? 'Ningún combo coincide con la búsqueda.' : ADMIN_ERRORS.noCombos}
      deletion={{
        remove,
        title: 'Eliminar combo',
        question: '¿Estás seguro que deseas eliminar este combo?',
        deletedText: ADMIN_ERRORS.comboDeleted,
        // spec §8: 'Error al eliminar el combo' on the page (remove.isError), with the toast 'Hubo un error al eliminar el combo'.
        onFailed: () => toast.error(ADMIN_ERRORS.comboDeleteFailedToast),
      }}
      caption="Combos"
      rowKey={(c) => c.comboId}
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
      actions={(c) => <EditLink to={`/editar-combo/${c.comboId}`} name={c.name} />}
      pagesLabel="Páginas de combos"
    />
  );
}
