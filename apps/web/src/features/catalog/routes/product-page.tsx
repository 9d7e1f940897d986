import { ERRORS } from '@tienda/shared/messages';
import { usePathId } from '../../../lib/use-path-id';
import { useProduct } from '../api/get-product';
import { ItemDetail, ItemDetailState } from '../components/item-detail';

/** spec §2 /producto/{id}: loading, error ('Error al cargar el producto' in red), loaded. */
export function Component() {
  const productId = usePathId();
  const product = useProduct(productId ?? 0);
  return (
    <ItemDetailState
      query={product}
      validId={productId !== null}
      title="Producto"
      errorMessage={ERRORS.productLoadFailed}
    >
      {(p) => (
        <ItemDetail
          key={p.productId}
          item={{
            ...p,
            kind: 'product',
            id: p.productId,
            images: [p.imageUrl, ...p.productImages].filter((url): url is string => Boolean(url)),
            categories: p.categoryIds
              .map((categoryId, index) => ({ id: categoryId, name: p.categories[index] ?? '' }))
              .filter((c) => c.name),
          }}
        />
      )}
    </ItemDetailState>
  );
}
