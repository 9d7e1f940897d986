import { z } from 'zod';

// A family asks to be e-mailed when a sold-out toy is back (docs/decisions/0040-back-in-stock-alerts.md).

/** How many toys one account may wait for at once: enough for a wish list, too few to flood the shop's mail. */
export const STOCK_ALERTS_MAX = 30;

export const STOCK_ALERT_MESSAGES = {
  inStock: 'Este juguete ya está disponible: puedes agregarlo al carrito.',
  tooMany: `Ya esperas ${STOCK_ALERTS_MAX} juguetes agotados. Quita el aviso de alguno para pedir otro.`,
  offer: 'Por ahora está agotado. ¿Quieres que te avisemos por correo cuando vuelva?',
  ask: 'Avísame cuando vuelva',
  asking: 'Guardando…',
  waiting: 'Te avisaremos por correo cuando vuelva.',
  stop: 'Ya no me avises',
  stopping: 'Quitando…',
  guest: 'Por ahora está agotado. Inicia sesión y te avisamos por correo cuando vuelva.',
  failed: 'No pudimos guardar tu aviso. Revisa tu conexión e inténtalo de nuevo.',
  listTitle: 'Juguetes que esperas',
  listIntro: 'Te escribimos en cuanto vuelvan. El aviso se borra al enviarte el correo.',
  backNow: 'Ya volvió',
} as const;

/** `GET`, `PUT` and `DELETE /api/Product/{id}/stock-alert`: whether this account waits for the toy. */
export const stockAlertSchema = z.object({ waiting: z.boolean() });
export type StockAlert = z.infer<typeof stockAlertSchema>;

/** `GET /api/Product/stock-alerts`: the toys this account waits for, the latest asked first. */
export const waitedProductSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  stock: z.number().int(),
});
export type WaitedProduct = z.infer<typeof waitedProductSchema>;
