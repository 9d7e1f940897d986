import { orderStatusLabel } from '@tienda/shared/constants';

const STYLES: Record<ReturnType<typeof orderStatusLabel>, string> = {
  Pendiente: 'bg-sun-light text-ink',
  Pagado: 'bg-brand-light text-brand-dark',
  Entregado: 'bg-mint text-success',
  Vencido: 'bg-sand text-ink-soft',
  Cancelado: 'bg-sand text-ink-soft',
};

/**
 * spec §4: 0 Pendiente, 1 Pagado, anything else Entregado; 3 Vencido (docs/decisions/0015-…) and 4 Cancelado
 * (docs/decisions/0039-…). The family's purchase history and the orders admin show it alike.
 */
export function OrderStatusBadge({ status }: { status: number }) {
  const label = orderStatusLabel(status);
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-3 py-1 text-sm font-bold ${STYLES[label]}`}>
      {label}
    </span>
  );
}
