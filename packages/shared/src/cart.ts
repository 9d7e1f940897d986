import { z } from 'zod';
import './zod-messages.js';
import { QUANTITY_MAX, QUANTITY_MIN } from './constants.js';
import { idSchema } from './ids.js';

// spec §5 / §9: a cart quantity is 1–99 and never above the item's stock. One home for the web's
// selectors and the API's checks.

export const CART_MESSAGES = {
  quantityRange: `La cantidad debe ser un número entero entre ${QUANTITY_MIN} y ${QUANTITY_MAX}.`,
  productNotFound: 'El producto no existe.',
  comboNotFound: 'El combo no existe.',
  productOutOfStock: 'El producto está agotado.',
  comboOutOfStock: 'El combo está agotado.',
  productNotInCart: 'El producto no está en tu carrito.',
  comboNotInCart: 'El combo no está en tu carrito.',
  notYourCart: 'Solo puedes ver y modificar tu propio carrito.',
} as const;

/** 'Solo quedan 3 unidades de «Cubo sensorial».' (and how many the cart already holds, when any). */
export function onlyLeftMessage(name: string, stock: number, inCart = 0): string {
  const left = stock === 1 ? `Solo queda 1 unidad de «${name}»` : `Solo quedan ${stock} unidades de «${name}»`;
  if (inCart <= 0) return `${left}.`;
  return `${left} y ya tienes ${inCart} en tu carrito.`;
}

/** The cart never holds more than 99 of one item (spec §9). */
export function overMaxMessage(name: string, inCart = 0): string {
  const base = `Puedes llevar como máximo ${QUANTITY_MAX} unidades de «${name}»`;
  return inCart > 0 ? `${base} y ya tienes ${inCart} en tu carrito.` : `${base}.`;
}

const positiveId = idSchema();

export const quantitySchema = z
  .number({ message: CART_MESSAGES.quantityRange })
  .int(CART_MESSAGES.quantityRange)
  .min(QUANTITY_MIN, CART_MESSAGES.quantityRange)
  .max(QUANTITY_MAX, CART_MESSAGES.quantityRange);

// spec §7 Cart: request bodies, spelled as there (the API binds the names case-insensitively).
export const addProductBodySchema = z.object({ UserId: positiveId, ProductId: positiveId, Quantity: quantitySchema });
export const addComboBodySchema = z.object({ UserId: positiveId, ComboId: positiveId, Quantity: quantitySchema });
export const removeProductBodySchema = z.object({ UserId: positiveId, ProductId: positiveId });
export const removeComboBodySchema = z.object({ UserId: positiveId, ComboId: positiveId });
/** Increment/Decrement: `Id` is the product's or the combo's id, not the cart line's. */
export const cartStepBodySchema = z.object({ UserId: positiveId, Id: positiveId });

export type AddProductBody = z.infer<typeof addProductBodySchema>;
export type AddComboBody = z.infer<typeof addComboBodySchema>;
export type RemoveProductBody = z.infer<typeof removeProductBodySchema>;
export type RemoveComboBody = z.infer<typeof removeComboBodySchema>;
export type CartStepBody = z.infer<typeof cartStepBodySchema>;

// spec §3 Cart line, plus `stock` so the cart screen can cap its + button (spec §5).
export const cartLineSchema = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  comboId: z.number().int().nullable(),
  type: z.enum(['product', 'combo']),
  name: z.string(),
  imageUrl: z.string().nullable(),
  quantity: z.number().int(),
  price: z.number(),
  /** The price before the product's discount (equal to `price` without one): the cart shows it struck through. */
  listPrice: z.number(),
  subtotal: z.number(),
  stock: z.number().int(),
});

export type CartLine = z.infer<typeof cartLineSchema>;
