import { Link } from 'react-router';
import { transferInstructionsAfterCheckout } from '@tienda/shared/bank';
import { orderPagePath } from '@tienda/shared/order-pages';
import { PAYMENT_NEXT_STEP } from '@tienda/shared/payment-steps';
import { formatLempiras } from '@tienda/shared/pricing';
import type { PlacedOrder } from '../lib/placed-order';
import { BankAccounts } from './ui/bank-accounts';

/**
 * On / right after checkout (lib/placed-order.ts): the order's number, its total, what to do next, and its page. A
 * transfer shows the accounts here too: the family pays now, from its bank's app, without first opening the order.
 */
export function PlacedOrderNote({ order }: { order: PlacedOrder }) {
  const nextStep = Object.hasOwn(PAYMENT_NEXT_STEP, order.paymentMethod)
    ? PAYMENT_NEXT_STEP[order.paymentMethod]
    : null;
  if (nextStep === null) return null;
  const total = order.total === undefined ? null : formatLempiras(order.total);
  return (
    <section aria-labelledby="pedido-recibido" className="mx-auto max-w-6xl px-4 pt-6">
      <div className="card border-2 border-brand-light p-5 sm:p-6">
        <h2 id="pedido-recibido" className="font-display text-xl font-semibold text-ink sm:text-2xl">
          Recibimos tu pedido #{order.orderId}
        </h2>
        {total && (
          <p className="mt-1 text-ink">
            Total: <strong>{total}</strong>
          </p>
        )}
        {order.paymentMethod === 'transferencia' && total ? (
          <div className="mt-3">
            <BankAccounts instructions={transferInstructionsAfterCheckout(total)} />
          </div>
        ) : (
          <p className="mt-1 text-ink-soft">{nextStep}</p>
        )}
        <Link to={orderPagePath(order.orderId)} className="btn-primary mt-4">
          Ver mi pedido
        </Link>
      </div>
    </section>
  );
}
