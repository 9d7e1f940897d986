import type { ReactNode } from 'react';
import { formatLempiras } from '@tienda/shared/pricing';

/** Subtotal, delivery fee ('Envío') and total of a placed order, in lempiras; `lead` rows go first. */
export function OrderTotals({
  subtotal,
  deliveryFee,
  total,
  lead,
  className = '',
}: {
  subtotal: number;
  deliveryFee: number;
  total: number;
  lead?: ReactNode;
  className?: string;
}) {
  return (
    <dl className={`grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-sand text-sm ${className}`}>
      {lead}
      <dt className="text-ink-soft">Subtotal</dt>
      <dd className="text-right text-ink">{formatLempiras(subtotal)}</dd>
      <dt className="text-ink-soft">Envío</dt>
      <dd className="text-right text-ink">{formatLempiras(deliveryFee)}</dd>
      <dt className="font-bold text-ink">Total</dt>
      <dd className="text-right font-display text-lg font-semibold text-ink">{formatLempiras(total)}</dd>
    </dl>
  );
}
