import type { ReactNode } from 'react';
import { formatLempiras } from '@tienda/shared/pricing';
import { ProductImage } from './product-image';

export interface LineItemProps {
  imageUrl: string | null | undefined;
  name: ReactNode;
  /** The small line under the name (quantity, unit price…). */
  detail: ReactNode;
  /** The line's amount in lempiras. */
  amount: number;
  className?: string;
}

/** One row of a list of bought lines (an order, a summary): thumbnail, name, detail and amount. */
export function LineItem({ imageUrl, name, detail, amount, className = '' }: LineItemProps) {
  return (
    <li className={`flex items-center gap-3 py-3 ${className}`}>
      {/* In px: the picture need not grow with the phone's text size, its words do. */}
      <div className="w-[56px] shrink-0 overflow-hidden rounded-xl border border-sand">
        <ProductImage src={imageUrl} alt="" sizes="56px" />
      </div>
      {/* The amount moves under the name rather than squeeze it to a letter a line (larger text), as in the cart. */}
      <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-3">
        <div className="min-w-24 flex-1">
          <p className="leading-snug font-semibold text-ink">{name}</p>
          <p className="text-sm text-ink-soft">{detail}</p>
        </div>
        <p className="font-semibold whitespace-nowrap text-ink">{formatLempiras(amount)}</p>
      </div>
    </li>
  );
}
