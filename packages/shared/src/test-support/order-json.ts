import type { OrderJson } from '../orders.js';

// Test builders shared by the web's and the shared package's tests; left out of the package's build.

/** An order as GET /api/Order returns it: two 'Pelota sensorial' by transfer, placed in San Pedro Sula. */
export function orderJson(overrides: Partial<OrderJson> = {}): OrderJson {
  return {
    orderId: 7,
    userId: 3,
    createdAt: '2026-11-23T05:30:00.000Z',
    department: 'Cortés',
    city: 'San Pedro Sula',
    address: 'Col. Trejo, casa 12',
    phone: '99887766',
    subtotal: 1234.5,
    appliedDiscount: 0,
    deliveryFee: 80,
    total: 1314.5,
    orderStatus: 1,
    customerName: 'María José Núñez',
    customerEmail: 'maria@correo.hn',
    paymentMethod: 'transferencia',
    paymentLink: null,
    receiptUploadedAt: null,
    paidAt: null,
    deliveredAt: null,
    cancelledBy: null,
    expiresAt: null,
    orderProducts: [
      {
        orderProductId: 1,
        productId: 2,
        quantity: 2,
        unitprice: 500,
        subtotal: 1000,
        appliedDiscount: 0,
        name: 'Pelota sensorial',
        imageUrl: null,
      },
    ],
    orderCombos: [],
    ...overrides,
  };
}
