import { QUANTITY_MAX, QUANTITY_MIN } from './constants.js';

// spec §5 / §9: how many of an item a shopper may pick. Without zod, so the storefront's cards and product pages
// do not load it (docs/decisions/0028-preact-runtime.md).

/** The most a shopper may pick of an item with `stock` units: min(stock, 99), never negative. */
export function maxQuantity(stock: number): number {
  return Math.max(0, Math.min(QUANTITY_MAX, Math.floor(stock)));
}

/**
 * A quantity selector's value kept inside 1..min(stock, 99) (spec §5: + stops at stock, − at 1).
 * With no stock at all it answers 1: the add button is disabled then (spec §5), not the selector.
 */
export function clampQuantity(quantity: number, stock: number): number {
  const upper = Math.max(QUANTITY_MIN, maxQuantity(stock));
  const whole = Number.isFinite(quantity) ? Math.trunc(quantity) : QUANTITY_MIN;
  return Math.min(upper, Math.max(QUANTITY_MIN, whole));
}
