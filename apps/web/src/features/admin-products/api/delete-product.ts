import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// spec §7: DELETE /api/Product/{id}.
export const deleteProduct = (id: number) => apiRequest<void>(`/api/Product/${id}`, { method: 'DELETE' });

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProduct, onSuccess: () => queryClient.invalidateQueries() });
}
