import type { UseFormRegisterReturn } from 'react-hook-form';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@tienda/shared/orders';
import { BankAccounts } from '../../../components/ui/bank-accounts';
import { cn } from '../../../lib/class-names';

const EXPLANATIONS: Record<PaymentMethod, string> = {
  contra_entrega: 'Pagas en efectivo a quien te entrega el pedido.',
  transferencia: 'Transfieres a nuestra cuenta y subes la foto del comprobante en la página de tu pedido.',
  enlace: 'Te enviamos por correo un enlace para pagar con tarjeta de débito o crédito.',
};

/** '¿Cómo quieres pagar?': the three ways a Honduran family pays (docs/decisions/0020-payment-methods.md). */
export function PaymentMethodField({
  chosen,
  registration,
}: {
  chosen: PaymentMethod;
  registration: UseFormRegisterReturn<'paymentMethod'>;
}) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 font-display text-2xl font-semibold text-ink">¿Cómo quieres pagar?</legend>
      {PAYMENT_METHODS.map((method) => (
        <label
          key={method}
          className={cn(
            // The radio goes above its words when a word like 'Transferencia' does not fit beside it (larger text).
            'flex min-h-14 cursor-pointer flex-wrap items-start gap-3 rounded-2xl',
            'border-2 border-sand bg-white px-gutter py-4 transition',
            'has-checked:border-brand has-checked:bg-brand-light/40',
          )}
        >
          <input type="radio" value={method} className="mt-1 size-5 shrink-0 accent-brand" {...registration} />
          <span className="min-w-0 flex-[1_1_10rem]">
            <span className="block font-bold text-ink">{PAYMENT_METHOD_LABELS[method]}</span>
            <span className="block text-sm text-ink-soft">{EXPLANATIONS[method]}</span>
          </span>
        </label>
      ))}
      {chosen === 'transferencia' && <BankAccounts />}
    </fieldset>
  );
}
