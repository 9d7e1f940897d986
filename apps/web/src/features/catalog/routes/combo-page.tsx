import { Link } from 'react-router';
import { formatLempiras, fromCents, separatePriceCents, toCents } from '@tienda/shared/pricing';
import { ERRORS } from '@tienda/shared/messages';
import { Price } from '../../../components/ui/price';
import { ProductImage } from '../../../components/ui/product-image';
import { usePathId } from '../../../lib/use-path-id';
import { useCombo, type Combo } from '../api/get-combo';
import { galleryImages, ItemDetail, ItemDetailState } from '../components/item-detail';

/** What the combo saves against buying its products separately (after their own discounts), in lempiras. */
export function comboSavings(combo: Pick<Combo, 'price' | 'products'>): number {
  return fromCents(Math.max(0, separatePriceCents(combo.products) - toCents(combo.price)));
}

/** spec §2 /combo/{id}: the product page's body plus a grid of the combo's products, each linking to it. */
export function Component() {
  const comboId = usePathId();
  const combo = useCombo(comboId ?? 0);
  return (
    <ItemDetailState query={combo} validId={comboId !== null} title="Combo" errorMessage={ERRORS.comboLoadFailed}>
      {(c) => <ComboDetail combo={c} />}
    </ItemDetailState>
  );
}

function ComboDetail({ combo: c }: { combo: Combo }) {
  const savings = comboSavings(c);
  return (
    <ItemDetail
      key={c.comboId}
      item={{ ...c, kind: 'combo', id: c.comboId, discount: 0, images: galleryImages(c.imageUrl, c.comboImages) }}
    >
      <section aria-labelledby="combo-incluye" className="mt-12">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id="combo-incluye" className="font-display text-2xl font-bold text-ink sm:text-3xl">
            Este combo incluye
          </h2>
          {savings > 0 && (
            <p className="rounded-full bg-mint px-3 py-1 text-sm font-bold text-success">
              Ahorras {formatLempiras(savings)} frente a comprarlos por separado
            </p>
          )}
        </div>
        <ul className="mt-5 grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4">
          {c.products.map((product) => (
            <li key={product.productId}>
              <Link
                to={`/producto/${product.productId}`}
                className="card group flex h-full flex-col overflow-hidden transition hover:shadow-lg"
              >
                <ProductImage
                  src={product.imageUrl}
                  alt=""
                  className="transition duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
                />
                <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
                  <p className="font-display font-semibold break-words text-ink group-hover:text-brand sm:text-lg">
                    {product.name}
                  </p>
                  <Price price={product.price} discount={product.discount} size="sm" hideBadge className="mt-auto" />
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </ItemDetail>
  );
}
