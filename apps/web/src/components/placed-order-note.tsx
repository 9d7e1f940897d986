import { Link } from 'react-router';
import { orderPagePath } from '@tienda/shared/order-pages';
import { PAYMENT_NEXT_STEP } from '@tienda/shared/payment-steps';
import type { PlacedOrder } from '../lib/placed-order';

/** On / right after checkout (lib/placed-order.ts): the order's number, what to do next, and its page. */
export function PlacedOrderNote({ order }: { order: PlacedOrder }) {
  const nextStep = Object.hasOwn(PAYMENT_NEXT_STEP, order.paymentMethod)
    ? PAYMENT_NEXT_STEP[order.paymentMethod]
    : null;
  if (nextStep === null) return null;
  return (
    <section aria-labelledby="pedido-recibido" className="mx-auto max-w-6xl px-4 pt-6">
      <div className="card border-2 border-brand-light p-5 sm:p-6">
        <h2 id="pedido-recibido" className="font-display text-xl font-semibold text-ink sm:text-2xl">
          Recibimos tu pedido #{order.orderId}
        </h2>
        <p className="mt-1 text-ink-soft">{nextStep}</p>
        <Link to={orderPagePath(order.orderId)} className="btn-primary mt-4">
          Ver mi pedido
        </Link>
      </div>
    </section>
  );
}
