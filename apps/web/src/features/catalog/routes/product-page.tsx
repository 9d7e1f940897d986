import { useParams } from 'react-router';
import { ERRORS } from '@tienda/shared/messages';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useProduct } from '../api/get-product';
import { ItemDetail, ItemDetailError, ItemDetailSkeleton } from '../components/item-detail';

/** spec §2 /producto/{id}: loading, error ('Error al cargar el producto' in red), loaded. */
export function Component() {
  const { id } = useParams();
  const productId = Number(id);
  const validId = Number.isSafeInteger(productId) && productId > 0;
  const product = useProduct(productId);
  useDocumentTitle(product.data?.name ?? 'Producto');

  if (!validId || product.isError) return <ItemDetailError message={ERRORS.productLoadFailed} />;
  if (!product.data) return <ItemDetailSkeleton />;
  const p = product.data;
  return (
    <ItemDetail
      key={p.productId}
      item={{
        kind: 'product',
        id: p.productId,
        name: p.name,
        description: p.description,
        price: p.price,
        discount: p.discount,
        stock: p.stock,
        images: [p.imageUrl, ...p.productImages].filter((url): url is string => Boolean(url)),
        categories: p.categoryIds
          .map((categoryId, index) => ({ id: categoryId, name: p.categories[index] ?? '' }))
          .filter((c) => c.name),
      }}
    />
  );
}
