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
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Ids are 32-bit integer columns on PostgreSQL: anything larger must be a 400, never a database error. */
export const ID_MAX = 2_147_483_647;

// spec §4 has 0, 1 and 2; EXPIRED (3) is ours: an unpaid pending order whose time ran out, its units back on the
// shelf (docs/decisions/0015-nothing-lost-nothing-hoarded.md).
export const ORDER_STATUS = { PENDING: 0, PAID: 1, DELIVERED: 2, EXPIRED: 3 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

// spec §4: any value other than 0 and 1 reads as Entregado; 3 reads as Vencida (decision 0015).
export function orderStatusLabel(status: number): 'Pendiente' | 'Pagado' | 'Entregado' | 'Vencida' {
  if (status === ORDER_STATUS.PENDING) return 'Pendiente';
  if (status === ORDER_STATUS.PAID) return 'Pagado';
  if (status === ORDER_STATUS.EXPIRED) return 'Vencida';
  return 'Entregado';
}

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
