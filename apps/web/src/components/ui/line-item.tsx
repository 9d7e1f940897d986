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
      <div className="w-14 shrink-0 overflow-hidden rounded-xl border border-sand">
        <ProductImage src={imageUrl} alt="" sizes="56px" />
      </div>
      <div className="min-w-0 flex-1">
        <p className="leading-snug font-semibold text-ink">{name}</p>
        <p className="text-sm text-ink-soft">{detail}</p>
      </div>
      <p className="font-semibold whitespace-nowrap text-ink">{formatLempiras(amount)}</p>
    </li>
  );
}
