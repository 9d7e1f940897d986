import { orderStatusLabel } from '@tienda/shared/constants';
import { PAYMENT_METHOD_LABELS, type OrderJson } from '@tienda/shared/orders';
import { shopDay } from '@tienda/shared/shop-time';
import { formatDateTime } from '../../../lib/dates';

// The orders list as a spreadsheet (docs/decisions/0023-owner-dashboard.md): UTF-8 with a byte-order mark so
// Excel reads the accents, comma-separated with RFC 4180 quoting, amounts with two decimals and a dot, dates in
// Honduras time. A cell that starts like a formula is prefixed with ' so a spreadsheet shows it as text.

const BOM = '\uFEFF';
const HEADERS = [
  'Orden',
  'Fecha',
  'Estado',
  'Cliente',
  'Correo',
  'Teléfono',
  'Departamento',
  'Ciudad',
  'Dirección',
  'Pago',
  'Artículos',
  'Subtotal',
  'Envío',
  'Total',
];

function cell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const amount = (lempiras: number) => lempiras.toFixed(2);

function items(order: OrderJson): string {
  return [
    ...order.orderProducts.map((line) => `${line.quantity} × ${line.name}`),
    ...order.orderCombos.map((line) => `${line.quantity} × ${line.name}`),
  ].join('; ');
}

export function ordersCsv(orders: readonly OrderJson[]): string {
  const rows = orders.map((order) => [
    order.orderId,
    formatDateTime(order.createdAt),
    orderStatusLabel(order.orderStatus),
    order.customerName,
    order.customerEmail,
    order.phone,
    order.department,
    order.city,
    order.address,
    PAYMENT_METHOD_LABELS[order.paymentMethod],
    items(order),
    amount(order.subtotal),
    amount(order.deliveryFee),
    amount(order.total),
  ]);
  return BOM + [HEADERS, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** "pedidos-2026-11-23.csv", dated in Honduras time. */
export function ordersCsvFileName(now: Date = new Date()): string {
  return `pedidos-${shopDay(now)}.csv`;
}

/** Hands the file to the browser's downloads (no server round trip: the list is already here, filtered). */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
