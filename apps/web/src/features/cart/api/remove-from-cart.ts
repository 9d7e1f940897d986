import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { ERRORS } from '@tienda/shared/messages';
import { apiRequest } from '../../../lib/api-client';
import { cartKeys, refreshCart, type CartLine } from '../../../lib/api/cart';

// spec §7 Cart: DELETE /api/Cart/RemoveProduct {UserId, ProductId} / RemoveCombo {UserId, ComboId}.
export function removeFromCart(userId: number, line: Pick<CartLine, 'type' | 'productId' | 'comboId'>): Promise<void> {
  if (line.type === 'product') {
    return apiRequest<void>('/api/Cart/RemoveProduct', {
      method: 'DELETE',
      json: { UserId: userId, ProductId: line.productId },
    });
  }
  return apiRequest<void>('/api/Cart/RemoveCombo', {
    method: 'DELETE',
    json: { UserId: userId, ComboId: line.comboId },
  });
}

/** Every removal in flight carries it (see CART_LINE_STEP_KEY). */
export const CART_LINE_REMOVE_KEY = ['cart-line-remove'] as const;

/** 'Eliminar' on a cart line (spec §8: 'Producto eliminado del carrito' / 'No se pudo eliminar el producto'). */
export function useRemoveFromCart(userId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CART_LINE_REMOVE_KEY,
    mutationFn: (line: CartLine) => removeFromCart(userId!, line),
    onSuccess: (_result, removed) => {
      queryClient.setQueryData<CartLine[]>(cartKeys.user(userId), (lines) =>
        lines?.filter((line) => line.id !== removed.id),
      );
      toast.success(ERRORS.cartRemoved);
    },
    onError: () => {
      toast.error(ERRORS.cartRemoveFailed);
    },
    onSettled: () => refreshCart(queryClient),
  });
}
