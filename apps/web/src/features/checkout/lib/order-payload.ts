import type { CartLine } from '@tienda/shared/cart';
import type { CreateOrderPayload, PaymentMethod } from '@tienda/shared/orders';
import { orderFigures } from '@tienda/shared/cart-totals';

export interface DeliveryDetails {
  department: string;
  city: string;
  address: string;
  phone: string;
  paymentMethod: PaymentMethod;
}

/** The order creation payload of spec §3, from the cart lines and the delivery form. */
export function buildOrderPayload(
  userId: number,
  delivery: DeliveryDetails,
  lines: readonly CartLine[],
): CreateOrderPayload {
  const figures = orderFigures(lines, delivery.city);
  return {
    userId,
    department: delivery.department,
    city: delivery.city,
    address: delivery.address,
    phone: delivery.phone,
    paymentMethod: delivery.paymentMethod,
    subtotal: figures.subtotal,
    appliedDiscount: figures.appliedDiscount,
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
