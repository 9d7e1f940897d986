import { ERRORS } from '@tienda/shared/messages';
import { usePathId } from '../../../lib/use-path-id';
import { useProduct, type Product } from '../api/get-product';
import { galleryImages, ItemDetail, ItemDetailState, type DetailItem } from '../components/item-detail';

/** The product as its page shows it: the gallery, and each category (a link) with its name. */
function productDetail(p: Product): DetailItem {
  return {
    ...p,
    kind: 'product',
    id: p.productId,
    images: galleryImages(p.imageUrl, p.productImages),
    categories: p.categoryIds
      .map((categoryId, index) => ({ id: categoryId, name: p.categories[index] ?? '' }))
      .filter((c) => c.name),
  };
}

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
      {(p) => <ItemDetail key={p.productId} item={productDetail(p)} />}
    </ItemDetailState>
  );
}
