import type { TestApp, TestUser } from './test-app.js';

/** Delivery details that pass every rule of spec §5: San Pedro Sula (the L80 fee), an 8-digit phone. */
export const delivery = {
  department: 'Cortés',
  city: 'San Pedro Sula',
  address: 'Col. Trejo, casa 12',
  phone: '99887766',
};

/** POST /api/Order by `buyer` for one unit of `productId`, delivered with `delivery`. */
export function orderOneProduct(t: TestApp, buyer: TestUser, productId: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/Order',
    headers: buyer.auth,
    payload: { ...delivery, OrderProducts: [{ productId, quantity: 1 }] },
  });
}
