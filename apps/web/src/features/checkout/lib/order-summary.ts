import { deliveryFeeCents, fromCents, toCents } from '@tienda/shared/pricing';
import type { CartLine } from '@tienda/shared/cart';

export interface OrderFigures {
  subtotal: number;
  /** null until a city is chosen (the fee depends on it, spec §4). */
  deliveryFee: number | null;
  /** The subtotal alone until a city is chosen. */
  total: number;
}

/**
 * spec §9: total = subtotal + delivery fee (L80 in San Pedro Sula, L100 elsewhere), appliedDiscount 0.
 * Summed in integer cents, never in binary floats (GUIDE §5).
 */
export function orderFigures(lines: readonly Pick<CartLine, 'subtotal'>[], city: string): OrderFigures {
  const subtotalCents = lines.reduce((sum, line) => sum + toCents(line.subtotal), 0);
  const feeCents = city ? deliveryFeeCents(city) : null;
  return {
    subtotal: fromCents(subtotalCents),
    deliveryFee: feeCents === null ? null : fromCents(feeCents),
    total: fromCents(subtotalCents + (feeCents ?? 0)),
  };
}

export interface DeliveryDetails {
  department: string;
  city: string;
  address: string;
  phone: string;
}

/** The order creation payload of spec §3, from the cart lines and the delivery form. */
export function buildOrderPayload(userId: number, delivery: DeliveryDetails, lines: readonly CartLine[]) {
  const figures = orderFigures(lines, delivery.city);
  return {
    userId,
    department: delivery.department,
    city: delivery.city,
    address: delivery.address,
    phone: delivery.phone,
    subtotal: figures.subtotal,
    appliedDiscount: 0,
    deliveryFee: figures.deliveryFee ?? 0,
    total: figures.total,
    OrderProducts: lines
      .filter((line) => line.type === 'product' && line.productId !== null)
      .map((line) => ({
        productId: line.productId!,
        quantity: line.quantity,
        unitprice: line.price,
        subtotal: line.subtotal,
        appliedDiscount: 0,
      })),
    OrderCombos: lines
      .filter((line) => line.type === 'combo' && line.comboId !== null)
      .map((line) => ({
        comboId: line.comboId!,
        quantity: line.quantity,
        unitprice: line.price,
        subtotal: line.subtotal,
      })),
  };
}

export type OrderPayload = ReturnType<typeof buildOrderPayload>;
