import { useState } from 'react';
import { toast } from 'react-toastify';
import type { Product } from '@tienda/shared/catalog';
import { ERRORS } from '@tienda/shared/messages';
import { discountedPrice, formatDollars } from '@tienda/shared/pricing';
import { Pagination } from '../../../components/ui/pagination';
import { discountLabel } from '../../../components/ui/price';
import { AdminPage } from '../../admin-shared/components/admin-page';
import { idColumn, imageColumn, nameColumn } from '../../admin-shared/components/columns';
import { DataTable } from '../../admin-shared/components/data-table';
import { useDeleteConfirmation } from '../../admin-shared/components/delete-confirmation';
import { ImageIcon, PlusIcon } from '../../admin-shared/components/icons';
import { DeleteButton, EditButton } from '../../admin-shared/components/row-actions';
import { SearchBox } from '../../admin-shared/components/search-box';
import { ErrorNotice, ListState } from '../../admin-shared/components/state-views';
import { Thumbnail } from '../../admin-shared/components/thumbnail';
import { matchesTerm } from '../../admin-shared/lib/admin-search';
import { useLoggedError } from '../../admin-shared/lib/use-logged-error';
import { useSearchedPage } from '../../admin-shared/lib/use-searched-page';
import { useCategories } from '../../../lib/api/categories';
import { useDeleteProduct } from '../api/delete-product';
import { useProducts } from '../../../lib/api/products';
import { ProductDialog } from '../components/product-dialog';

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

// spec §2 Product admin ('Administración de Productos').
export function Component() {
  const products = useProducts();
  const categories = useCategories();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  useLoggedError(ERRORS.adminProductsLoadFailed, products.error);

  // spec §9: name and description, case-insensitive substring.
  const list = useSearchedPage(products.data, (p, term) => matchesTerm(term, [p.name, p.description]));
  const deletion = useDeleteConfirmation<Product>({
    remove: useDeleteProduct(),
    idOf: (p) => p.productId,
    title: 'Eliminar producto',
    question: '¿Estás seguro que deseas eliminar este producto?',
    describe: (p) => p.name,
    deletedText: 'Producto eliminado',
    onFailed: () => toast.error(ERRORS.deleteFailed),
    keepOpenOnError: true,
  });

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
          value={list.term}
          onChange={list.setTerm}
          resultText={products.data ? `${list.filtered.length} productos encontrados` : undefined}
        />
        {categories.isError && <ErrorNotice>{ERRORS.adminCategoriesLoadFailed}</ErrorNotice>}
      </div>
      <ListState
        query={products}
        errorText={ERRORS.adminProductsLoadFailed}
        emptyText={
          list.filtered.length === 0 && (list.term ? 'Ningún producto coincide con la búsqueda.' : ERRORS.noProducts)
        }
      >
        <DataTable
          caption="Productos"
          rows={list.pageItems}
          rowKey={(p) => p.productId}
          cardTitle={(p) => p.name}
          cardMedia={(p) => <Thumbnail item={p} size={56} icon={<ImageIcon />} />}
          tableFrom="lg"
          columns={[
            idColumn((p: Product) => p.productId),
            nameColumn(),
            { key: 'price', header: 'Precio', cell: (p) => <AdminPrice price={p.price} discount={p.discount} /> },
            {
              key: 'stock',
              header: 'Stock',
              cell: (p) => (
                <span className={`tabular-nums ${p.stock <= 3 ? 'font-bold text-danger' : ''}`}>{p.stock}</span>
              ),
            },
            // spec §2: categories joined by commas.
            { key: 'categories', header: 'Categorías', cell: (p) => p.categories.join(', ') || '—' },
            imageColumn(<ImageIcon />),
          ]}
          actions={(p) => (
            <>
              <EditButton onClick={() => setEditing({ mode: 'edit', product: p })} name={p.name} />
              <DeleteButton onClick={() => deletion.ask(p)} name={p.name} />
            </>
          )}
        />
        <div className="mt-6">
          <Pagination
            page={list.page}
            pageCount={list.pageCount}
            onPageChange={list.setPage}
            label="Páginas de productos"
          />
        </div>
      </ListState>
      <ProductDialog
        open={editing.mode !== 'closed'}
        product={editing.mode === 'edit' ? editing.product : null}
        categories={categories.data ?? []}
        categoriesError={categories.isError ? ERRORS.adminCategoriesLoadFailed : undefined}
        onClose={() => setEditing({ mode: 'closed' })}
      />
      {deletion.dialog}
    </AdminPage>
  );
}
