import type { CartLine } from '@tienda/shared/cart';
import type { Product } from '@tienda/shared/catalog';
import type { OrderJson } from '@tienda/shared/orders';

// The API's JSON shapes as screens receive them, one builder each: a test names only the values it is about.

/** A product as GET /api/Product returns it: `Juguete {id}`, L{100 + id}, 5 in stock, no images. */
export function productJson(id: number, overrides: Partial<Product> = {}): Product {
  return {
    productId: id,
    name: `Juguete ${id}`,
    description: `Descripción ${id}`,
    price: 100 + id,
    discount: 0,
    stock: 5,
    imageUrl: null,
    thumbnailUrl: null,
    productImages: [],
    secondaryImages: [],
    categoryIds: [],
    categories: [],
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

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

/** A cart of user 7 as GET /api/Cart/User/7 returns it: 2 'Cubo sensorial' (L649) and 1 'Kit de calma' (L549). */
export function cartLines({ productStock }: { productStock: number }): CartLine[] {
  return [
    {
      id: 1,
      productId: 4,
      comboId: null,
      type: 'product',
      name: 'Cubo sensorial',
      imageUrl: null,
      quantity: 2,
      price: 324.5,
      subtotal: 649,
      stock: productStock,
    },
    {
      id: 2,
      productId: null,
      comboId: 3,
      type: 'combo',
      name: 'Kit de calma',
      imageUrl: null,
      quantity: 1,
      price: 549,
      subtotal: 549,
      stock: 4,
    },
  ];
}
