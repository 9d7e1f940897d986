import { useQuery } from '@tanstack/react-query';
import { comboKeys, fetchCombo } from '../../../lib/api/combos';
import { fetchProduct, productKeys } from '../../../lib/api/products';
import { getUser, userKeys } from '../../../lib/api/users';

// spec §2/§8 Admin order detail: when an order line lacks its own snapshot, the item is looked up; a failure is
// only logged and the screen shows its fallback. Same keys and fetchers as everywhere else, so the cache is shared.
function logged<T>(label: string, load: () => Promise<T>) {
  return async () => {
    try {
      return await load();
    } catch (error) {
      console.error(label, error);
      throw error;
    }
  };
}

export function useLineProduct(productId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: productKeys.detail(productId ?? 0),
    queryFn: logged(`No se pudo cargar el producto ${productId}`, () => fetchProduct(productId!)),
    enabled: enabled && productId !== null,
    retry: false,
  });
}

export function useLineCombo(comboId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: comboKeys.detail(comboId ?? 0),
    queryFn: logged(`No se pudo cargar el combo ${comboId}`, () => fetchCombo(comboId!)),
    enabled: enabled && comboId !== null,
    retry: false,
  });
}

export function useOrderCustomer(userId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: userKeys.detail(userId ?? 0),
    queryFn: logged(`No se pudo cargar el cliente ${userId}`, () => getUser(userId!)),
    enabled: enabled && userId !== null,
    retry: false,
  });
}
