// Where an order is followed: its customer's page and the owner's detail (the web app's routes). The storefront
// links to them, and so do the order e-mails when the shop's public address is known (PUBLIC_URL).

export const orderPagePath = (orderId: number) => `/pedido/${orderId}`;

export const adminOrderPagePath = (orderId: number) => `/admin/orden/${orderId}`;

/** The purchase history's place on /profile, below the account's forms: an order's page leads back to it. */
export const PURCHASE_HISTORY_ID = 'historial-compras';
export const PURCHASE_HISTORY_PATH = `/profile#${PURCHASE_HISTORY_ID}`;
