import type { PaymentMethod } from './orders.js';

/**
 * What the family does next, by payment method: said on / right after checkout and in the order confirmation
 * (docs/decisions/0020-payment-methods.md). A transfer's confirmation also lists the accounts (bank.ts). Apart from
 * orders.ts, so the storefront's first load can name it without zod.
 */
export const PAYMENT_NEXT_STEP: Record<PaymentMethod, string> = {
  contra_entrega: 'Pagas al recibir tu pedido. Te contactaremos para coordinar la entrega.',
  transferencia:
    'Transfiere el total a una de nuestras cuentas y sube la foto del comprobante en la página de tu pedido.',
  enlace: 'Te enviaremos por correo el enlace para pagar con tarjeta; también lo verás en la página de tu pedido.',
};
