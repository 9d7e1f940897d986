import { orderStatusLabel } from '@tienda/shared/constants';
import type { OrderJson } from '@tienda/shared/orders';
import { formatLempiras } from '@tienda/shared/pricing';
import { escapeHtml } from '../../lib/html.js';
import { renderMail } from '../../mail/layout.js';

// After an order, a Spanish confirmation to the buyer (lines, totals, address, status) and a notice
// to the shop. Every value that came from a person is escaped.

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

export function confirmationMail(order: OrderJson) {
  const status = orderStatusLabel(order.orderStatus);
  return renderMail({
    subject: `Confirmación de tu orden #${order.orderId}`,
    bodyHtml:
      `<p>Hola, ${escapeHtml(order.customerName)}:</p>` +
      `<p>¡Gracias por tu compra! Recibimos tu orden <strong>#${order.orderId}</strong>. Estado: <strong>${status}</strong>.</p>` +
      linesHtml(order) +
      `<p>Entrega en: ${escapeHtml(addressLine(order))}<br>Teléfono: ${escapeHtml(order.phone)}</p>` +
      `<p>Te contactaremos para coordinar el pago y la entrega.</p>`,
    bodyText:
      `Hola, ${order.customerName}:\n\n¡Gracias por tu compra! Recibimos tu orden #${order.orderId}. Estado: ${status}.\n\n` +
      `${linesText(order)}\n\nEntrega en: ${addressLine(order)}\nTeléfono: ${order.phone}\n\n` +
      'Te contactaremos para coordinar el pago y la entrega.',
  });
}

export function shopNoticeMail(order: OrderJson) {
  return renderMail({
    // A subject is one line, whatever the account's name holds.
    subject: `Nueva orden #${order.orderId} de ${order.customerName.replace(/\s+/g, ' ')}`,
    bodyHtml:
      `<p>Nueva orden <strong>#${order.orderId}</strong> (estado: ${orderStatusLabel(order.orderStatus)}).</p>` +
      `<p>Cliente: ${escapeHtml(order.customerName)} &lt;${escapeHtml(order.customerEmail)}&gt;<br>` +
      `Teléfono: ${escapeHtml(order.phone)}<br>Entrega en: ${escapeHtml(addressLine(order))}</p>` +
      linesHtml(order),
    bodyText:
      `Nueva orden #${order.orderId} (estado: ${orderStatusLabel(order.orderStatus)}).\n\n` +
      `Cliente: ${order.customerName} <${order.customerEmail}>\nTeléfono: ${order.phone}\nEntrega en: ${addressLine(order)}\n\n` +
      linesText(order),
  });
}
