import { ERRORS } from '@tienda/shared/messages';

/**
 * spec §8's 'Producto eliminado del carrito', with 'Deshacer': on a small phone 'Eliminar' sits just under the
 * quantity, and a slip of the thumb should cost nothing.
 */
export function RemovedLineNotice({ name, onUndo }: { name: string; onUndo: () => void }) {
  return (
    <span className="flex items-center justify-between gap-3">
      <span>{ERRORS.cartRemoved}</span>
      <button
        type="button"
        onClick={onUndo}
        aria-label={`Deshacer: volver a poner ${name} en el carrito`}
        className="-my-2 min-h-11 shrink-0 rounded-full px-2 font-bold text-brand-dark underline underline-offset-4"
      >
        Deshacer
      </button>
    </span>
  );
}
