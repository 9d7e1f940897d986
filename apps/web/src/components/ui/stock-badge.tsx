export interface StockBadgeProps {
  /** Units available. */
  stock: number;
  /** At or below this many units the badge warns that few are left (default 5). */
  lowThreshold?: number;
  className?: string;
}

/** 'Agotado', 'Últimas N unidades' / '¡Última unidad!' or 'Disponible', with matching colours. */
export function stockLabel(stock: number, lowThreshold = 5): string {
  if (stock <= 0) return 'Agotado';
  if (stock === 1) return '¡Última unidad!';
  if (stock <= lowThreshold) return `Últimas ${stock} unidades`;
  return 'Disponible';
}

export function StockBadge({ stock, lowThreshold = 5, className = '' }: StockBadgeProps) {
  const tone =
    stock <= 0
      ? 'bg-ink/10 text-ink-soft'
      : stock <= lowThreshold
        ? 'bg-sun-light text-[#7a4b00]'
        : 'bg-mint text-success';
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-bold ${tone} ${className}`}
      data-testid="stock-badge"
    >
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-current" />
      {stockLabel(stock, lowThreshold)}
    </span>
  );
}
