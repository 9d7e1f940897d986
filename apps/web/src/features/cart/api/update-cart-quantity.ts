import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { ERRORS } from '@tienda/shared/messages';
import { apiRequest } from '../../../lib/api-client';
import { cartKeys, refreshCart, type CartLine } from '../../../lib/api/cart';

export type QuantityStep = 'increment' | 'decrement';

// spec §7 Cart: PATCH /api/Cart/{Increment|Decrement}{Product|Combo} with {UserId, Id} (Id = product or combo id).
export function stepCartQuantity(
  userId: number,
  line: Pick<CartLine, 'type' | 'productId' | 'comboId'>,
  step: QuantityStep,
): Promise<CartLine> {
  const verb = step === 'increment' ? 'Increment' : 'Decrement';
  const noun = line.type === 'product' ? 'Product' : 'Combo';
  const id = line.type === 'product' ? line.productId : line.comboId;
  return apiRequest<CartLine>(`/api/Cart/${verb}${noun}`, { method: 'PATCH', json: { UserId: userId, Id: id } });
}

export interface CartLineStep {
  line: CartLine;
  step: QuantityStep;
}
/** Every step in flight carries it, so the cart marks each line busy until its own answer (cart-page.tsx). */
export const CART_LINE_STEP_KEY = ['cart-line-step'] as const;

/** −/+ on a cart line: the answered line replaces the old one; a failure says 'Error al actualizar cantidad'. */
export function useStepCartQuantity(userId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CART_LINE_STEP_KEY,
    mutationFn: ({ line, step }: CartLineStep) => stepCartQuantity(userId!, line, step),
    onSuccess: (updated) => {
      queryClient.setQueryData<CartLine[]>(cartKeys.user(userId), (lines) =>
        lines?.map((line) => (line.id === updated.id ? { ...line, ...updated } : line)),
      );
    },
    onError: () => {
      toast.error(ERRORS.cartQuantityFailed);
    },
    onSettled: () => refreshCart(queryClient),
  });
}
