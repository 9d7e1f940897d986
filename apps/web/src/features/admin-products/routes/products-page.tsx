import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import type { Product } from '@tienda/shared/catalog';
import { ERRORS } from '@tienda/shared/messages';
import { discountedPrice, formatDollars } from '@tienda/shared/pricing';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Pagination } from '../../../components/ui/pagination';
import { discountLabel } from '../../../components/ui/price';
import { assetUrl } from '../../../lib/api-client';
import { AdminPage } from '../../admin-shared/components/admin-page';
import { DataTable } from '../../admin-shared/components/data-table';
import { ImageIcon, PencilIcon, PlusIcon, TrashIcon } from '../../admin-shared/components/icons';
import { SearchBox } from '../../admin-shared/components/search-box';
import { EmptyNotice, ErrorNotice, ListSkeleton } from '../../admin-shared/components/state-views';
import { rowButton, rowButtonDanger } from '../../admin-shared/components/styles';
import { matchesTerm } from '../../admin-shared/lib/admin-search';
import { usePaged } from '../../admin-shared/lib/use-paged';
import { useSearchParam } from '../../admin-shared/lib/use-search-param';
import { useCategories } from '../../admin-categories/api/list-categories';
import { useDeleteProduct } from '../api/delete-product';
import { useProducts } from '../api/list-products';
import { ProductDialog } from '../components/product-dialog';

/** spec §2/§9: prices in product admin are shown with '$'; a discount shows the struck original, the price paid and '−N%'. */
function AdminPrice({ price, discount }: { price: number; discount: number }) {
  if (!(discount > 0)) return <span className="tabular-nums font-bold">{formatDollars(price)}</span>;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 tabular-nums">
      <s className="text-ink-soft">
        <span className="sr-only">Antes</span>{' '}
        {formatDollars(price)}
      </s>
      <span className="font-bold text-ink">
        <span className="sr-only">Ahora</span>{' '}
        {formatDollars(discountedPrice(price, discount))}
      </span>
      <span className="rounded-full bg-coral-light px-2 py-0.5 text-xs font-bold text-danger">{discountLabel(discount)}</span>
    </span>
  );
}

function Thumbnail({ product, size }: { product: Product; size: number }) {
  const src = assetUrl(product.thumbnailUrl ?? product.imageUrl);
  if (!src) {
    return (
      <span style={{ width: size, height: size }} className="flex shrink-0 items-center justify-center rounded-xl bg-sand text-ink-soft">
        <ImageIcon />
      </span>
    );
  }
  return <img src={src} alt={product.name} width={size} height={size} loading="lazy" className="shrink-0 rounded-xl border border-sand bg-cream object-cover" style={{ width: size, height: size }} />;
}

type Editing = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; product: Product };

// spec §2 Product admin ('Administración de Productos').
export function Component() {
  const products = useProducts();
  const categories = useCategories();
  const [term, setTerm] = useSearchParam('q');
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const remove = useDeleteProduct();

  useEffect(() => {
    if (products.error) console.error(ERRORS.adminProductsLoadFailed, products.error);
  }, [products.error]);

  // spec §9: name and description, case-insensitive substring.
  const filtered = (products.data ?? []).filter((p) => matchesTerm(term, [p.name, p.description]));
  const paged = usePaged(filtered, term);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.productId, {
      onSuccess: () => {
        toast.success('Producto eliminado');
        setToDelete(null);
      },
      onError: () => toast.error(ERRORS.deleteFailed),
    });
  };

  return (
    <AdminPage
      title="Administración de Productos"
      back={{ to: '/admin/inicio', label: 'Volver al panel' }}
      actions={
        <button type="button" className="btn-primary" onClick={() => setEditing({ mode: 'create' })}>
          <PlusIcon /> Crear Producto
        </button>
      }
    >
      <div className="mb-5 flex flex-col gap-4">
        <SearchBox
          label="Buscar productos"
          placeholder="Buscar producto..."
          value={term}
          onChange={setTerm}
          resultText={products.data ? `${filtered.length} productos encontrados` : undefined}
        />
        {categories.isError && <ErrorNotice>{ERRORS.adminCategoriesLoadFailed}</ErrorNotice>}
      </div>
      {products.isPending ? (
        <ListSkeleton />
      ) : products.isError ? (
        <ErrorNotice
          action={
            <button type="button" className={rowButton} onClick={() => void products.refetch()}>
              Reintentar
            </button>
          }
        >
          {ERRORS.adminProductsLoadFailed}
        </ErrorNotice>
      ) : filtered.length === 0 ? (
        <EmptyNotice>{term ? 'Ningún producto coincide con la búsqueda.' : ERRORS.noProducts}</EmptyNotice>
      ) : (
        <>
          <DataTable
            caption="Productos"
            rows={paged.pageItems}
            rowKey={(p) => p.productId}
            cardTitle={(p) => p.name}
            cardMedia={(p) => <Thumbnail product={p} size={56} />}
            tableFrom="lg"
            columns={[
              { key: 'id', header: 'ID', cell: (p) => p.productId, className: 'w-14 tabular-nums' },
              { key: 'name', header: 'Nombre', cell: (p) => <span className="font-bold">{p.name}</span>, hideOnCard: true },
              { key: 'price', header: 'Precio', cell: (p) => <AdminPrice price={p.price} discount={p.discount} /> },
              {
                key: 'stock',
                header: 'Stock',
                cell: (p) => <span className={`tabular-nums ${p.stock <= 3 ? 'font-bold text-danger' : ''}`}>{p.stock}</span>,
              },
              // spec §2: categories joined by commas.
              { key: 'categories', header: 'Categorías', cell: (p) => p.categories.join(', ') || '—' },
              { key: 'image', header: 'Imagen', cell: (p) => <Thumbnail product={p} size={48} />, hideOnCard: true },
            ]}
            actions={(p) => (
              <>
                <button type="button" className={rowButton} onClick={() => setEditing({ mode: 'edit', product: p })}>
                  <PencilIcon width={16} height={16} /> Editar <span className="sr-only">{p.name}</span>
                </button>
                <button type="button" className={rowButtonDanger} onClick={() => setToDelete(p)}>
                  <TrashIcon width={16} height={16} /> Eliminar <span className="sr-only">{p.name}</span>
                </button>
              </>
            )}
          />
          <div className="mt-6">
            <Pagination page={paged.page} pageCount={paged.pageCount} onPageChange={paged.setPage} label="Páginas de productos" />
          </div>
        </>
      )}
      <ProductDialog
        open={editing.mode !== 'closed'}
        product={editing.mode === 'edit' ? editing.product : null}
        categories={categories.data ?? []}
        categoriesError={categories.isError ? ERRORS.adminCategoriesLoadFailed : undefined}
        onClose={() => setEditing({ mode: 'closed' })}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Eliminar producto"
        message={
          <>
            <p>¿Estás seguro que deseas eliminar este producto?</p>
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
