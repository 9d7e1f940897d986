import { useEffect, useRef, useState, type RefObject } from 'react';
import { toast } from 'react-toastify';
import { CANCEL_MESSAGES, familyMayCancel, whyFamilyCannotCancel, type OrderJson } from '@tienda/shared/orders';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useCancelOrder } from '../api/cancel-order';

/**
 * 'Cancelar pedido' while the family may still cancel it (shared familyMayCancel, docs/decisions/0039-…): asks first,
 * then puts the order's toys back on the shelf. A pending order it can no longer cancel says why and where to ask.
 * Once cancelled the focus goes to `afterCancel` (the status line), after a refusal to the refusal: the button it was
 * on is gone either way.
 */
export function CancelOrder({ order, afterCancel }: { order: OrderJson; afterCancel: RefObject<HTMLElement | null> }) {
  const cancel = useCancelOrder(order.orderId);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<'cancelled' | 'refused' | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  // After the dialog has closed: closing a modal <dialog> gives the focus back to the button that opened it, which is
  // gone, and Chromium does so after this render's effects.
  useEffect(() => {
    if (outcome === null || asking) return;
    const target = outcome === 'cancelled' ? afterCancel.current : failureRef.current;
    const later = setTimeout(() => target?.focus());
    return () => clearTimeout(later);
  }, [outcome, asking, afterCancel]);

  const confirm = async () => {
    setFailure(null);
    setOutcome(null);
    try {
      await cancel.mutateAsync();
    } catch (error) {
      setFailure(errorMessage(error, CANCEL_MESSAGES.failed));
      setOutcome('refused');
      setAsking(false);
      return;
    }
    setOutcome('cancelled');
    setAsking(false);
    toast.success(CANCEL_MESSAGES.cancelled);
  };

  const cannot = whyFamilyCannotCancel(order);
  const may = familyMayCancel(order);
  return (
    <>
      {(failure || may || cannot) && (
        <div className="mt-4 grid justify-items-start gap-2 border-t border-sand pt-4">
          {/* A refusal stays said when the order it names can no longer be cancelled (the shop changed it). */}
          {failure && (
            <div ref={failureRef} tabIndex={-1} className="w-full">
              <FormAlert>{failure}</FormAlert>
            </div>
          )}
          {may && (
            <>
              <p className="text-ink-soft">{CANCEL_MESSAGES.offer}</p>
              <button type="button" className="btn-secondary h-11 px-4" onClick={() => setAsking(true)}>
                Cancelar pedido
              </button>
            </>
          )}
          {cannot && !failure && <p className="text-ink-soft">{cannot}</p>}
        </div>
      )}
      {/* Mounted while the answer comes back: the order it holds is then no longer cancellable. */}
      <ConfirmDialog
        open={asking}
        title={`¿Cancelar el pedido #${order.orderId}?`}
        message={CANCEL_MESSAGES.confirm}
        confirmLabel={cancel.isPending ? 'Cancelando…' : 'Sí, cancelarlo'}
        cancelLabel="No, conservarlo"
        busy={cancel.isPending}
        // Back, Escape or the backdrop while it is sent would look like an undo: the dialog stays until the answer.
        onConfirm={confirm}
        onCancel={() => {
          if (!cancel.isPending) setAsking(false);
        }}
      />
    </>
  );
}
