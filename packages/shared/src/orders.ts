import { z } from 'zod';
import './zod-messages.js';
import { idSchema } from './ids.js';
import { ORDER_STATUS, PHONE_DIGITS, QUANTITY_MAX, QUANTITY_MIN, type OrderStatus } from './constants.js';
import { isCityOf, isDepartment } from './geography.js';
import { VALIDATION } from './messages.js';
import { normalizeKeys } from './field-names.js';
import { adminListQuerySchema, adminPageSchema, fromQueryString } from './catalog.js';
import { searchLines } from './search.js';
import { unitsLeft } from './plural.js';

// spec §5 Checkout and §7 Orders: the checkout form (web) and the order payload (API) share these rules.

export const ADDRESS_MAX = 250;
/** Bounds the work one request can ask for; a real cart is far below. */
export const ORDER_LINES_MAX = 100;

export const ORDER_MESSAGES = {
  departmentInvalid: 'Selecciona un departamento válido.',
  cityInvalid: 'Selecciona una ciudad del departamento elegido.',
  addressTooLong: `La dirección no puede tener más de ${ADDRESS_MAX} caracteres.`,
  lineQuantity: `La cantidad de cada artículo debe ser un número entero entre ${QUANTITY_MIN} y ${QUANTITY_MAX}.`,
  lineId: 'Cada artículo de la orden debe indicar un identificador válido.',
  lineInvalid: 'Cada artículo de la orden debe indicar su identificador y su cantidad.',
  linesInvalid: 'La lista de artículos de la orden no es válida.',
  tooManyLines: `Una orden puede tener como máximo ${ORDER_LINES_MAX} líneas.`,
  userIdInvalid: 'El usuario de la orden debe ser un identificador válido.',
  notYourOrder: 'Solo puedes crear órdenes a tu nombre.',
  orderNotFound: 'La orden no existe.',
  figureInvalid: 'Los montos enviados no son válidos.',
  statusFilterInvalid:
    'El estado debe ser 0 (Pendiente), 1 (Pagado), 2 (Entregado), 3 (Vencido), 4 (Cancelado) o ventas (todas menos ' +
    'las vencidas y las canceladas).',
  dateFilterInvalid: 'Las fechas deben ser días válidos con el formato AAAA-MM-DD.',
  dateRangeInvalid: 'La fecha "desde" no puede ser posterior a la fecha "hasta".',
  customerFilterInvalid: 'El cliente indicado no es válido.',
} as const;

/** 409 reply when a line asks for more than the shelf holds: 'No hay suficiente stock de «X». Quedan N.' */
export function shortStockMessage(name: string, left: number): string {
  return left <= 0 ? `«${name}» está agotado.` : `No hay suficiente stock de «${name}». ${unitsLeft(left)}.`;
}

/** Whether an order was refused by `shortStockMessage`: the checkout then sends the family to fix the cart. */
export function isShortStockMessage(message: string): boolean {
  return /^(No hay suficiente stock de «.+»\. Quedan? \d+\.|«.+» está agotado\.)$/.test(message);
}

export function lineOverMaxMessage(name: string): string {
  return `No puedes pedir más de ${QUANTITY_MAX} unidades de «${name}».`;
}

export const productGoneMessage = (productId: number) => `El producto con ID ${productId} ya no está disponible.`;
export const comboGoneMessage = (comboId: number) => `El combo con ID ${comboId} ya no está disponible.`;

// How a family pays (the spec's policy text names the three; docs/decisions/0020-payment-methods.md).
export const PAYMENT_METHODS = ['contra_entrega', 'transferencia', 'enlace'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The spec's payload carries no method: an order without one is paid on delivery. */
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'contra_entrega';
/**
 * The methods a family pays before its order is delivered: such an order left unpaid expires after
 * PENDING_ORDER_HOURS (docs/decisions/0015-…). One paid on delivery waits for the owner, who delivers or cancels it.
 */
export const PAID_BEFORE_DELIVERY: readonly PaymentMethod[] = ['transferencia', 'enlace'];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  contra_entrega: 'Pago contra entrega',
  transferencia: 'Transferencia bancaria',
  enlace: 'Enlace de pago',
};
export const PAYMENT_LINK_MAX = 500;
/** Receipts one order takes in a day (the API's throttle, decision 0020). */
export const RECEIPTS_PER_ORDER_DAY = 5;

type OrderPaymentState = { paymentMethod: PaymentMethod; orderStatus: number };
/** A receipt is sent for a pending order paid by transfer (decision 0020); the API says why not for any other. */
export const takesReceipt = (order: OrderPaymentState) =>
  order.paymentMethod === 'transferencia' && order.orderStatus === ORDER_STATUS.PENDING;
/** The owner sends a pay link for a pending order paid by pay link (decision 0020). */
export const takesPayLink = (order: OrderPaymentState) =>
  order.paymentMethod === 'enlace' && order.orderStatus === ORDER_STATUS.PENDING;

/**
 * A family cancelling its own order (docs/decisions/0039-…). The order's page calls it a 'pedido', as its heading
 * does. Why a pending order cannot be cancelled is both the API's 409 and the page's hint.
 */
export const CANCEL_MESSAGES = {
  notPending: (label: string) =>
    `Este pedido ya no está pendiente (ahora: ${label}), así que no se puede cancelar. Si necesitas ayuda, escríbenos por WhatsApp.`,
  receiptSent:
    'Ya enviaste el comprobante de este pedido y la tienda lo está revisando: para cancelarlo, escríbenos por WhatsApp.',
  linkSent:
    'La tienda ya te envió el enlace de pago de este pedido: si ya pagaste o quieres cancelarlo, escríbenos por WhatsApp.',
  offer: '¿Ya no lo quieres? Puedes cancelarlo mientras esté pendiente.',
  confirm: 'Los juguetes vuelven a la tienda y el pedido queda cancelado. No se puede deshacer.',
  cancelled: 'Cancelaste tu pedido. Los juguetes volvieron a la tienda.',
  failed: 'No pudimos cancelar el pedido. Revisa tu conexión e inténtalo de nuevo.',
} as const;

/** Who cancelled an order (status 4): its own family, or the shop (an administrator), which keeps it in the list. */
export const CANCELLED_BY = ['familia', 'tienda'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

/**
 * The shop cancelling an order (docs/decisions/0039-…, amendment "the shop cancels too"): the orders admin calls it an
 * 'orden', as the rest of the admin does.
 */
export const SHOP_CANCEL_MESSAGES = {
  delivered: 'Esta orden ya fue entregada, así que no se puede cancelar.',
  expired: 'Esta orden ya venció y sus unidades ya volvieron al stock, así que no hay nada que cancelar.',
} as const;

/**
 * Why the shop cannot cancel an order, or null when it can (or it is cancelled already: a retry). It can until the
 * toys leave the shop: pending or paid (a paid one is refunded by the owner; the family's e-mail says so).
 */
export function whyShopCannotCancel(order: Pick<OrderJson, 'orderStatus'>): string | null {
  if (order.orderStatus === ORDER_STATUS.DELIVERED) return SHOP_CANCEL_MESSAGES.delivered;
  if (order.orderStatus === ORDER_STATUS.EXPIRED) return SHOP_CANCEL_MESSAGES.expired;
  return null;
}

/**
 * The shop may cancel an order not yet cancelled that whyShopCannotCancel allows: pending or paid. The API's
 * conditional update (orders.repository.ts `cancelIfShopMay`) is the same rule in SQL.
 */
export const shopMayCancel = (order: Pick<OrderJson, 'orderStatus'>) =>
  order.orderStatus !== ORDER_STATUS.CANCELLED && whyShopCannotCancel(order) === null;

/**
 * What a family whose order the shop cancelled (or deleted) is told about its money: 'paid' when the shop had marked
 * it paid (and refunds it), 'maybe' when a payment may be under way (a receipt or a pay link was sent), null when
 * nothing was paid. The e-mail and the order's page say the same thing.
 */
export function refundOnShopCancel(
  order: Pick<OrderJson, 'paidAt' | 'receiptUploadedAt' | 'paymentLink'>,
): 'paid' | 'maybe' | null {
  if (order.paidAt !== null) return 'paid';
  if (order.receiptUploadedAt !== null || order.paymentLink !== null) return 'maybe';
  return null;
}

type CancelState = Pick<OrderJson, 'orderStatus' | 'receiptUploadedAt' | 'paymentLink'>;

/**
 * Why a pending order can no longer be cancelled by its family, or null when it can (or is not pending): a payment of
 * it may be under way (a transfer whose receipt was sent, a pay link the shop sent and the family may have paid
 * through), which the owner checks, and refunds, so the family writes to the shop.
 */
export function whyFamilyCannotCancel(order: CancelState): string | null {
  if (order.orderStatus !== ORDER_STATUS.PENDING) return null;
  if (order.receiptUploadedAt !== null) return CANCEL_MESSAGES.receiptSent;
  if (order.paymentLink !== null) return CANCEL_MESSAGES.linkSent;
  return null;
}

/**
 * A family may cancel its own order while it is pending and no payment of it may be under way
 * (whyFamilyCannotCancel). The API's conditional update (orders.repository.ts `cancelIfFamilyMay`) is the same rule
 * in SQL.
 */
export const familyMayCancel = (order: CancelState) =>
  order.orderStatus === ORDER_STATUS.PENDING && whyFamilyCannotCancel(order) === null;

/**
 * Beyond spec §8: the connection failed while an order was sent, so it may have been placed with its answer lost.
 * Here, not in messages.ts, whose every text the storefront's first load carries.
 */
/** Checkout while the phone is offline: nothing was sent (docs/decisions/0015-…). */
export const ORDER_OFFLINE =
  'Sin conexión: tu pedido no se envió. Vuelve a tocar «Confirmar pedido» cuando vuelva la señal.';

/** Beside the delivery details while a lost order is what 'Confirmar pedido' sends again. */
export const ORDER_DETAILS_LOCKED =
  'Estos son los datos del pedido que enviaste: no se pueden cambiar mientras confirmamos si llegó.';

/** Under the address when the city is 'Otra' (geography.ts OTHER_CITY): the list names no town there. */
export const OTHER_CITY_ADDRESS_HINT = 'Elegiste «Otra»: escribe también el nombre de tu ciudad o pueblo.';

export const ORDER_CONNECTION_LOST =
  'Se perdió la conexión y no sabemos si tu pedido llegó. Revisa tu conexión y vuelve a tocar «Confirmar pedido»: si ya lo recibimos, no se repetirá.';

export const PAYMENT_MESSAGES = {
  methodInvalid: 'Elige una forma de pago: pago contra entrega, transferencia bancaria o enlace de pago.',
  linkInvalid: 'El enlace de pago debe ser una dirección que empiece con https://.',
  linkTooLong: `El enlace de pago no puede tener más de ${PAYMENT_LINK_MAX} caracteres.`,
  receiptNotTransfer: 'Solo las órdenes pagadas por transferencia bancaria llevan comprobante.',
  receiptNotPending: 'Esta orden ya no está pendiente de pago: no hace falta un comprobante.',
  receiptMissing: 'Sube la foto o captura del comprobante.',
  receiptNotFound: 'Esta orden todavía no tiene comprobante.',
  receiptTooMany: `Ya enviaste ${RECEIPTS_PER_ORDER_DAY} comprobantes de esta orden hoy y la tienda los está revisando. Si necesitas cambiarlo otra vez, escríbenos por WhatsApp o inténtalo mañana.`,
  linkNotPayLink: 'Solo las órdenes que se pagan con enlace de pago llevan un enlace.',
  linkNotPending: 'Esta orden ya no está pendiente de pago: no necesita un enlace de pago.',
  receiptUploaded: 'Comprobante enviado. Te avisaremos por correo cuando confirmemos el pago.',
  linkSaved: 'Enlace de pago guardado y enviado al cliente por correo.',
  orderLoadFailed: 'No pudimos cargar este pedido. Revisa que sea tuyo o inténtalo de nuevo.',
} as const;

const required = (message: string) => z.string({ message }).trim().min(1, message);

/**
 * A phone as families write it ('9876 5432', '9876-5432', '+504 9876-5432'), read as its digits: the spaces, dashes
 * and Honduras's country code say nothing more, and refused they cost a family a retry on a slow phone. What is left
 * must still be spec §5's 8 digits.
 */
export function phoneAsDigits(text: string): string {
  return text.replace(/[\s().-]/g, '').replace(/^\+?504(?=\d{8}$)/, '');
}

// spec §5: department, city, address and phone required; phone exactly 8 digits.
const deliveryShape = {
  department: required(VALIDATION.checkoutIncomplete),
  city: required(VALIDATION.checkoutIncomplete),
  address: required(VALIDATION.checkoutIncomplete).max(ADDRESS_MAX, ORDER_MESSAGES.addressTooLong),
  phone: required(VALIDATION.checkoutIncomplete)
    .overwrite(phoneAsDigits)
    .regex(new RegExp(`^\\d{${PHONE_DIGITS}}$`), VALIDATION.phoneFormat),
};

function checkGeography(value: { department?: unknown; city?: unknown }, ctx: z.RefinementCtx): void {
  const { department, city } = value;
  if (typeof department !== 'string' || typeof city !== 'string' || !department || !city) return;
  if (!isDepartment(department)) {
    ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.departmentInvalid, path: ['department'] });
  } else if (!isCityOf(department, city)) {
    ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.cityInvalid, path: ['city'] });
  }
}

/** The /pagar form (spec §2, §5), with the payment method the family chooses (beyond the spec). */
export const checkoutFormSchema = z
  .object({ ...deliveryShape, paymentMethod: z.enum(PAYMENT_METHODS, { message: PAYMENT_MESSAGES.methodInvalid }) })
  .superRefine(checkGeography);
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

const lineId = idSchema(ORDER_MESSAGES.lineId);
const lineQuantity = z
  .number({ message: ORDER_MESSAGES.lineQuantity })
  .int(ORDER_MESSAGES.lineQuantity)
  .min(QUANTITY_MIN, ORDER_MESSAGES.lineQuantity)
  .max(QUANTITY_MAX, ORDER_MESSAGES.lineQuantity);
// The client's figures are accepted and ignored: the server recomputes every amount.
const clientFigure = z.number({ message: ORDER_MESSAGES.figureInvalid }).nullish();

const productLineShape = {
  productId: lineId,
  quantity: lineQuantity,
  unitprice: clientFigure,
  subtotal: clientFigure,
  appliedDiscount: clientFigure,
};
const comboLineShape = { comboId: lineId, quantity: lineQuantity, unitprice: clientFigure, subtotal: clientFigure };

export const orderProductInputSchema = z.preprocess(
  normalizeKeys(Object.keys(productLineShape)),
  z.object(productLineShape, { message: ORDER_MESSAGES.lineInvalid }),
);
export const orderComboInputSchema = z.preprocess(
  normalizeKeys(Object.keys(comboLineShape)),
  z.object(comboLineShape, { message: ORDER_MESSAGES.lineInvalid }),
);

const lineList = <T extends z.ZodType>(line: T) =>
  z.array(line, { message: ORDER_MESSAGES.linesInvalid }).max(ORDER_LINES_MAX, ORDER_MESSAGES.tooManyLines).nullish();

/** spec §3 Order creation payload (top-level names bound case-insensitively by the API). */
export const createOrderBodySchema = z
  .object(
    {
      userId: idSchema(ORDER_MESSAGES.userIdInvalid).optional(),
      ...deliveryShape,
      subtotal: clientFigure,
      appliedDiscount: clientFigure,
      deliveryFee: clientFigure,
      total: clientFigure,
      OrderProducts: lineList(orderProductInputSchema),
      OrderCombos: lineList(orderComboInputSchema),
      // Beyond the spec's payload: optional, so a spec client's order is paid on delivery.
      paymentMethod: z.enum(PAYMENT_METHODS, { message: PAYMENT_MESSAGES.methodInvalid }).optional(),
    },
    // A body that is not even an object carries none of the delivery data.
    { message: VALIDATION.checkoutIncomplete },
  )
  .superRefine((value, ctx) => {
    checkGeography(value, ctx);
    const lines = (value.OrderProducts?.length ?? 0) + (value.OrderCombos?.length ?? 0);
    // spec §5: an empty cart gives 'Tu carrito está vacío'.
    if (lines === 0) ctx.addIssue({ code: 'custom', message: VALIDATION.cartEmpty, path: ['OrderProducts'] });
  });
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;
/** The payload as a client sends it (the web's checkout builds one). */
export type CreateOrderPayload = z.input<typeof createOrderBodySchema>;

/** PUT /api/Order/{id}/payment-link: the pay link the owner made with the payment provider. */
export const paymentLinkBodySchema = z.object(
  {
    paymentLink: z
      .string({ message: PAYMENT_MESSAGES.linkInvalid })
      .trim()
      .max(PAYMENT_LINK_MAX, PAYMENT_MESSAGES.linkTooLong)
      .refine((value) => /^https:\/\/[^\s/$.?#][^\s]*$/i.test(value), PAYMENT_MESSAGES.linkInvalid),
  },
  { message: PAYMENT_MESSAGES.linkInvalid },
);

// spec §4: admin actions set a status with no ordering restriction.
export const ORDER_STATUS_ACTIONS = {
  pending: ORDER_STATUS.PENDING,
  pay: ORDER_STATUS.PAID,
  deliver: ORDER_STATUS.DELIVERED,
} as const satisfies Record<string, OrderStatus>;
export type OrderStatusAction = keyof typeof ORDER_STATUS_ACTIONS;

// spec §3 Order as the API answers it, plus customerName/customerEmail on the order and name/imageUrl on
// lines (taken from the order's own snapshot, so they survive the item's deletion).
export const orderProductJsonSchema = z.object({
  orderProductId: z.number().int(),
  productId: z.number().int().nullable(),
  quantity: z.number().int(),
  unitprice: z.number(),
  subtotal: z.number(),
  appliedDiscount: z.number(),
  name: z.string(),
  imageUrl: z.string().nullable(),
});

export const orderComboJsonSchema = z.object({
  orderComboId: z.number().int(),
  comboId: z.number().int().nullable(),
  quantity: z.number().int(),
  unitprice: z.number(),
  subtotal: z.number(),
  name: z.string(),
  imageUrl: z.string().nullable(),
});

export const orderJsonSchema = z.object({
  orderId: z.number().int(),
  userId: z.number().int().nullable(),
  createdAt: z.string(),
  department: z.string(),
  city: z.string(),
  address: z.string(),
  phone: z.string(),
  subtotal: z.number(),
  appliedDiscount: z.number(),
  deliveryFee: z.number(),
  total: z.number(),
  orderStatus: z.number().int(),
  customerName: z.string(),
  customerEmail: z.string(),
  // Beyond spec §3: how the family pays and when the status changed (null until it did).
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentLink: z.string().nullable(),
  receiptUploadedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  // Who cancelled it while its status is 4 (Cancelado), null otherwise (docs/decisions/0039-…).
  cancelledBy: z.enum(CANCELLED_BY).nullable(),
  // When a pending order paid before delivery expires unpaid if nothing changes it (PENDING_ORDER_HOURS after its
  // last change, decision 0015); null for any other order.
  expiresAt: z.string().nullable(),
  orderProducts: z.array(orderProductJsonSchema),
  orderCombos: z.array(orderComboJsonSchema),
});

export type OrderProductJson = z.infer<typeof orderProductJsonSchema>;
export type OrderComboJson = z.infer<typeof orderComboJsonSchema>;
export type OrderJson = z.infer<typeof orderJsonSchema>;

// The orders admin, searched and paged by the server (docs/decisions/0035-admin-lists-paged-by-the-server.md).

/**
 * What the orders admin's search reads besides the order's number: the customer's name and e-mail and the city,
 * folded (spec §9: case-insensitive; accents too, docs/decisions/0004), one per line so a term never spans two.
 */
export function orderSearchText(order: { customerName: string; customerEmail: string; city: string }): string {
  return searchLines([order.customerName, order.customerEmail, order.city]);
}

/**
 * `status=ventas`: every order but those closed unsold (CLOSED_UNSOLD: expired or cancelled), what the admin home's 'Ventas del mes' counts
 * (docs/decisions/0023-…), so the list it opens shows the same orders.
 */
export const SALES_STATUS_FILTER = 'ventas';

const statusFilter = z.union(
  [
    z.literal(SALES_STATUS_FILTER),
    z
      .number()
      .int(ORDER_MESSAGES.statusFilterInvalid)
      .min(ORDER_STATUS.PENDING, ORDER_MESSAGES.statusFilterInvalid)
      .max(ORDER_STATUS.CANCELLED, ORDER_MESSAGES.statusFilterInvalid),
  ],
  { error: ORDER_MESSAGES.statusFilterInvalid },
);

/** A Honduras calendar day as the date inputs send it ('2026-11-26'); '' or missing is none. */
/**
 * The years a date filter may name: any an order can have, with room on both sides. Years such as 0000 or 9999 are
 * refused: the day after 9999-12-31 (the filter's end, in UTC) has no four-digit ISO form, which PostgreSQL refuses and
 * SQLite compares wrongly as text.
 */
const FILTER_YEARS = { first: 1900, last: 2999 };
const shopDayFilter = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string({ error: ORDER_MESSAGES.dateFilterInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, ORDER_MESSAGES.dateFilterInvalid)
    .refine(
      (day) =>
        !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
        new Date(`${day}T00:00:00Z`).toISOString().startsWith(day) &&
        Number(day.slice(0, 4)) >= FILTER_YEARS.first &&
        Number(day.slice(0, 4)) <= FILTER_YEARS.last,
      ORDER_MESSAGES.dateFilterInvalid,
    )
    .optional(),
);

/**
 * The orders admin's filter, for `GET /api/Order/csv?q=&status=&customer=&from=&to=`: `q` finds the order's number (a leading #
 * is ignored) or the text of orderSearchText; `status` keeps the orders that read as that status (2, Entregado, is
 * every status other than 0, 1 and 3: spec §4); `customer` keeps one account's orders (its user id); `from` and `to`
 * keep the orders placed on those Honduras days and the days between.
 */
const adminOrderFilterFields = {
  status: z.preprocess(
    (value) => (value === SALES_STATUS_FILTER ? value : fromQueryString(value)),
    statusFilter.optional(),
  ),
  customer: z.preprocess(fromQueryString, idSchema(ORDER_MESSAGES.customerFilterInvalid).optional()),
  from: shopDayFilter,
  to: shopDayFilter,
};
/** `from` and `to` (Honduras days, YYYY-MM-DD) in order, or either left out. */
export const rangeInOrder = (filter: { from?: string | undefined; to?: string | undefined }) =>
  filter.from === undefined || filter.to === undefined || filter.from <= filter.to;
const rangeRule = { message: ORDER_MESSAGES.dateRangeInvalid, path: ['to'] };

export const adminOrderFilterSchema = adminListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend(adminOrderFilterFields)
  .refine(rangeInOrder, rangeRule);
export type AdminOrderFilter = z.output<typeof adminOrderFilterSchema>;

/** `GET /api/Order/admin-list?q=&status=&customer=&from=&to=&page=&pageSize=`: the filter above, a page at a time. */
export const adminOrderListQuerySchema = adminListQuerySchema
  .extend(adminOrderFilterFields)
  .refine(rangeInOrder, rangeRule);
export type AdminOrderListQuery = z.output<typeof adminOrderListQuerySchema>;

/** One page of the orders admin: whole orders, newest first. */
export const adminOrderPageSchema = adminPageSchema(orderJsonSchema);
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

// The admin home's figures (GET /api/admin/stats). Sales are orders that have not expired (docs/decisions/0023-…).
export const adminStatsSchema = z.object({
  pendingOrders: z.number().int(),
  paidNotDelivered: z.number().int(),
  /** Sum of the totals (delivery included) of every order placed this calendar month, Honduras time. */
  salesThisMonth: z.number(),
  ordersThisMonth: z.number().int(),
  /** Of those, the totals already paid (status Pagado or Entregado): the money in, beside what was ordered. */
  paidThisMonth: z.number(),
  /** One entry per Honduras day for the last SALES_CHART_DAYS days (today last), days without sales included. */
  salesByDay: z.array(z.object({ day: z.string(), orders: z.number().int(), total: z.number() })),
  /** The owner's own threshold for the low-stock list (PUT /api/admin/settings). */
  lowStockThreshold: z.number().int(),
  bestSellers: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      unitsSold: z.number().int(),
      imageUrl: z.string().nullable(),
    }),
  ),
  lowStock: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      stock: z.number().int(),
      imageUrl: z.string().nullable(),
      // Families waiting for it to be back (docs/decisions/0040-back-in-stock-alerts.md): demand for a restock.
      waiting: z.number().int(),
    }),
  ),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** Until the owner sets one (docs/decisions/0023-owner-dashboard.md). */
export const LOW_STOCK_THRESHOLD_DEFAULT = 3;
export const LOW_STOCK_THRESHOLD_MAX = 1000;
export const BEST_SELLERS_LIMIT = 5;
export const SALES_CHART_DAYS = 30;

export const ADMIN_SETTINGS_MESSAGES = {
  lowStockThresholdInvalid: `El límite de poco stock debe ser un número entero entre 0 y ${LOW_STOCK_THRESHOLD_MAX}.`,
} as const;

/** The owner's dashboard settings (PUT /api/admin/settings). */
export const adminSettingsSchema = z.object(
  {
    lowStockThreshold: z
      .number({ error: ADMIN_SETTINGS_MESSAGES.lowStockThresholdInvalid })
      .int(ADMIN_SETTINGS_MESSAGES.lowStockThresholdInvalid)
      .min(0, ADMIN_SETTINGS_MESSAGES.lowStockThresholdInvalid)
      .max(LOW_STOCK_THRESHOLD_MAX, ADMIN_SETTINGS_MESSAGES.lowStockThresholdInvalid),
  },
  { error: ADMIN_SETTINGS_MESSAGES.lowStockThresholdInvalid },
);
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
