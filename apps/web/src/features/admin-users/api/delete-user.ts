import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from '../../../lib/api/users';

// spec §7: DELETE /api/User/{id}.
export const deleteUser = (userId: number) => apiRequest<void>(`/api/User/${userId}`, { method: 'DELETE' });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
