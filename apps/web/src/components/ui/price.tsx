import { discountedPrice, formatLempiras } from '@tienda/shared/pricing';

export interface PriceProps {
  /** Price before any discount, in lempiras. */
  price: number;
  /** Percent off (0, null or absent: no discount). */
  discount?: number | null;
  /** Visual size of the price you pay. */
  size?: 'sm' | 'md' | 'lg';
  /** Hide the '−N%' badge (e.g. when the card shows it over the image). */
  hideBadge?: boolean;
  className?: string;
}

/** '−15%', '−12.5%' (spec §2 uses the minus sign, not a hyphen). */
export function discountLabel(discount: number): string {
  const rounded = Math.round(discount * 10) / 10;
  return `−${rounded}%`;
}

const SIZES = {
  sm: { now: 'text-base', was: 'text-xs', badge: 'text-xs px-1.5 py-0.5' },
  md: { now: 'text-xl', was: 'text-sm', badge: 'text-xs px-2 py-0.5' },
  lg: { now: 'text-3xl', was: 'text-base', badge: 'text-sm px-2.5 py-1' },
} as const;

/**
 * A price in lempiras ('L 1,250.00'). With a discount (spec §9): the original struck through, the
 * price you pay (price × (1 − discount/100), two decimals) and a '−N%' badge; screen readers hear
 * "Antes … Ahora …".
 */
export function Price({ price, discount, size = 'md', hideBadge = false, className = '' }: PriceProps) {
  const styles = SIZES[size];
  const hasDiscount = typeof discount === 'number' && discount > 0;
  if (!hasDiscount) {
    return (
      <p className={`font-display font-semibold text-ink ${styles.now} ${className}`} data-testid="price">
        {formatLempiras(price)}
      </p>
    );
  }
  return (
    // `relative` anchors the sr-only spans: inside a horizontal scroller they must not widen the page.
    <p className={`relative flex flex-wrap items-baseline gap-x-2 gap-y-1 ${className}`} data-testid="price">
      <span className={`font-display font-semibold text-coral ${styles.now}`}>
        <span className="sr-only">Ahora </span>
        <span data-testid="price-now">{formatLempiras(discountedPrice(price, discount))}</span>
      </span>
      <s className={`text-ink-soft ${styles.was}`}>
        <span className="sr-only">Antes </span>
        <span data-testid="price-was">{formatLempiras(price)}</span>
      </s>
      {!hideBadge && (
        <span
          className={`self-center rounded-full bg-coral-light font-bold text-[#9c3a25] ${styles.badge}`}
          data-testid="discount-badge"
        >
          {discountLabel(discount)}
        </span>
      )}
    </p>
  );
}
