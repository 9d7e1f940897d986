import { useState } from 'react';
import { maxQuantity } from '@tienda/shared/quantity';

/**
 * The quantity a shop card or a detail page puts in the cart. spec §5: 1–99, + disabled at the item's stock,
 * − at 1; spec §9: a combo is always 1. After a successful add it goes back to 1.
 */
export function useQuantityToAdd(item: { kind: 'product' | 'combo'; stock: number }) {
  const [quantity, setQuantity] = useState(1);
  const chosen = item.kind === 'combo' ? 1 : quantity;
  return {
    quantity,
    setQuantity,
    max: item.kind === 'combo' ? 1 : maxQuantity(item.stock),
    soldOut: item.stock <= 0,
    /** Adds the chosen quantity with `add` (true when it went into the cart). */
    async addChosen(add: (quantity: number) => Promise<boolean>) {
      if (await add(chosen)) setQuantity(1);
    },
  };
}
