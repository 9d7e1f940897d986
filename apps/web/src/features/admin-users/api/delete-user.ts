import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteItem } from '../../admin-shared/lib/delete-item';
import { userKeys } from '../../../lib/api/users';

// spec §7: DELETE /api/User/{id}.
export const deleteUser = (userId: number) => deleteItem(`/api/User/${userId}`);

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
