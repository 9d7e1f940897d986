import { MinusIcon, PlusIcon } from './icons';
import { cn } from '../../lib/class-names';

export interface QuantitySelectorProps {
  value: number;
  onChange: (value: number) => void;
  /** Lowest value (default 1). − is disabled at or below it. */
  min?: number;
  /** Highest value; + is disabled at or above it (callers pass min(99, stock)). */
  max: number;
  /** What is being counted, for screen readers: "Cantidad de {label}". */
  label: string;
  /** Disables both buttons (e.g. while a request is running or when the quantity is fixed). */
  disabled?: boolean;
  size?: 'sm' | 'md';
}

/**
 * − value + stepper. Values never leave [min, max]; when max < min (nothing available) both buttons
 * are disabled and the value stays at min.
 */
export function QuantitySelector({
  value,
  onChange,
  min = 1,
  max,
  label,
  disabled = false,
  size = 'md',
}: QuantitySelectorProps) {
  const canDecrease = !disabled && value > min;
  const canIncrease = !disabled && value < max;
  const stepButton = cn(
    // In px: a button around an 18-px icon need not grow with the phone's text size (in rem, at 200 % the selector
    // was wider than a 360-px phone's cart line).
    size === 'sm' ? 'size-[44px]' : 'size-[48px]',
    'inline-flex items-center justify-center rounded-full',
    'text-brand transition hover:bg-brand-light',
    'disabled:cursor-not-allowed disabled:text-ink-soft/40',
    'disabled:hover:bg-transparent',
  );
  return (
    <div
      role="group"
      aria-label={`Cantidad de ${label}`}
      className="inline-flex items-center rounded-full border border-ink-soft/30 bg-white"
    >
      <button
        type="button"
        className={stepButton}
        onClick={() => onChange(Math.max(min, value - 1))}
        disabled={!canDecrease}
        aria-label="Disminuir cantidad"
      >
        <MinusIcon size={18} />
      </button>
      <output
        className="min-w-8 text-center font-bold tabular-nums text-ink"
        aria-live="polite"
        aria-label={`Cantidad: ${value}`}
      >
        {value}
      </output>
      <button
        type="button"
        className={stepButton}
        onClick={() => onChange(Math.min(max, value + 1))}
        disabled={!canIncrease}
        aria-label="Aumentar cantidad"
      >
        <PlusIcon size={18} />
      </button>
    </div>
  );
}
