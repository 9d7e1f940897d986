import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LOCAL_DELIVERY_FEE_TEXT, NATIONAL_DELIVERY_FEE_TEXT } from '@tienda/shared/pricing';
import { ArrowLeftIcon, CartIcon, ShieldIcon, TruckIcon } from '../../../components/ui/icons';
import { Price } from '../../../components/ui/price';
import { QuantitySelector } from '../../../components/ui/quantity-selector';
import { Skeleton, SkeletonBars, SkeletonScreen } from '../../../components/ui/skeleton';
import { StockBadge } from '../../../components/ui/stock-badge';
import { WhatsAppLink } from '../../../components/ui/whatsapp-link';
import { askAboutItemText, askShopOnWhatsAppUrl, whatsAppShareUrl } from '../../../lib/whatsapp';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { pageUrl as currentPageUrl } from '../../../lib/page-url';
import { useAddToCart } from '../api/add-to-cart';
import { useQuantityToAdd } from '../lib/use-quantity-to-add';
import type { SaleItem } from './catalog-card';
import { ImageGallery } from './image-gallery';
import { StockAlertOffer } from './stock-alert';
import { cn } from '../../../lib/class-names';

export interface DetailItem extends SaleItem {
  /** Main image first, then the extras. */
  images: string[];
  categories?: Array<{ id: number; name: string }>;
}

/** The gallery's pictures: the main image first, then the extras; an item may have no main image. */
export function galleryImages(main: string | null, extras: readonly string[]): string[] {
  return [main, ...extras].filter((url): url is string => Boolean(url));
}

/** Back: to where the visitor came from, or to the shop when the page was opened directly (a shared link). */
export function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <button
      type="button"
      className="btn-ghost -ml-2 text-brand-dark"
      onClick={() => (location.key !== 'default' ? navigate(-1) : navigate('/tienda'))}
    >
      <ArrowLeftIcon size={20} />
      Volver
    </button>
  );
}

/** The body of the product and combo pages: gallery, name, price, stock, description, quantity and add (spec §2, §5). */
export function ItemDetail({ item, children }: { item: DetailItem; children?: ReactNode }) {
  const { quantity, setQuantity, max, soldOut, addChosen } = useQuantityToAdd(item);
  const cart = useAddToCart('detail');
  const busy = cart.isBusy(item.kind, item.id);
  const pageUrl = currentPageUrl();

  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 pb-6 sm:pt-6">
      <BackButton />
      <div className="mt-2 grid gap-6 md:grid-cols-2 md:gap-10 lg:gap-14">
        <ImageGallery images={item.images} name={item.name} />
        <div className="flex flex-col gap-4">
          {item.categories && item.categories.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Categorías">
              {item.categories.map((category) => (
                <li key={category.id}>
                  <Link
                    to={`/tienda?categorias=${category.id}`}
                    className={cn(
                      'inline-flex min-h-8 items-center rounded-full bg-brand-light',
                      'px-3 text-sm font-bold text-brand-dark hover:bg-brand/20',
                    )}
                  >
                    {category.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {item.kind === 'combo' && (
            <p className="self-start rounded-full bg-lavender px-3 py-1 text-sm font-bold text-[#4a2f8a]">
              Combo especial
            </p>
          )}
          <h1 className="font-display text-3xl leading-tight font-bold text-ink sm:text-4xl">{item.name}</h1>
          <Price price={item.price} discount={item.discount} size="lg" />
          <StockBadge stock={item.stock} className="self-start text-sm" />
          <p className="text-lg leading-relaxed whitespace-pre-line text-ink-soft">{item.description}</p>

          <div className="mt-2 flex flex-col gap-3 rounded-3xl bg-white p-4 shadow-sm sm:p-5">
            <div className="flex flex-wrap items-center gap-3">
              {item.kind === 'product' ? (
                <QuantitySelector
                  value={quantity}
                  onChange={setQuantity}
                  max={max}
                  label={item.name}
                  disabled={busy || soldOut}
                />
              ) : (
                <p className="font-semibold text-ink-soft">Cantidad: 1 combo</p>
              )}
              <button
                type="button"
                className="btn-accent min-h-12 min-w-[min(13rem,100%)] flex-1 text-lg"
                disabled={soldOut || busy}
                onClick={() =>
                  addChosen((chosen) => cart.add({ kind: item.kind, id: item.id, name: item.name, quantity: chosen }))
                }
              >
                {busy ? (
                  'Agregando…'
                ) : (
                  <>
                    <CartIcon size={22} />
                    Agregar al carrito
                  </>
                )}
              </button>
            </div>
            {soldOut &&
              (item.kind === 'product' ? (
                <StockAlertOffer productId={item.id} />
              ) : (
                <p className="text-sm font-semibold text-ink-soft">
                  Por ahora está agotado. Escríbenos y te avisamos cuando vuelva.
                </p>
              ))}
            {/* Why + stopped (spec §5: disabled at the stock, and 99 at most), said where it stopped. */}
            <p role="status" className="text-sm text-ink-soft empty:hidden">
              {item.kind === 'product' && !soldOut && max > 1 && quantity >= max
                ? max === item.stock
                  ? `Son todas las unidades que tenemos (${max}).`
                  : `Puedes agregar hasta ${max} unidades a la vez.`
                : ''}
            </p>
            <div className="grid gap-2 sm:grid-cols-2">
              <WhatsAppLink href={askShopOnWhatsAppUrl(askAboutItemText(item.kind, item.name, pageUrl))}>
                Preguntar por WhatsApp
              </WhatsAppLink>
              <WhatsAppLink href={whatsAppShareUrl(item.name, pageUrl)} look="outline">
                Compartir por WhatsApp
              </WhatsAppLink>
            </div>
          </div>

          <ul className="grid gap-3 text-sm text-ink-soft sm:grid-cols-2">
            <li className="flex items-start gap-2">
              <TruckIcon size={20} className="mt-0.5 shrink-0 text-brand" />
              <span>
                Envío a todo Honduras: <strong className="text-ink">{LOCAL_DELIVERY_FEE_TEXT}</strong> en San Pedro
                Sula, <strong className="text-ink">{NATIONAL_DELIVERY_FEE_TEXT}</strong> al resto del país.
              </span>
            </li>
            <li className="flex items-start gap-2">
              <ShieldIcon size={20} className="mt-0.5 shrink-0 text-brand" />
              <span>Paga por transferencia, enlace de pago o contra entrega.</span>
            </li>
          </ul>
        </div>
      </div>
      {children}
    </div>
  );
}

/** spec §2: a product's or combo's page: the skeleton while loading, the spec's red text on error, then the item. */
export function ItemDetailState<T extends { name: string }>({
  query,
  validId,
  title,
  errorMessage,
  children,
}: {
  query: { data?: T; isError: boolean };
  validId: boolean;
  /** The tab's title until the item's name is known. */
  title: string;
  errorMessage: string;
  children: (item: T) => ReactNode;
}) {
  useDocumentTitle(query.data?.name ?? title);
  if (!validId || query.isError) return <ItemDetailError message={errorMessage} />;
  if (!query.data) return <ItemDetailSkeleton />;
  return children(query.data);
}

export function ItemDetailSkeleton() {
  return (
    <SkeletonScreen className="mx-auto max-w-6xl px-4 pt-4 pb-6 sm:pt-6">
      <Skeleton className="h-11 w-24 rounded-full" />
      <div className="mt-2 grid gap-6 md:grid-cols-2 md:gap-10">
        <Skeleton className="aspect-square w-full rounded-2xl" />
        <SkeletonBars
          className="space-y-4"
          bars={[
            'h-6 w-24 rounded-full',
            'h-10 w-4/5',
            'h-9 w-40',
            'h-6 w-28 rounded-full',
            'h-24 w-full',
            'h-24 w-full rounded-3xl',
          ]}
        />
      </div>
    </SkeletonScreen>
  );
}

export function ItemDetailError({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 pb-16 sm:pt-6">
      <BackButton />
      <div className="mx-auto mt-8 max-w-lg rounded-3xl bg-white p-8 text-center shadow-sm">
        <p role="alert" className="font-display text-2xl font-semibold text-danger">
          {message}
        </p>
        <p className="mt-2 text-ink-soft">Puede que ya no esté disponible o que tu conexión haya fallado.</p>
        <Link to="/tienda" className="btn-primary mt-6">
          Ir a la tienda
        </Link>
      </div>
    </div>
  );
}
