import { useState } from 'react';
import { toast } from 'react-toastify';
import type { Product } from '@tienda/shared/catalog';
import { ADMIN_ERRORS } from '@tienda/shared/admin-messages';
import { discountedPrice, formatDollars } from '@tienda/shared/pricing';
import { discountLabel } from '../../../components/ui/price';
import { AdminListView, catalogueList } from '../../admin-shared/components/admin-list-page';
import { idColumn, imageColumn, nameColumn } from '../../admin-shared/components/columns';
import { ImageIcon, PlusIcon } from '../../admin-shared/components/icons';
import { EditButton } from '../../admin-shared/components/row-actions';
import { ErrorNotice } from '../../admin-shared/components/state-views';
import { useLoggedError } from '../../admin-shared/lib/use-logged-error';
import { useCategories } from '../../../lib/api/categories';
import { useDeleteProduct } from '../api/delete-product';
import { useAdminProductList } from '../api/list-products';
import { ProductDialog } from '../components/product-dialog';
import { countOf } from '@tienda/shared/plural';
import { ApiError } from '../../../lib/api-client';

/** spec §2/§9: prices in product admin are shown with '$'; a discount shows the struck original, the price paid and '−N%'. */
function AdminPrice({ price, discount }: { price: number; discount: number }) {
  if (!(discount > 0)) return <span className="tabular-nums font-bold">{formatDollars(price)}</span>;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 tabular-nums">
      <s className="text-ink-soft">
        <span className="sr-only">Antes</span> {formatDollars(price)}
      </s>
      <span className="font-bold text-ink">
        <span className="sr-only">Ahora</span> {formatDollars(discountedPrice(price, discount))}
      </span>
      <span className="rounded-full bg-coral-light px-2 py-0.5 text-xs font-bold text-danger">
        {discountLabel(discount)}
      </span>
    </span>
  );
}

type Editing = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; product: Product };

/** The server refused the delete for a reason it names (a product that combos hold): Ok again cannot change it. */
const isRefusal = (error: Error) => error instanceof ApiError && error.status === 409 && error.message !== '';
/** spec §8 Products: 'Error al eliminar', or the server's reason when it refuses. */
const deleteFailedText = (error: Error) => (isRefusal(error) ? error.message : ADMIN_ERRORS.deleteFailed);

// spec §2 Product admin ('Administración de Productos'), searched and paged by the server: a shop of 50,000 toys is
// administered from a phone too.
export function Component() {
  const { query: products, list } = useAdminProductList();
  const categories = useCategories();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  useLoggedError(ADMIN_ERRORS.adminProductsLoadFailed, products.error);

  return (
    <AdminListView
      title="Administración de Productos"
      addAction={
        <button type="button" className="btn-primary" onClick={() => setEditing({ mode: 'create' })}>
          <PlusIcon /> Crear Producto
        </button>
      }
      query={products}
      list={list}
      {...catalogueList<Product>(<ImageIcon />)}
      search={{
        placeholder: 'Buscar producto...',
        found: (count) => countOf(count, 'producto encontrado', 'productos encontrados'),
      }}
      notice={categories.isError && <ErrorNotice>{ADMIN_ERRORS.adminCategoriesLoadFailed}</ErrorNotice>}
      errorText={ADMIN_ERRORS.adminProductsLoadFailed}
      emptyText={ADMIN_ERRORS.noProducts}
      noMatchText="Ningún producto coincide con la búsqueda."
      deletion={{
        remove: useDeleteProduct(),
        title: 'Eliminar producto',
        question: '¿Estás seguro que deseas eliminar este producto?',
        deletedText: 'Producto eliminado',
        onFailed: (error) => toast.error(deleteFailedText(error)),
        keepOpenOnError: (error) => !isRefusal(error),
      }}
      caption="Productos"
      rowKey={(p) => p.productId}
      tableFrom="lg"
      columns={[
        idColumn((p: Product) => p.productId),
        nameColumn(),
        { key: 'price', header: 'Precio', cell: (p) => <AdminPrice price={p.price} discount={p.discount} /> },
        {
          key: 'stock',
          header: 'Stock',
          cell: (p) => <span className={`tabular-nums ${p.stock <= 3 ? 'font-bold text-danger' : ''}`}>{p.stock}</span>,
        },
        // spec §2: categories joined by commas.
        { key: 'categories', header: 'Categorías', cell: (p) => p.categories.join(', ') || '—' },
        imageColumn(<ImageIcon />),
      ]}
      actions={(p) => <EditButton onClick={() => setEditing({ mode: 'edit', product: p })} name={p.name} />}
      pagesLabel="Páginas de productos"
      numberedPages
    >
      <ProductDialog
        open={editing.mode !== 'closed'}
        product={editing.mode === 'edit' ? editing.product : null}
        categories={categories.data ?? []}
        categoriesError={categories.isError ? ADMIN_ERRORS.adminCategoriesLoadFailed : undefined}
        onClose={() => setEditing({ mode: 'closed' })}
      />
    </AdminListView>
  );
}
