import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { Combo } from '@tienda/shared/catalog';
import { ERRORS } from '@tienda/shared/messages';
import { formatLempiras } from '@tienda/shared/pricing';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { assetUrl } from '../../../lib/api-client';
import { AdminPage } from '../../admin-shared/components/admin-page';
import { DataTable } from '../../admin-shared/components/data-table';
import { GiftIcon, PencilIcon, PlusIcon, TrashIcon } from '../../admin-shared/components/icons';
import { Pager } from '../../admin-shared/components/pager';
import { SearchBox } from '../../admin-shared/components/search-box';
import { EmptyNotice, ErrorNotice, ListSkeleton } from '../../admin-shared/components/state-views';
import { rowButton, rowButtonDanger } from '../../admin-shared/components/styles';
import { matchesTerm } from '../../admin-shared/lib/admin-search';
import { usePaged } from '../../admin-shared/lib/use-paged';
import { useSearchParam } from '../../admin-shared/lib/use-search-param';
import { useDeleteCombo } from '../api/delete-combo';
import { useCombos } from '../api/list-combos';

function ComboImage({ combo, size }: { combo: Combo; size: number }) {
  const src = assetUrl(combo.thumbnailUrl ?? combo.imageUrl);
  if (!src) {
    return (
      <span style={{ width: size, height: size }} className="flex shrink-0 items-center justify-center rounded-xl bg-sand text-ink-soft">
        <GiftIcon />
      </span>
    );
  }
  return <img src={src} alt={combo.name} width={size} height={size} loading="lazy" className="shrink-0 rounded-xl border border-sand object-cover" style={{ width: size, height: size }} />;
}

// spec §2 Combos admin: a searchable paged table; 'Add combo' to /crear-combo; edit; delete with confirmation.
export function Component() {
  const combos = useCombos();
  const [term, setTerm] = useSearchParam('q');
  const [toDelete, setToDelete] = useState<Combo | null>(null);
  const [deleteFailed, setDeleteFailed] = useState(false);
  const remove = useDeleteCombo();

  useEffect(() => {
    if (combos.error) console.error(ERRORS.combosLoadFailed, combos.error);
  }, [combos.error]);

  // spec §9: name and description.
  const filtered = (combos.data ?? []).filter((c) => matchesTerm(term, [c.name, c.description]));
  const paged = usePaged(filtered, term);

  const confirmDelete = () => {
    if (!toDelete) return;
    setDeleteFailed(false);
    remove.mutate(toDelete.comboId, {
      onSuccess: () => {
        toast.success(ERRORS.comboDeleted);
        setToDelete(null);
      },
      // spec §8: 'Error al eliminar el combo' on the page, with the toast 'Hubo un error al eliminar el combo'.
      onError: () => {
        setDeleteFailed(true);
        toast.error(ERRORS.comboDeleteFailedToast);
        setToDelete(null);
      },
    });
  };

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
          value={term}
          onChange={setTerm}
          resultText={combos.data ? `${filtered.length} combos encontrados` : undefined}
        />
        {deleteFailed && <ErrorNotice>{ERRORS.comboDeleteFailed}</ErrorNotice>}
      </div>
      {combos.isPending ? (
        <ListSkeleton />
      ) : combos.isError ? (
        <ErrorNotice
          action={
            <button type="button" className={rowButton} onClick={() => void combos.refetch()}>
              Reintentar
            </button>
          }
        >
          {ERRORS.combosLoadFailed}
        </ErrorNotice>
      ) : filtered.length === 0 ? (
        <EmptyNotice>{term && (combos.data ?? []).length > 0 ? 'Ningún combo coincide con la búsqueda.' : ERRORS.noCombos}</EmptyNotice>
      ) : (
        <>
          <DataTable
            caption="Combos"
            rows={paged.pageItems}
            rowKey={(c) => c.comboId}
            cardTitle={(c) => c.name}
            cardMedia={(c) => <ComboImage combo={c} size={56} />}
            columns={[
              { key: 'id', header: 'ID', cell: (c) => c.comboId, className: 'w-14 tabular-nums' },
              { key: 'image', header: 'Imagen', cell: (c) => <ComboImage combo={c} size={48} />, hideOnCard: true },
              { key: 'name', header: 'Nombre', cell: (c) => <span className="font-bold">{c.name}</span>, hideOnCard: true },
              { key: 'price', header: 'Precio', cell: (c) => <span className="whitespace-nowrap tabular-nums">{formatLempiras(c.price)}</span> },
              { key: 'stock', header: 'Stock', cell: (c) => <span className="tabular-nums">{c.stock}</span> },
              {
                key: 'products',
                header: 'Productos',
                cell: (c) => <span className="line-clamp-2 text-ink-soft">{c.products.map((p) => p.name).join(', ') || '—'}</span>,
              },
            ]}
            actions={(c) => (
              <>
                <Link to={`/editar-combo/${c.comboId}`} className={rowButton}>
                  <PencilIcon width={16} height={16} /> Editar <span className="sr-only">{c.name}</span>
                </Link>
                <button type="button" className={rowButtonDanger} onClick={() => setToDelete(c)}>
                  <TrashIcon width={16} height={16} /> Eliminar <span className="sr-only">{c.name}</span>
                </button>
              </>
            )}
          />
          <Pager page={paged.page} pageCount={paged.pageCount} onChange={paged.setPage} label="Páginas de combos" />
        </>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Eliminar combo"
        message={
          <>
            <p>¿Estás seguro que deseas eliminar este combo?</p>
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
