import { useEffect, useRef, type RefObject } from 'react';
import { Link } from 'react-router';
import { Price, discountLabel } from '../../../components/ui/price';
import { ProductImage } from '../../../components/ui/product-image';
import { Skeleton, SkeletonBars } from '../../../components/ui/skeleton';
import type { FeaturedProduct } from '../api/get-featured-products';
import { cn } from '../../../lib/class-names';
import { scrollBehavior } from '../../../lib/scroll';

// spec §9: auto-scroll every 4000 ms, 260 px sideways, smooth.
export const AUTO_SCROLL_MS = 4000;
export const AUTO_SCROLL_PX = 260;

/**
 * Moves a horizontal strip by AUTO_SCROLL_PX every AUTO_SCROLL_MS, back to the start after the end. Stops for good
 * once the visitor takes the strip in hand (a touch, a wheel, the keyboard focus inside it): it stays where they
 * left it, so moving content can be stopped (WCAG 2.2.2). Waits while a mouse is over it or the tab is hidden;
 * does nothing when the strip does not scroll (the grid on wider screens) or the visitor asked for reduced motion.
 */
function useAutoScroll(ref: RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    const strip = ref.current;
    if (!strip || !active || scrollBehavior() === 'auto') return;
    let hovering = false;
    const timer = window.setInterval(() => {
      if (hovering || document.hidden) return;
      if (strip.scrollWidth <= strip.clientWidth + 1) return;
      const atEnd = strip.scrollLeft + strip.clientWidth >= strip.scrollWidth - 8;
      if (atEnd) strip.scrollTo({ left: 0, behavior: 'smooth' });
      else strip.scrollBy({ left: AUTO_SCROLL_PX, behavior: 'smooth' });
    }, AUTO_SCROLL_MS);
    const stop = () => window.clearInterval(timer);
    const listeners: [string, () => void][] = [
      ['touchstart', stop],
      ['wheel', stop],
      ['focusin', stop],
      ['pointerenter', () => (hovering = true)],
      ['pointerleave', () => (hovering = false)],
    ];
    for (const [type, listener] of listeners) strip.addEventListener(type, listener, { passive: true });
    return () => {
      stop();
      for (const [type, listener] of listeners) strip.removeEventListener(type, listener);
    };
  }, [ref, active]);
}

const STRIP = cn(
  'flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto',
  'scroll-smooth px-4 motion-reduce:scroll-auto pb-4 sm:grid',
  'sm:grid-cols-2 sm:overflow-visible sm:px-0 sm:pb-0',
  'md:grid-cols-3 lg:grid-cols-4',
);
// spec §9: card minimum width 220 px, 250 px on small screens.
const CARD = 'relative w-[250px] min-w-[250px] shrink-0 snap-start sm:w-auto sm:min-w-[220px]';

/** spec §2 'Nuestros Best Sellers': a horizontal strip on phones, a 2/3/4-column grid on wider screens. */
export function FeaturedStrip({ products }: { products: FeaturedProduct[] | undefined }) {
  const stripRef = useRef<HTMLUListElement>(null);
  const items = products ?? [];
  useAutoScroll(stripRef, items.length > 0);

  if (items.length === 0) {
    // spec §4: while the list is empty it shows 'Cargando productos...' (also after a failure).
    return (
      <div>
        <p role="status" className="px-4 pb-3 text-center font-semibold text-ink-soft sm:px-0">
          Cargando productos...
        </p>
        <ul className={`${STRIP} -mx-4 sm:mx-0`} aria-hidden="true">
          {Array.from({ length: 4 }, (_, index) => (
            <li key={index} className={`${CARD} card overflow-hidden ${index > 1 ? 'hidden md:block' : ''}`}>
              <Skeleton className="aspect-square w-full rounded-none" />
              <SkeletonBars
                className="space-y-2 p-4"
                bars={['h-5 w-4/5', 'h-5 w-1/3', 'mt-3 h-11 w-full rounded-full']}
              />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <ul
      ref={stripRef}
      className={`${STRIP} -mx-4 sm:mx-0`}
      aria-label="Productos más vendidos"
      data-testid="featured-strip"
    >
      {items.map((product, index) => (
        <li key={product.productId} className={`${CARD} card group flex flex-col overflow-hidden`}>
          <Link
            to={`/producto/${product.productId}`}
            tabIndex={-1}
            aria-hidden="true"
            className="relative block overflow-hidden bg-white"
          >
            <ProductImage
              src={product.imageUrl}
              alt=""
              priority={index < 2}
              sizes="(min-width: 1024px) 270px, (min-width: 768px) 30vw, (min-width: 640px) 45vw, 250px"
              className="transition duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
            />
            {product.discount > 0 && (
              <span className="absolute top-3 left-3 rounded-full bg-coral px-2.5 py-1 text-sm font-bold text-white shadow">
                {discountLabel(product.discount)}
              </span>
            )}
          </Link>
          <div className="flex flex-1 flex-col gap-2 p-4">
            <h3 className="line-clamp-2 min-h-12 font-display text-lg leading-6 font-semibold text-ink">
              {product.name}
            </h3>
            <Price price={product.price} discount={product.discount} size="sm" hideBadge />
            <Link
              to={`/producto/${product.productId}`}
              className="btn-secondary mt-auto w-full"
              aria-label={`Ver Detalles de ${product.name}`}
            >
              Ver Detalles
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
