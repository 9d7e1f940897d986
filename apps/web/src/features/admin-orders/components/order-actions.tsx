import { useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { isClosedUnsold, ORDER_STATUS, readOrderStatus } from '@tienda/shared/constants';
import { ADMIN_ERRORS } from '@tienda/shared/admin-messages';
import { ORDER_STATUS_ACTIONS, shopMayCancel, type OrderStatusAction } from '@tienda/shared/orders';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { ActionName, tooltipAnchor } from '../../admin-shared/components/action-name';
import { CheckIcon, ClockIcon, TrashIcon, TruckIcon, XIcon } from '../../admin-shared/components/icons';
import { rowButton, rowButtonBrand, rowButtonDanger } from '../../admin-shared/components/styles';
import { isNetworkError } from '../../admin-shared/lib/request-errors';
import { useDeleteOrder } from '../api/delete-order';
import { useSetOrderStatus, type OrderChange } from '../api/set-order-status';
import { mutateUntilSettled } from '../../../lib/mutate-until-settled';
import { ApiError } from '../../../lib/api-client';

export type OrderAction = OrderChange | 'delete';

const ACTIONS: Record<
  OrderAction,
  { label: string; title: string; question: (id: number) => string; confirm: string; done: string; failed: string }
> = {
  deliver: {
    label: 'Marcar entregada',
    title: 'Marcar como entregada',
    question: (id) => `¿Marcar la orden #${id} como entregada?`,
    confirm: 'Ok',
    done: 'Orden marcada como entregada',
    failed: ADMIN_ERRORS.orderDeliverFailed,
  },
  pay: {
    label: 'Marcar pagada',
    title: 'Marcar como pagada',
    question: (id) => `¿Marcar la orden #${id} como pagada?`,
    confirm: 'Ok',
    done: 'Orden marcada como pagada',
    failed: ADMIN_ERRORS.orderPayFailed,
  },
  pending: {
    label: 'Marcar pendiente',
    title: 'Marcar como pendiente',
    question: (id) => `¿Marcar la orden #${id} como pendiente?`,
    confirm: 'Ok',
    done: 'Orden marcada como pendiente',
    failed: ADMIN_ERRORS.orderPendingFailed,
  },
  cancel: {
    label: 'Cancelar orden',
    title: 'Cancelar orden',
    question: (id) => `¿Cancelar la orden #${id}?`,
    confirm: 'Sí, cancelarla',
    done: 'Orden cancelada',
    failed: ADMIN_ERRORS.orderCancelFailed,
  },
  delete: {
    label: 'Eliminar',
    title: 'Eliminar orden',
    question: (id) => `¿Estás seguro que deseas eliminar la orden #${id}?`,
    confirm: 'Ok',
    done: 'Orden eliminada',
    failed: ADMIN_ERRORS.orderDeleteFailed,
  },
};

const ICONS: Record<OrderAction, ReactNode> = {
  deliver: <TruckIcon width={16} height={16} />,
  pay: <CheckIcon width={16} height={16} />,
  pending: <ClockIcon width={16} height={16} />,
  cancel: <XIcon width={16} height={16} />,
  delete: <TrashIcon width={16} height={16} />,
};

/** In the order the buttons show them: the usual way forward first. */
const OFFERED_ACTIONS: readonly OrderStatusAction[] = ['pay', 'deliver', 'pending'];

/**
 * The changes worth offering: every status but the current one (spec §4: no ordering restriction), then cancelling
 * while the shop may (pending or paid: shared shopMayCancel, decision 0039).
 */
export function actionsFor(status: number): OrderChange[] {
  // An order closed unsold (expired, decision 0015; cancelled, 0039) may be set to any of the three; it takes its
  // units again.
  const current = readOrderStatus(status);
  const statuses = OFFERED_ACTIONS.filter((action) => ORDER_STATUS_ACTIONS[action] !== current);
  return shopMayCancel({ orderStatus: status }) ? [...statuses, 'cancel'] : statuses;
}

export function OrderActionButton({
  action,
  orderId,
  onClick,
  iconOnly = false,
}: {
  action: OrderAction;
  orderId: number;
  onClick: () => void;
  /** The orders table's row: the icon, named by a tooltip (ActionName). */
  iconOnly?: boolean;
}) {
  const style =
    action === 'delete' ? rowButtonDanger : action === 'pending' || action === 'cancel' ? rowButton : rowButtonBrand;
  return (
    <button type="button" className={iconOnly ? `${style} ${tooltipAnchor}` : style} onClick={onClick}>
      {ICONS[action]} <ActionName iconOnly={iconOnly}>{ACTIONS[action].label}</ActionName>{' '}
      <span className="sr-only">(orden #{orderId})</span>
    </button>
  );
}

/**
 * What setting an order closed unsold (expired or cancelled) to another status also does (docs/decisions/0015-… and
 * 0039-…): its units are taken off the shelf again, and set back to pending its family hears of it.
 */
function reopenNote(action: OrderAction): string {
  return action === 'pending'
    ? 'Sus unidades se apartan otra vez del stock y le avisamos a la familia por correo que la orden está activa otra vez.'
    : 'Sus unidades se apartan otra vez del stock.';
}

/** What cancelling does (decision 0039): the record stays, the units go back, the family hears of it. */
function cancelNote(status: number): string {
  const refund = status === ORDER_STATUS.PAID ? ' Está pagada: el correo le dice que le devolverás el dinero.' : '';
  return (
    'La orden queda en la lista como Cancelado, sus unidades vuelven al stock y le avisamos a la familia por correo.' +
    refund
  );
}

/**
 * spec §2/§4 Orders admin: each action goes through a confirmation dialog, then the list reloads.
 * Returns `ask(action, orderId, status)` and the dialog to render once.
 */
export function useOrderActions(onDone?: (action: OrderAction) => void) {
  const [pending, setPending] = useState<{ action: OrderAction; orderId: number; status: number } | null>(null);
  const setStatus = useSetOrderStatus();
  const remove = useDeleteOrder();
  const busy = setStatus.isPending || remove.isPending;

  const run = () => {
    if (!pending) return;
    const { action, orderId } = pending;
    const handlers = {
      onSuccess: () => {
        toast.success(ACTIONS[action].done);
        setPending(null);
        onDone?.(action);
      },
      // spec §8: each failure has its text, and a network variant. An expired order that cannot come back because a
      // toy of it sold out meanwhile (409) is told by the server's reason, which names the toy.
      onError: (error: unknown) => {
        const refusal = error instanceof ApiError && error.status === 409 && error.message ? error.message : null;
        toast.error(isNetworkError(error) ? ADMIN_ERRORS.orderNetworkFailed : (refusal ?? ACTIONS[action].failed));
        setPending(null);
      },
    };
    return action === 'delete'
      ? mutateUntilSettled(remove, orderId, handlers)
      : mutateUntilSettled(setStatus, { orderId, action }, handlers);
  };

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={pending ? ACTIONS[pending.action].title : ''}
      message={
        pending && (
          <>
            <p>{ACTIONS[pending.action].question(pending.orderId)}</p>
            {pending.action === 'delete' && (
              <p className="mt-2 text-sm">
                Si está pendiente o pagada, sus unidades vuelven al stock y le avisamos a la familia por correo que la
                orden fue cancelada. Para conservarla en la lista, cancélala en vez de eliminarla.
              </p>
            )}
            {pending.action === 'cancel' && <p className="mt-2 text-sm">{cancelNote(pending.status)}</p>}
            {pending.action !== 'delete' && pending.action !== 'cancel' && isClosedUnsold(pending.status) && (
              <p className="mt-2 text-sm">{reopenNote(pending.action)}</p>
            )}
          </>
        )
      }
      confirmLabel={pending ? ACTIONS[pending.action].confirm : 'Ok'}
      // Beside a status or a cancel, 'Cancelar' would read as cancelling the order (decision 0039).
      cancelLabel={pending?.action === 'delete' ? 'Cancelar' : 'Volver'}
      // A status can be set back, and so can a cancelled order; a deleted order cannot.
      tone={pending?.action === 'delete' ? 'danger' : 'primary'}
      busy={busy}
      onConfirm={run}
      onCancel={() => setPending(null)}
    />
  );

  return {
    ask: (action: OrderAction, orderId: number, status: number) => setPending({ action, orderId, status }),
    dialog,
  };
}
