import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteItem } from '../../admin-shared/lib/delete-item';

// spec §7: DELETE /api/Product/{id}.
export const deleteProduct = (id: number) => deleteItem(`/api/Product/${id}`);

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProduct, onSuccess: () => queryClient.invalidateQueries() });
}
