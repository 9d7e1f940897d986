// The shop's accounts for 'Transferencia bancaria': shown at checkout and on the order page, and sent in the
// order confirmation. Placeholders until the owner confirms them (README, "Before going live").
export const SHOP_BANK_ACCOUNTS = [
  { bank: 'Banco Atlántida', kind: 'Cuenta de ahorro', number: '2010-1234-5678', holder: 'Jugar y Crecer S. de R. L.' },
  { bank: 'BAC Credomatic', kind: 'Cuenta de cheques', number: '7300-4455-66', holder: 'Jugar y Crecer S. de R. L.' },
] as const;

export const TRANSFER_INSTRUCTIONS =
  'Transfiere el total de tu orden a una de estas cuentas y sube la foto del comprobante en la página de tu pedido ' +
  '(Mi perfil → Historial de compras). Te avisaremos por correo cuando confirmemos el pago.';

/**
 * The same, said on the order's page itself, where the receipt form sits under the accounts, with the amount to send
 * (`total`, as formatLempiras writes it): on a phone the order's total is a long scroll below.
 */
export const transferInstructionsOnOrderPage = (total: string) =>
  `Transfiere ${total}, el total de tu orden, a una de estas cuentas y sube aquí abajo la foto del comprobante. ` +
  'Te avisaremos por correo cuando confirmemos el pago.';

/** Right after checkout, on /: the accounts and the amount at once, the receipt on the order's page. */
export const transferInstructionsAfterCheckout = (total: string) =>
  `Transfiere ${total}, el total de tu orden, a una de estas cuentas y sube la foto del comprobante en la página de ` +
  'tu pedido. Te avisaremos por correo cuando confirmemos el pago.';

/** The order's page once its receipt is sent: the family waits on the shop now, and may still replace the photo. */
export const TRANSFER_RECEIPT_SENT_ON_ORDER_PAGE =
  'Recibimos tu comprobante y la tienda lo está revisando. Te avisaremos por correo cuando confirmemos el pago. ' +
  'Si enviaste la foto equivocada, cámbiala aquí abajo.';
