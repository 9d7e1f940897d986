import type { OrderJson, PaymentMethod } from '@tienda/shared/orders';

// spec §4: a placed order says '¡Orden creada correctamente!' and goes to /. The toast goes in seconds, and a family
// paying by transfer still has to send the receipt from the order's page, so checkout also hands / the order in the
// history entry's state, and / shows its number, what to do next and the way to its page
// (components/placed-order-note.tsx; docs/decisions/0020-payment-methods.md).

export interface PlacedOrder {
  orderId: number;
  paymentMethod: PaymentMethod;
  /** Lempiras: what a transfer sends, shown with the accounts at once. Absent in an entry made before it was kept. */
  total?: number;
}

/** The navigation state checkout hands to / with a placed order. */
export const placedOrderState = (order: OrderJson) => ({
  placedOrder: { orderId: order.orderId, paymentMethod: order.paymentMethod, total: order.total } satisfies PlacedOrder,
});

/**
 * The placed order in a history entry's state, if checkout put one there. Its method is checked where it is shown
 * (components/placed-order-note.tsx), which keeps the steps' texts out of the first load.
 */
export function placedOrderIn(state: unknown): PlacedOrder | undefined {
  const placed = (state as { placedOrder?: { orderId?: unknown; paymentMethod?: unknown; total?: unknown } } | null)
    ?.placedOrder;
  const { orderId, paymentMethod, total } = placed ?? {};
  if (typeof orderId !== 'number' || typeof paymentMethod !== 'string') return undefined;
  return {
    orderId,
    paymentMethod: paymentMethod as PaymentMethod,
    ...(typeof total === 'number' && Number.isFinite(total) ? { total } : {}),
  };
}
