import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { addedToCart, addToCartRejected, ERRORS, VALIDATION } from '@tienda/shared/messages';
import { ApiError, errorMessage, outcomeUnknown } from '../../../lib/api-client';
import { randomKey } from '../../../lib/random-key';
import { returnHere } from '../../../lib/return-after-login';
import { useSession } from '../../../lib/session';
import { refreshCart } from '../../../lib/api/cart';
import { addToCart, type CartItemKind } from '../../../lib/api/cart-add';
import { notify } from '../../../lib/toasts';

export type { CartItemKind };

export interface CartItemToAdd {
  kind: CartItemKind;
  /** productId or comboId. */
  id: number;
  /** For the success toast '✔ {name} agregado'. */
  name: string;
  quantity: number;
}

/**
 * The key of each add whose answer never came, and when it was sent: the add may have reached the shop. Tapping the
 * same item and quantity again within ten minutes sends the same key, so such an add is never made twice; later, a
 * tap is a new add (the family has had time to see the cart).
 */
const unansweredAdds = new Map<string, { key: string; at: number }>();
const UNANSWERED_ADD_KEPT_MS = 10 * 60_000;

/** Where the add happens decides the failure text (spec §8). */
export type AddToCartContext = 'shop' | 'detail';

export function addFailureMessage(context: AddToCartContext, error: unknown): string {
  // Not 'No se añadió': it may have been added.
  if (outcomeUnknown(error)) return ERRORS.addToCartConnectionLost;
  const reason = errorMessage(error, ERRORS.addToCartFailed);
  // spec §8: 'No se añadió: {reason}' in the shop, the reason alone on detail pages.
  return context === 'shop' ? addToCartRejected(reason) : reason;
}

export const itemKey = (kind: CartItemKind, id: number) => `${kind}-${id}`;

/**
 * Adding to the cart from a card or a detail page: a guest is told to log in, then offered the way there in
 * the shop (spec §4 modal, `loginPromptOpen`) or taken to /login from a detail page (spec §5). A customer's add
 * runs with the item marked busy, then a toast, and the cart is read again (refreshCart) so the header badge follows.
 */
export function useAddToCart(context: AddToCartContext) {
  const { userId } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Every add in flight: a card tapped while another's add is under way keeps its own 'Agregando...'.
  const [busyKeys, setBusyKeys] = useState<ReadonlySet<string>>(() => new Set());
  const markBusy = (key: string, busy: boolean) =>
    setBusyKeys((keys) => {
      const next = new Set(keys);
      if (busy) next.add(key);
      else next.delete(key);
      return next;
    });
  const [loginPromptOpen, setLoginPromptOpen] = useState(false);

  async function add(item: CartItemToAdd, sessionEnded = false): Promise<boolean> {
    if (userId === null || sessionEnded) {
      // The shop's dialog says it itself (spec §4); a detail page says it as it leaves for /login (spec §5).
      if (context === 'shop') {
        setLoginPromptOpen(true);
        return false;
      }
      const message = VALIDATION.loginRequiredToAdd;
      void notify(message, (toast) => toast.warn(message, { toastId: 'login-required-to-add' }));
      navigate('/login', { state: returnHere(window.location) });
      return false;
    }
    const key = itemKey(item.kind, item.id);
    const tap = `${key}x${item.quantity}`;
    const unanswered = unansweredAdds.get(tap);
    const now = Date.now();
    const idempotencyKey = unanswered && now - unanswered.at < UNANSWERED_ADD_KEPT_MS ? unanswered.key : randomKey();
    unansweredAdds.set(tap, { key: idempotencyKey, at: now });
    markBusy(key, true);
    try {
      await addToCart(userId, item, idempotencyKey);
      unansweredAdds.delete(tap);
      // The spec's text starts with its own ✔: no second tick from the toast's icon.
      const message = addedToCart(item.name);
      void notify(message, (toast) => toast.success(message, { icon: false }));
      return true;
    } catch (error) {
      if (!outcomeUnknown(error)) unansweredAdds.delete(tap);
      // The server no longer takes the session's token (lib/session.ts endSession): as for a guest, the way to log in.
      if (error instanceof ApiError && error.status === 401) return add(item, true);
      const message = addFailureMessage(context, error);
      void notify(message, (toast) => toast.error(message));
      return false;
    } finally {
      markBusy(key, false);
      void refreshCart(queryClient);
    }
  }

  return {
    add,
    /** Whether an add of this item is in flight. */
    isBusy: (kind: CartItemKind, id: number) => busyKeys.has(itemKey(kind, id)),
    loginPromptOpen,
    closeLoginPrompt: () => setLoginPromptOpen(false),
  };
}
