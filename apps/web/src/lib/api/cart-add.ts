import { apiRequest } from '../api-client';
import type { CartLine } from './cart';

export type CartItemKind = 'product' | 'combo';

// spec §7 Cart: POST /api/Cart/AddProduct {UserId, ProductId, Quantity} / AddCombo {UserId, ComboId, Quantity}, with
// an Idempotency-Key (docs/decisions/0015-…): the same key again adds nothing more. The shop's cards and detail pages
// add with it, and the cart puts back a line removed by mistake. Not in lib/api/cart.ts, which the first load carries.
export function addToCart(
  userId: number,
  item: { kind: CartItemKind; id: number; quantity: number },
  idempotencyKey: string,
): Promise<CartLine> {
  const product = item.kind === 'product';
  return apiRequest<CartLine>(product ? '/api/Cart/AddProduct' : '/api/Cart/AddCombo', {
    method: 'POST',
    json: { UserId: userId, [product ? 'ProductId' : 'ComboId']: item.id, Quantity: item.quantity },
    headers: { 'idempotency-key': idempotencyKey },
  });
}
