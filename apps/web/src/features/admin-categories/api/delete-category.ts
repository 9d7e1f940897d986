import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// spec §7: DELETE /api/Category/{id}.
export const deleteCategory = (id: number) => apiRequest<void>(`/api/Category/${id}`, { method: 'DELETE' });

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCategory, onSuccess: () => queryClient.invalidateQueries() });
}
