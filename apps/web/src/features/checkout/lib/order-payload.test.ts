import { describe, expect, it } from 'vitest';
import type { CartLine } from '@tienda/shared/cart';
import { buildOrderPayload } from './order-payload';

const line = (over: Partial<CartLine>): CartLine => ({
  id: 1,
  productId: 10,
  comboId: null,
  type: 'product',
  name: 'Cubo sensorial',
  imageUrl: null,
  quantity: 1,
  price: 0,
  listPrice: 0,
  subtotal: 0,
  stock: 5,
  ...over,
});

describe('checkout payload (spec §3, §9)', () => {
  it('builds the spec §3 payload with products and combos apart, appliedDiscount 0, and the payment method', () => {
    const lines = [
      line({ id: 1, productId: 4, quantity: 2, price: 199.5, subtotal: 399 }),
      line({ id: 2, productId: null, comboId: 3, type: 'combo', quantity: 1, price: 549, subtotal: 549 }),
    ];
    expect(
      buildOrderPayload(
        7,
        {
          department: 'Cortés',
          city: 'San Pedro Sula',
          address: 'Col. Trejo',
          phone: '99887766',
          paymentMethod: 'transferencia',
        },
        lines,
      ),
    ).toEqual({
      userId: 7,
      department: 'Cortés',
      city: 'San Pedro Sula',
      address: 'Col. Trejo',
      phone: '99887766',
      paymentMethod: 'transferencia',
      subtotal: 948,
      appliedDiscount: 0,
      deliveryFee: 80,
      total: 1028,
      OrderProducts: [{ productId: 4, quantity: 2, unitprice: 199.5, subtotal: 399, appliedDiscount: 0 }],
      OrderCombos: [{ comboId: 3, quantity: 1, unitprice: 549, subtotal: 549 }],
    });
  });
});
