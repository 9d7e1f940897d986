import { deliveryFeeCents, fromCents, toCents } from './pricing.js';

// One home for the cart's figures: the header badge, the cart page, the checkout and the server's order
// creation (docs/decisions/0002: integer cents inside, lempiras at the edges). No zod here: the header
// loads this file on first paint (docs/decisions/0003).

/** The header badge: the sum of the quantities above 0 (spec §7 Cart); 0 while the cart is unknown. */
export function cartItemCount(lines: readonly { quantity: number }[] | undefined): number {
  if (!lines) return 0;
  return lines.reduce((sum, line) => sum + (line.quantity > 0 ? line.quantity : 0), 0);
}

export interface OrderFiguresCents<Fee extends number | null = number> {
  subtotalCents: number;
  appliedDiscountCents: number;
  /** null until a city is chosen (the fee depends on it, spec §4). */
  deliveryFeeCents: Fee;
  /** The subtotal alone until a city is chosen. */
  totalCents: number;
}

/**
 * spec §9: total = subtotal + delivery fee (L80 in San Pedro Sula, L100 elsewhere); appliedDiscount is 0 because
 * each line's price already carries its discount.
 */
export function orderFiguresCents(lineSubtotalsCents: readonly number[], city: string): OrderFiguresCents;
export function orderFiguresCents(
  lineSubtotalsCents: readonly number[],
  city: string | null,
): OrderFiguresCents<number | null>;
export function orderFiguresCents(
  lineSubtotalsCents: readonly number[],
  city: string | null,
): OrderFiguresCents<number | null> {
  const subtotalCents = lineSubtotalsCents.reduce((sum, cents) => sum + cents, 0);
  const feeCents = city ? deliveryFeeCents(city) : null;
  return {
    subtotalCents,
    appliedDiscountCents: 0,
    deliveryFeeCents: feeCents,
    totalCents: subtotalCents + (feeCents ?? 0),
  };
}

export interface OrderFigures {
  subtotal: number;
  appliedDiscount: number;
  deliveryFee: number | null;
  total: number;
}

/** The same figures from lines priced in lempiras (the cart as the API sends it), summed in exact cents. */
export function orderFigures(lines: readonly { subtotal: number }[], city: string | null): OrderFigures {
  const figures = orderFiguresCents(
    lines.map((line) => toCents(line.subtotal)),
    city,
  );
  return {
    subtotal: fromCents(figures.subtotalCents),
    appliedDiscount: fromCents(figures.appliedDiscountCents),
    deliveryFee: figures.deliveryFeeCents === null ? null : fromCents(figures.deliveryFeeCents),
    total: fromCents(figures.totalCents),
  };
}
