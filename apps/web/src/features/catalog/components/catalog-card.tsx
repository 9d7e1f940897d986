import { Link } from 'react-router';
import { CartIcon } from '../../../components/ui/icons';
import { Price, discountLabel } from '../../../components/ui/price';
import { ProductImage } from '../../../components/ui/product-image';
import { QuantitySelector } from '../../../components/ui/quantity-selector';
import { Skeleton, SkeletonBars } from '../../../components/ui/skeleton';
import { StockBadge } from '../../../components/ui/stock-badge';
import { truncateDescription } from '../lib/truncate';
import { useQuantityToAdd } from '../lib/use-quantity-to-add';
import { cn } from '../../../lib/class-names';

/** What the shop sells, as both its cards and the detail pages show it. */
export interface SaleItem {
  kind: 'product' | 'combo';
  id: number;
  name: string;
  description: string;
  price: number;
  discount: number;
  stock: number;
}

export interface CatalogCardItem extends SaleItem {
  imageUrl: string | null;
}

export interface CatalogCardProps {
  item: CatalogCardItem;
  /** Resolves true when the item went into the cart (the quantity then goes back to 1). */
  onAdd: (quantity: number) => Promise<boolean>;
  busy: boolean;
  priority?: boolean;
}

export const itemHref = (item: Pick<CatalogCardItem, 'kind' | 'id'>) =>
  item.kind === 'product' ? `/producto/${item.id}` : `/combo/${item.id}`;

/** A shop card (spec §2 /tienda): picture, name, description cut at 100 characters, price, stock, quantity and add. */
export function CatalogCard({ item, onAdd, busy, priority }: CatalogCardProps) {
  const { quantity, setQuantity, max, soldOut, addChosen } = useQuantityToAdd(item);
  const href = itemHref(item);
  return (
    <article className="card group relative flex h-full flex-col overflow-hidden" data-testid="catalog-card">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="relative block overflow-hidden bg-white">
        <ProductImage
          src={item.imageUrl}
          alt=""
          priority={priority}
          className={cn(
            'transition duration-300 group-hover:scale-[1.03]',
            'motion-reduce:transition-none',
            soldOut ? 'opacity-60 grayscale-[40%]' : '',
          )}
        />
        {item.discount > 0 && (
          <span className="absolute top-2 left-2 rounded-full bg-coral px-2 py-0.5 text-sm font-bold text-white shadow">
            {discountLabel(item.discount)}
          </span>
        )}
        {item.kind === 'combo' && (
          <span className="absolute top-2 right-2 rounded-full bg-lavender px-2 py-0.5 text-xs font-bold text-[#4a2f8a] shadow-sm">
            Combo
          </span>
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        {/* The shop's results sit right under its h1: each card's name is the next level (Lighthouse heading-order). */}
        <h2 className="font-display text-base leading-snug font-semibold text-ink sm:text-lg">
          <Link
            to={href}
            className="line-clamp-2 rounded hover:text-brand focus-visible:outline-offset-0"
            data-testid="card-name"
          >
            {item.name}
          </Link>
        </h2>
        <p className="text-sm text-ink-soft" data-testid="card-description">
          {truncateDescription(item.description)}
        </p>
        <div className="mt-auto flex flex-col gap-2 pt-1">
          <Price price={item.price} discount={item.discount} size="sm" hideBadge />
          <StockBadge stock={item.stock} className="self-start" />
          {item.kind === 'product' && (
            <QuantitySelector
              value={quantity}
              onChange={setQuantity}
              max={max}
              label={item.name}
              size="sm"
              disabled={busy || soldOut}
            />
          )}
          <button
            type="button"
            className="btn-primary w-full px-3 text-sm sm:text-base"
            disabled={soldOut || busy}
            onClick={() => addChosen(onAdd)}
          >
            {busy ? (
              // spec §4 quotes both spellings; the shop's cards use this one, the detail pages 'Agregando…'.
              'Agregando...'
            ) : (
              <>
                <CartIcon size={18} />
                {/* One flex item: the button's gap went between the two words as well. */}
                <span>
                  Agregar <span className="sr-only sm:not-sr-only">al carrito</span>
                </span>
              </>
            )}
          </button>
        </div>
      </div>
    </article>
  );
}

export function CatalogCardSkeleton() {
  return (
    <div className="card overflow-hidden" aria-hidden="true">
      <Skeleton className="aspect-square w-full rounded-none" />
      <SkeletonBars
        className="space-y-2 p-3 sm:p-4"
        bars={['h-5 w-4/5', 'h-4 w-full', 'h-4 w-2/3', 'h-5 w-1/3', 'mt-2 h-11 w-full rounded-full']}
      />
    </div>
  );
}
