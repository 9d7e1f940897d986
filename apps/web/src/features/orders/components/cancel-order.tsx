import { useEffect, useState, type RefObject } from 'react';
import { toast } from 'react-toastify';
import { CANCEL_MESSAGES, familyMayCancel, type OrderJson } from '@tienda/shared/orders';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useCancelOrder } from '../api/cancel-order';

/**
 * 'Cancelar orden' while the family may still cancel it (shared familyMayCancel, docs/decisions/0039-…): asks first,
 * then puts the order's toys back on the shelf. Once cancelled, the focus goes to `afterCancel` (the status line),
 * since the button it was on is gone.
 */
export function CancelOrder({ order, afterCancel }: { order: OrderJson; afterCancel: RefObject<HTMLElement | null> }) {
  const cancel = useCancelOrder(order.orderId);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [cancelled, setCancelled] = useState(false);
  // After the dialog has closed: closing a modal <dialog> gives the focus back to the button that opened it, which is
  // gone, and Chromium does so after this render's effects.
  useEffect(() => {
    if (!cancelled || asking) return;
    const later = setTimeout(() => afterCancel.current?.focus());
    return () => clearTimeout(later);
  }, [cancelled, asking, afterCancel]);

  const confirm = async () => {
    setFailure(null);
    try {
      await cancel.mutateAsync();
    } catch (error) {
      setFailure(errorMessage(error, CANCEL_MESSAGES.failed));
      setAsking(false);
      return;
    }
    setCancelled(true);
    setAsking(false);
    toast.success(CANCEL_MESSAGES.cancelled);
  };

  return (
    <>
      {(failure || familyMayCancel(order)) && (
        <div className="mt-4 grid justify-items-start gap-2 border-t border-sand pt-4">
          {/* A refusal stays said when the order it names can no longer be cancelled (the shop changed it). */}
          <FormAlert>{failure}</FormAlert>
          {familyMayCancel(order) && (
            <>
              <p className="text-ink-soft">¿Ya no la quieres? Puedes cancelarla mientras esté pendiente.</p>
              <button type="button" className="btn-secondary h-11 px-4" onClick={() => setAsking(true)}>
                Cancelar orden
              </button>
            </>
          )}
        </div>
      )}
      {/* Mounted while the answer comes back: the order it holds is then no longer cancellable. */}
      <ConfirmDialog
        open={asking}
        title={`¿Cancelar la orden #${order.orderId}?`}
        message={CANCEL_MESSAGES.confirm}
        confirmLabel="Sí, cancelarla"
        cancelLabel="No, conservarla"
        busy={cancel.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
