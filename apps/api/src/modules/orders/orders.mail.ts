import { orderStatusLabel } from '@tienda/shared/constants';
import { SHOP_BANK_ACCOUNTS, TRANSFER_INSTRUCTIONS } from '@tienda/shared/bank';
import { adminOrderPagePath, orderPagePath } from '@tienda/shared/order-pages';
import { PAYMENT_METHOD_LABELS, refundOnShopCancel, type OrderJson } from '@tienda/shared/orders';
import { PAYMENT_NEXT_STEP } from '@tienda/shared/payment-steps';
import { firstNameOf } from '@tienda/shared/names';
import { formatLempiras } from '@tienda/shared/pricing';
import { escapeHtml } from '../../lib/html.js';
import { button, linkTo, renderMail, type MailLink, type ShopOrigin } from '../../mail/layout.js';

// After an order, a Spanish confirmation to the buyer (lines, totals, address, status) and a notice
// to the shop. Every value that came from a person is escaped.

/**
 * Where a family's e-mail about an order goes: its address, in the order's thread, so the outbox delivers that order's
 * e-mails in the order written (confirmation before cancellation) whatever their retries (mail/outbox.repository.ts).
 */
export const toFamilyOf = (order: Pick<OrderJson, 'orderId' | 'customerEmail'>) => ({
  to: order.customerEmail,
  thread: `order:${order.orderId}`,
});

const customerPage = (origin: ShopOrigin, order: OrderJson) =>
  linkTo(
    origin,
    orderPagePath(order.orderId),
    'Ver tu pedido',
    `Encuentra tu orden #${order.orderId} en la tienda: Mi perfil → Historial de compras.`,
  );
const ownerPage = (origin: ShopOrigin, order: OrderJson) =>
  linkTo(
    origin,
    adminOrderPagePath(order.orderId),
    'Abrir la orden',
    `Ábrela en la tienda: Vista Admin → Órdenes → orden #${order.orderId}.`,
  );

interface Line {
  name: string;
  quantity: number;
  unitprice: number;
  subtotal: number;
}

function linesOf(order: OrderJson): Line[] {
  return [...order.orderProducts, ...order.orderCombos.map((c) => ({ ...c, name: `${c.name} (combo)` }))];
}

function linesHtml(order: OrderJson): string {
  const rows = linesOf(order)
    .map(
      (l) =>
        `<tr><td style="padding:4px 8px 4px 0">${escapeHtml(l.name)}</td><td style="padding:4px 8px;text-align:center">${l.quantity}</td>` +
        `<td style="padding:4px 8px;text-align:right">${formatLempiras(l.unitprice)}</td><td style="padding:4px 0 4px 8px;text-align:right">${formatLempiras(l.subtotal)}</td></tr>`,
    )
    .join('');
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;margin:12px 0">` +
    `<tr style="text-align:left;color:#6b6470"><th style="padding:4px 8px 4px 0">Artículo</th><th style="padding:4px 8px">Cantidad</th>` +
    `<th style="padding:4px 8px;text-align:right">Precio</th><th style="padding:4px 0 4px 8px;text-align:right">Subtotal</th></tr>${rows}</table>` +
    `<p style="margin:4px 0">Subtotal: <strong>${formatLempiras(order.subtotal)}</strong><br>` +
    `Envío: <strong>${formatLempiras(order.deliveryFee)}</strong><br>` +
    `Total: <strong>${formatLempiras(order.total)}</strong></p>`
  );
}

function linesText(order: OrderJson): string {
  const rows = linesOf(order).map(
    (l) => `- ${l.name} × ${l.quantity} a ${formatLempiras(l.unitprice)} = ${formatLempiras(l.subtotal)}`,
  );
  return [
    ...rows,
    '',
    `Subtotal: ${formatLempiras(order.subtotal)}`,
    `Envío: ${formatLempiras(order.deliveryFee)}`,
    `Total: ${formatLempiras(order.total)}`,
  ].join('\n');
}

const addressLine = (order: OrderJson) => `${order.address}, ${order.city}, ${order.department}`;

/**
 * What the family does next to pay, by payment method (docs/decisions/0020-payment-methods.md), and, for a method
 * paid before delivery, how long the order waits for it (PENDING_ORDER_HOURS, docs/decisions/0015-…).
 */
function paymentSteps(order: OrderJson, pendingHours: number): { html: string; text: string } {
  const method = `Forma de pago: ${PAYMENT_METHOD_LABELS[order.paymentMethod]}.`;
  // A pay-link order's time counts from the link (paymentLinkMail says it); a transfer's stops at its receipt.
  const deadline =
    order.paymentMethod === 'transferencia'
      ? ` Si en ${pendingHours} horas no recibimos el pago ni su comprobante, la orden vence y sus juguetes vuelven a la tienda.`
      : '';
  if (order.paymentMethod === 'transferencia') {
    const accounts = SHOP_BANK_ACCOUNTS.map((a) => `${a.bank}, ${a.kind} ${a.number}, a nombre de ${a.holder}`);
    return {
      html:
        `<p><strong>${method}</strong> ${escapeHtml(TRANSFER_INSTRUCTIONS)}${deadline}</p>` +
        `<ul>${accounts.map((a) => `<li>${escapeHtml(a)}</li>`).join('')}</ul>`,
      text: `${method} ${TRANSFER_INSTRUCTIONS}${deadline}\n${accounts.map((a) => `- ${a}`).join('\n')}`,
    };
  }
  if (order.paymentMethod === 'enlace' && order.paymentLink) {
    // The link was sent before (an order set back to pending): the same link again, and the time it now has.
    const pay =
      `Paga con el enlace que te enviamos. Tienes ${pendingHours} horas para pagar; si no recibimos el pago, la ` +
      'orden vence y sus juguetes vuelven a la tienda.';
    return {
      html:
        `<p><strong>${method}</strong> ${escapeHtml(pay)}</p>` +
        button(order.paymentLink, 'Pagar ahora').html +
        `<p style="word-break:break-all">${escapeHtml(order.paymentLink)}</p>`,
      text: `${method} ${pay}\n${order.paymentLink}`,
    };
  }
  const next = PAYMENT_NEXT_STEP[order.paymentMethod];
  return { html: `<p><strong>${method}</strong> ${next}${deadline}</p>`, text: `${method} ${next}${deadline}` };
}

export function confirmationMail(order: OrderJson, origin: ShopOrigin, pendingHours: number) {
  const status = orderStatusLabel(order.orderStatus);
  const payment = paymentSteps(order, pendingHours);
  const page = customerPage(origin, order);
  return renderMail({
    subject: `Confirmación de tu orden #${order.orderId}`,
    bodyHtml:
      `<p>Hola, ${escapeHtml(firstNameOf(order.customerName))}:</p>` +
      `<p>¡Gracias por tu compra! Recibimos tu orden <strong>#${order.orderId}</strong>. Estado: <strong>${status}</strong>.</p>` +
      linesHtml(order) +
      `<p>Entrega en: ${escapeHtml(addressLine(order))}<br>Teléfono: ${escapeHtml(order.phone)}</p>` +
      payment.html +
      page.html,
    bodyText:
      `Hola, ${firstNameOf(order.customerName)}:\n\n¡Gracias por tu compra! Recibimos tu orden #${order.orderId}. Estado: ${status}.\n\n` +
      `${linesText(order)}\n\nEntrega en: ${addressLine(order)}\nTeléfono: ${order.phone}\n\n` +
      payment.text +
      `\n\n${page.text}`,
  });
}

function customerMail(order: OrderJson, subject: string, paragraphs: string[], link?: MailLink) {
  return renderMail({
    subject,
    bodyHtml:
      `<p>Hola, ${escapeHtml(firstNameOf(order.customerName))}:</p>` +
      paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
      (link?.html ?? ''),
    bodyText: `Hola, ${firstNameOf(order.customerName)}:\n\n${[...paragraphs, ...(link ? [link.text] : [])].join('\n\n')}`,
  });
}

/** When the owner marks the order paid. */
export function paidMail(order: OrderJson, origin: ShopOrigin) {
  return customerMail(
    order,
    `Recibimos el pago de tu orden #${order.orderId}`,
    [
      `¡Gracias! Confirmamos el pago de tu orden #${order.orderId} por ${formatLempiras(order.total)}.`,
      'Ahora la preparamos con cariño y te avisaremos cuando la entreguemos.',
    ],
    customerPage(origin, order),
  );
}

/** When the owner marks the order delivered. */
export function deliveredMail(order: OrderJson, origin: ShopOrigin) {
  return customerMail(
    order,
    `Tu orden #${order.orderId} fue entregada`,
    [
      `Tu orden #${order.orderId} fue entregada en ${addressLine(order)}.`,
      '¡Que la disfruten mucho! Si algo no está bien, escríbenos y lo resolvemos.',
    ],
    customerPage(origin, order),
  );
}

/** When the owner pastes the pay link on the order: the link as a button and as text, then the order's page. */
export function paymentLinkMail(order: OrderJson, origin: ShopOrigin, pendingHours: number) {
  const page = customerPage(origin, order);
  const link = order.paymentLink ?? '';
  const intro =
    `Este es el enlace para pagar tu orden #${order.orderId} (${formatLempiras(order.total)}). Tienes ` +
    `${pendingHours} horas para pagar; si no recibimos el pago, la orden vence y sus juguetes vuelven a la tienda:`;
  const also = `También lo encuentras en la página de tu pedido${origin ? ':' : '.'}`;
  return renderMail({
    subject: `Enlace de pago de tu orden #${order.orderId}`,
    bodyHtml:
      `<p>Hola, ${escapeHtml(firstNameOf(order.customerName))}:</p><p>${escapeHtml(intro)}</p>` +
      (link ? button(link, 'Pagar ahora').html : '') +
      `<p style="word-break:break-all">${escapeHtml(link)}</p><p>${escapeHtml(also)}</p>` +
      page.html,
    bodyText: `Hola, ${firstNameOf(order.customerName)}:\n\n${[intro, link, also, page.text].join('\n\n')}`,
  });
}

/** To the shop when a family uploads a transfer receipt. */
export function receiptNoticeMail(order: OrderJson, origin: ShopOrigin) {
  const page = ownerPage(origin, order);
  return renderMail({
    subject: `Comprobante de transferencia de la orden #${order.orderId}`,
    bodyHtml:
      `<p>${escapeHtml(order.customerName)} subió el comprobante de la orden <strong>#${order.orderId}</strong> ` +
      `(${formatLempiras(order.total)}). Revísalo en el detalle de la orden y márcala como pagada.</p>` +
      page.html,
    bodyText:
      `${order.customerName} subió el comprobante de la orden #${order.orderId} (${formatLempiras(order.total)}). ` +
      'Revísalo en el detalle de la orden y márcala como pagada.' +
      `\n\n${page.text}`,
  });
}

export function shopNoticeMail(order: OrderJson, origin: ShopOrigin) {
  const page = ownerPage(origin, order);
  return renderMail({
    // A subject is one line, whatever the account's name holds.
    subject: `Nueva orden #${order.orderId} de ${order.customerName.replace(/\s+/g, ' ')}`,
    bodyHtml:
      `<p>Nueva orden <strong>#${order.orderId}</strong> (estado: ${orderStatusLabel(order.orderStatus)}).</p>` +
      `<p>Cliente: ${escapeHtml(order.customerName)} &lt;${escapeHtml(order.customerEmail)}&gt;<br>` +
      `Teléfono: ${escapeHtml(order.phone)}<br>Entrega en: ${escapeHtml(addressLine(order))}<br>` +
      `Forma de pago: ${PAYMENT_METHOD_LABELS[order.paymentMethod]}</p>` +
      linesHtml(order) +
      page.html,
    bodyText:
      `Nueva orden #${order.orderId} (estado: ${orderStatusLabel(order.orderStatus)}).\n\n` +
      `Cliente: ${order.customerName} <${order.customerEmail}>\nTeléfono: ${order.phone}\nEntrega en: ${addressLine(order)}\n` +
      `Forma de pago: ${PAYMENT_METHOD_LABELS[order.paymentMethod]}\n\n` +
      linesText(order) +
      `\n\n${page.text}`,
  });
}

/** docs/decisions/0015-…: an unpaid pending order ran out of time; its articles went back on the shelf. */
export function expiryMail(order: OrderJson, hours: number, origin: ShopOrigin) {
  return linesBackMail(
    order,
    `Tu orden #${order.orderId} venció`,
    `Tu orden #${order.orderId} no se pagó en ${hours} horas y venció: devolvimos sus artículos a la tienda.`,
    'Si todavía los quieres, puedes hacer una orden nueva cuando gustes, o responder a este correo.',
    customerPage(origin, order),
  );
}

/** docs/decisions/0039-…: the family cancelled its own pending order; its articles went back on the shelf. */
export function cancelledByFamilyMail(order: OrderJson, origin: ShopOrigin) {
  return linesBackMail(
    order,
    `Cancelaste tu orden #${order.orderId}`,
    `Cancelaste tu orden #${order.orderId} (${formatLempiras(order.total)}) y los artículos volvieron a la tienda.`,
    'Si fue un error o todavía los quieres, puedes hacer una orden nueva cuando gustes, o responder a este correo.',
    customerPage(origin, order),
  );
}

/** To the shop when a family cancels its order: not to be prepared or delivered (a cash order may be on its way). */
export function familyCancelledNoticeMail(order: OrderJson, origin: ShopOrigin) {
  const page = ownerPage(origin, order);
  const notice =
    `${order.customerName} canceló la orden #${order.orderId} (${formatLempiras(order.total)}, ` +
    `${PAYMENT_METHOD_LABELS[order.paymentMethod]}). Los artículos volvieron a la tienda: no la prepares ni la entregues.`;
  return renderMail({
    subject: `Orden #${order.orderId} cancelada por ${order.customerName.replace(/\s+/g, ' ')}`,
    bodyHtml: `<p>${escapeHtml(notice)}</p>` + linesHtml(order) + page.html,
    bodyText: `${notice}\n\n${linesText(order)}\n\n${page.text}`,
  });
}

/**
 * When the owner sets an expired order back to pending (decision 0015): its articles are held for the family again,
 * and it waits for the payment as a new order does, so the family hears what to do and by when.
 */
export function reactivatedMail(order: OrderJson, origin: ShopOrigin, pendingHours: number) {
  const intro = `La tienda reactivó tu orden #${order.orderId} (${formatLempiras(order.total)}): sus artículos te esperan otra vez.`;
  const payment = paymentSteps(order, pendingHours);
  const page = customerPage(origin, order);
  return renderMail({
    subject: `Tu orden #${order.orderId} está activa otra vez`,
    bodyHtml:
      `<p>Hola, ${escapeHtml(firstNameOf(order.customerName))}:</p><p>${escapeHtml(intro)}</p>` +
      linesHtml(order) +
      payment.html +
      page.html,
    bodyText:
      `Hola, ${firstNameOf(order.customerName)}:\n\n${intro}\n\n${linesText(order)}\n\n${payment.text}` +
      `\n\n${page.text}`,
  });
}

/**
 * When the shop cancels an order the family still waits on (pending or paid), or deletes it: its articles went back
 * on the shelf. A cancelled order keeps its page (`origin` given), a deleted one is gone, so the e-mail carries its
 * lines either way. One that was paid, or whose payment may be under way (a receipt or a pay link sent), says the money
 * comes back.
 */
export function cancellationMail(order: OrderJson, keptPage?: { origin: ShopOrigin }) {
  const refund = refundOnShopCancel(order);
  return linesBackMail(
    order,
    `Tu orden #${order.orderId} fue cancelada`,
    `La tienda canceló tu orden #${order.orderId} (${formatLempiras(order.total)}) y sus artículos volvieron a la tienda.`,
    refund === 'paid'
      ? 'Como ya la habías pagado, te escribiremos para devolverte el dinero. Si tienes dudas, responde a este correo.'
      : refund === 'maybe'
        ? 'Si ya la pagaste, te escribiremos para devolverte el dinero. Si tienes dudas, responde a este correo.'
        : 'Si fue un error o todavía los quieres, responde a este correo o haz una orden nueva cuando gustes.',
    keptPage && customerPage(keptPage.origin, order),
  );
}

/** An order whose articles went back on the shelf: the greeting, why, its lines, what the family can do next. */
function linesBackMail(order: OrderJson, subject: string, intro: string, next: string, page?: MailLink) {
  return renderMail({
    subject,
    bodyHtml:
      `<p>Hola, ${escapeHtml(firstNameOf(order.customerName))}:</p><p>${escapeHtml(intro)}</p>` +
      linesHtml(order) +
      `<p>${escapeHtml(next)}</p>` +
      (page?.html ?? ''),
    bodyText:
      `Hola, ${firstNameOf(order.customerName)}:\n\n${intro}\n\n${linesText(order)}\n\n${next}` +
      (page ? `\n\n${page.text}` : ''),
  });
}
