import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteItem } from '../../admin-shared/lib/delete-item';

// spec §7: DELETE /api/Category/{id}.
export const deleteCategory = (id: number) => deleteItem(`/api/Category/${id}`);

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCategory, onSuccess: () => queryClient.invalidateQueries() });
}
