import { PAYMENT_METHODS, type PaymentMethod } from '@tienda/shared/orders';

// The delivery details typed at /pagar, kept while the tab lives: a family that goes back to the cart (to lower a
// line, to check a price) and returns finds them as it left them, instead of typing them again on a phone. In
// sessionStorage, per account, and forgotten once the order is placed.

export interface DeliveryDraft {
  department: string;
  city: string;
  address: string;
  phone: string;
  paymentMethod: PaymentMethod;
}

const keyOf = (userId: number) => `pagar:datos:${userId}`;

export function saveDeliveryDraft(userId: number, draft: Partial<DeliveryDraft>): void {
  try {
    sessionStorage.setItem(keyOf(userId), JSON.stringify(draft));
  } catch {
    // Storage full or refused (a private tab): the form works as before, without the draft.
  }
}

/** The draft kept for this account, its fields checked one by one: what is not as written is left out. */
export function readDeliveryDraft(userId: number): Partial<DeliveryDraft> {
  try {
    const value = JSON.parse(sessionStorage.getItem(keyOf(userId)) ?? '{}') as Record<string, unknown>;
    const draft: Partial<DeliveryDraft> = {};
    for (const field of ['department', 'city', 'address', 'phone'] as const) {
      if (typeof value[field] === 'string') draft[field] = value[field];
    }
    if (PAYMENT_METHODS.includes(value.paymentMethod as PaymentMethod)) {
      draft.paymentMethod = value.paymentMethod as PaymentMethod;
    }
    return draft;
  } catch {
    return {};
  }
}

export function forgetDeliveryDraft(userId: number): void {
  try {
    sessionStorage.removeItem(keyOf(userId));
  } catch {
    // Nothing was kept.
  }
}
