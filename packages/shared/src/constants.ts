// spec §9: business constants shared by the web app and the API.
export const PAGE_SIZE = 30;
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 99;
export const CODE_LENGTH = 6;
export const PHONE_DIGITS = 8;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const PRODUCT_NAME_MAX = 100;
export const PRODUCT_DESCRIPTION_MAX = 1000;
export const CARD_DESCRIPTION_MAX = 100;
export const FEATURED_LIMIT = 12;
/** The heaviest picture an upload may carry, in megabytes as the texts say it, and in bytes. */
export const IMAGE_MAX_MB = 10;
export const IMAGE_MAX_BYTES = IMAGE_MAX_MB * 1024 * 1024;
/** Ids are 32-bit integer columns on PostgreSQL: anything larger must be a 400, never a database error. */
export const ID_MAX = 2_147_483_647;

/** An id as an address writes it (/pedido/7, ?cliente=7): 1–10 digits, from 1 to ID_MAX; otherwise null. */
export function idFromText(text: string | undefined): number | null {
  if (text === undefined || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= ID_MAX ? id : null;
}

// spec §4 has 0, 1 and 2; EXPIRED (3) and CANCELLED (4) are ours: an unpaid pending order whose time ran out
// (docs/decisions/0015-nothing-lost-nothing-hoarded.md), or that its family cancelled (docs/decisions/0039-…), its
// units back on the shelf.
export const ORDER_STATUS = { PENDING: 0, PAID: 1, DELIVERED: 2, EXPIRED: 3, CANCELLED: 4 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** The statuses that read as themselves; spec §4 reads any other value as Entregado. */
export const STATUSES_READ_AS_THEMSELVES: readonly OrderStatus[] = [
  ORDER_STATUS.PENDING,
  ORDER_STATUS.PAID,
  ORDER_STATUS.EXPIRED,
  ORDER_STATUS.CANCELLED,
];

/**
 * spec §4: the status an order's value reads as: 0, 1, 3 (decision 0015) and 4 (decision 0039) as themselves, any
 * other as Entregado.
 */
export function readOrderStatus(status: number): OrderStatus {
  return (STATUSES_READ_AS_THEMSELVES as readonly number[]).includes(status)
    ? (status as OrderStatus)
    : ORDER_STATUS.DELIVERED;
}

/** Masculine like the spec's own (Pagado, Entregado): the family's page and list call an order a 'pedido'. */
export function orderStatusLabel(status: number): 'Pendiente' | 'Pagado' | 'Entregado' | 'Vencido' | 'Cancelado' {
  const labels = { 0: 'Pendiente', 1: 'Pagado', 2: 'Entregado', 3: 'Vencido', 4: 'Cancelado' } as const;
  return labels[readOrderStatus(status)];
}

/**
 * What counts as a sale (decision 0023), in every figure, list and ranking: every order but one closed unsold, expired
 * unpaid or cancelled by its family. Such an order holds no stock: its units went back on the shelf.
 */
export const CLOSED_UNSOLD: readonly OrderStatus[] = [ORDER_STATUS.EXPIRED, ORDER_STATUS.CANCELLED];
export const isClosedUnsold = (status: number) => (CLOSED_UNSOLD as readonly number[]).includes(status);

export const ROLE_ADMIN = 'ADMIN';
export const ROLE_CUSTOMER = 'CUSTOMER';

// spec §3: claim names the client reads from the token.
export const CLAIM_USER_ID = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/nameidentifier';
export const CLAIM_ROLE = 'http://schemas.microsoft.com/ws/2008/06/identity/claims/role';

export const SHOP_NAME = 'Tienda de Juguetes Jugar y Crecer';
export const SHOP_SLOGAN = 'Jugar, aprender, crecer.';

export function pageCount(itemCount: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(itemCount / pageSize));
}
