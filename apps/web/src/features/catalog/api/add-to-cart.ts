import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { addedToCart, addToCartRejected, ERRORS, VALIDATION } from '@tienda/shared/messages';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { cartKeys, type CartLine } from '../../../lib/api/cart';

export type CartItemKind = 'product' | 'combo';

export interface CartItemToAdd {
  kind: CartItemKind;
  /** productId or comboId. */
  id: number;
  /** For the success toast '✔ {name} agregado'. */
  name: string;
  quantity: number;
}

// spec §7 Cart: POST /api/Cart/AddProduct {UserId, ProductId, Quantity} / AddCombo {UserId, ComboId, Quantity}.
export function addToCart(userId: number, item: Pick<CartItemToAdd, 'kind' | 'id' | 'quantity'>): Promise<CartLine> {
  if (item.kind === 'product') {
    return apiRequest<CartLine>('/api/Cart/AddProduct', {
      method: 'POST',
      json: { UserId: userId, ProductId: item.id, Quantity: item.quantity },
    });
  }
  return apiRequest<CartLine>('/api/Cart/AddCombo', {
    method: 'POST',
    json: { UserId: userId, ComboId: item.id, Quantity: item.quantity },
  });
}

/** Where the add happens decides the failure text (spec §8). */
export type AddToCartContext = 'shop' | 'detail';

export function addFailureMessage(context: AddToCartContext, error: unknown): string {
  const reason = errorMessage(error, ERRORS.addToCartFailed);
  // spec §8: 'No se añadió: {reason}' in the shop, the reason alone on detail pages.
  return context === 'shop' ? addToCartRejected(reason) : reason;
}

export const itemKey = (kind: CartItemKind, id: number) => `${kind}-${id}`;

// react-toastify arrives with the first toast, not with the shop's cards and product pages (docs/decisions/0028-…).
const toast = () => import('react-toastify').then((module) => module.toast);

/**
 * Adding to the cart from a card or a detail page: a guest is told to log in, then offered the way there in
 * the shop (spec §4 modal, `loginPromptOpen`) or taken to /login from a detail page (spec §5). A customer's add
 * runs with the item marked busy, then a toast, and the cart query is invalidated so the header badge refreshes.
 */
export function useAddToCart(context: AddToCartContext) {
  const { userId } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [loginPromptOpen, setLoginPromptOpen] = useState(false);

  async function add(item: CartItemToAdd): Promise<boolean> {
    if (userId === null) {
      void toast().then((show) => show.warn(VALIDATION.loginRequiredToAdd, { toastId: 'login-required-to-add' }));
      if (context === 'detail') navigate('/login');
      else setLoginPromptOpen(true);
      return false;
    }
    setBusyKey(itemKey(item.kind, item.id));
    try {
      await addToCart(userId, item);
      // The spec's text starts with its own ✔: no second tick from the toast's icon.
      void toast().then((show) => show.success(addedToCart(item.name), { icon: false }));
      return true;
    } catch (error) {
      const message = addFailureMessage(context, error);
      void toast().then((show) => show.error(message));
      return false;
    } finally {
      setBusyKey(null);
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
    }
  }

  return {
    add,
    /** itemKey(kind, id) of the add in flight, or null. */
    busyKey,
    isBusy: (kind: CartItemKind, id: number) => busyKey === itemKey(kind, id),
    loginPromptOpen,
    closeLoginPrompt: () => setLoginPromptOpen(false),
  };
}
