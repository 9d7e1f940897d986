import type { CartLine } from '@tienda/shared/cart';
import type { Product } from '@tienda/shared/catalog';

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

export { orderJson } from '@tienda/shared/test-support/order-json';

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
      listPrice: 360.5,
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
      listPrice: 549,
      subtotal: 549,
      stock: 4,
    },
  ];
}
