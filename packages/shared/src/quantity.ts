import { QUANTITY_MAX } from './constants.js';

// spec §5 / §9: how many of an item a shopper may pick. Without zod, so the storefront's cards and product pages
// do not load it (docs/decisions/0028-preact-runtime.md).

/** The most a shopper may pick of an item with `stock` units: min(stock, 99), never negative. */
export function maxQuantity(stock: number): number {
  return Math.max(0, Math.min(QUANTITY_MAX, Math.floor(stock)));
}
