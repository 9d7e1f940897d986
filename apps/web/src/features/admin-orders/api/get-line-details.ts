import { useQuery } from '@tanstack/react-query';
import type { User } from '@tienda/shared/accounts';
import type { Combo, Product } from '@tienda/shared/catalog';
import { apiRequest } from '../../../lib/api-client';

// spec §2/§8 Admin order detail: when an order line lacks its own snapshot, the item is looked up; a failure is
// only logged and the screen shows its fallback.
function logged<T>(label: string, load: () => Promise<T>) {
  return async () => {
    try {
      return await load();
    } catch (error) {
      console.error(label, error);
      return null;
    }
  };
}

export function useLineProduct(productId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'order-line-product', productId],
    queryFn: logged(`No se pudo cargar el producto ${productId}`, () =>
      apiRequest<Product>(`/api/Product/${productId}`),
    ),
    enabled: enabled && productId !== null,
    retry: false,
  });
}

export function useLineCombo(comboId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'order-line-combo', comboId],
    queryFn: logged(`No se pudo cargar el combo ${comboId}`, () => apiRequest<Combo>(`/api/Combo/${comboId}`)),
    enabled: enabled && comboId !== null,
    retry: false,
  });
}

export function useOrderCustomer(userId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'order-customer', userId],
    queryFn: logged(`No se pudo cargar el cliente ${userId}`, () => apiRequest<User>(`/api/User/${userId}`)),
    enabled: enabled && userId !== null,
    retry: false,
  });
}
