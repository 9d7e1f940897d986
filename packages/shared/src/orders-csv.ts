import { orderStatusLabel } from './constants.js';
import { PAYMENT_METHOD_LABELS, type OrderJson } from './orders.js';
import { shopDateTime, shopDay } from './shop-time.js';

// The orders list as a spreadsheet (docs/decisions/0023-owner-dashboard.md), made by the server for the orders the
// admin's filter finds (GET /api/Order/csv, docs/decisions/0035-…): UTF-8 with a byte-order mark so Excel reads the
// accents, comma-separated with RFC 4180 quoting, amounts with two decimals and a dot, dates in Honduras time as
// 'YYYY-MM-DD HH:MM' (a spreadsheet sorts and filters them as dates; '22 nov 2026, 11:30 p. m.' was text to it). A cell
// that starts like a formula is prefixed with ' so a spreadsheet shows it as text.

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

/** The header line, with the byte-order mark: the file's start. */
export const ORDERS_CSV_HEAD = BOM + csvLine(HEADERS);

/** One line per order, each ending in CRLF: the file goes out in batches after its head. */
export function ordersCsvLines(orders: readonly OrderJson[]): string {
  return orders.map((order) => csvLine(ordersCsvRow(order))).join('');
}

/** The whole file for `orders`. */
export function ordersCsv(orders: readonly OrderJson[]): string {
  return ORDERS_CSV_HEAD + ordersCsvLines(orders);
}

function csvLine(row: ReadonlyArray<string | number>): string {
  return row.map(cell).join(',') + '\r\n';
}

function ordersCsvRow(order: OrderJson): Array<string | number> {
  return [
    order.orderId,
    shopDateTime(order.createdAt),
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
  ];
}

/** "pedidos-2026-11-23.csv", dated in Honduras time. */
export function ordersCsvFileName(now: Date = new Date()): string {
  return `pedidos-${shopDay(now)}.csv`;
}
