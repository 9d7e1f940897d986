import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { backInCart, ERRORS } from '@tienda/shared/messages';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { cartKeys, refreshCart, type CartLine } from '../../../lib/api/cart';
import { addToCart } from '../../../lib/api/cart-add';
import { randomKey } from '../../../lib/random-key';
import { RemovedLineNotice } from '../components/removed-line-notice';

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
      // 'Deshacer' adds the line back as it was, under a key of its own (a second tap adds nothing more).
      const undoKey = randomKey();
      const undo = () => {
        const id = removed.type === 'product' ? removed.productId : removed.comboId;
        void addToCart(userId!, { kind: removed.type, id: id!, quantity: removed.quantity }, undoKey)
          .then(
            () => toast.success(backInCart(removed.name)),
            (error: unknown) => toast.error(errorMessage(error, ERRORS.addToCartFailed)),
          )
          .finally(() => refreshCart(queryClient));
      };
      toast.success(({ closeToast }) => (
        <RemovedLineNotice
          name={removed.name}
          onUndo={() => {
            closeToast();
            undo();
          }}
        />
      ));
    },
    onError: () => {
      toast.error(ERRORS.cartRemoveFailed);
    },
    onSettled: () => refreshCart(queryClient),
  });
}
