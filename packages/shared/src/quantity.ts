import { QUANTITY_MAX } from './constants.js';

// spec §5 / §9: how many of an item a shopper may pick. Without zod, so the storefront's cards and product pages
// do not load it (docs/decisions/0028-preact-runtime.md).

/** The most a shopper may pick of an item with `stock` units: min(stock, 99), never negative. */
export function maxQuantity(stock: number): number {
  return Math.max(0, Math.min(QUANTITY_MAX, Math.floor(stock)));
}

/**
 * A cart line that holds more than the item has now (bought by others since it was added): what the cart says under
 * it, so the family fixes it there rather than learn of it at checkout. Null while the line fits.
 */
export function overStockNote(quantity: number, stock: number): string | null {
  if (quantity <= stock) return null;
  if (stock <= 0) return 'Se agotó mientras estaba en tu carrito: quítalo para poder pagar.';
  const left = stock === 1 ? 'Solo queda 1 unidad' : `Solo quedan ${stock} unidades`;
  return `${left}: baja la cantidad para poder pagar.`;
}
