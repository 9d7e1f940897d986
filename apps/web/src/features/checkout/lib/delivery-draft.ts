import { useEffect } from 'react';
import type { UseFormWatch } from 'react-hook-form';
import { PAYMENT_METHODS, type PaymentMethod } from '@tienda/shared/orders';
import { forgetInTab, keepInTab, readFromTab } from '../../../lib/tab-storage';

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
  keepInTab(keyOf(userId), draft);
}

/**
 * Keeps the checkout form's details as each key is typed, not in an effect after the next paint: a Back or a reload
 * right after the last digit lost the phone number.
 */
export function useKeepDeliveryDraft(form: { watch: UseFormWatch<DeliveryDraft> }, userId: number): void {
  useEffect(() => {
    const typing = form.watch((typed) => saveDeliveryDraft(userId, typed));
    return () => typing.unsubscribe();
  }, [form, userId]);
}

/** The draft kept for this account, its fields checked one by one: what is not as written is left out. */
export function readDeliveryDraft(userId: number): Partial<DeliveryDraft> {
  const kept = readFromTab(keyOf(userId));
  const value = (typeof kept === 'object' && kept !== null ? kept : {}) as Record<string, unknown>;
  const draft: Partial<DeliveryDraft> = {};
  for (const field of ['department', 'city', 'address', 'phone'] as const) {
    if (typeof value[field] === 'string') draft[field] = value[field];
  }
  if (PAYMENT_METHODS.includes(value.paymentMethod as PaymentMethod)) {
    draft.paymentMethod = value.paymentMethod as PaymentMethod;
  }
  return draft;
}

export function forgetDeliveryDraft(userId: number): void {
  forgetInTab(keyOf(userId));
}
