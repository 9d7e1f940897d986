import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteItem } from '../../admin-shared/lib/delete-item';

// spec §7: DELETE /api/combo/{comboId} (bearer).
export const deleteCombo = (comboId: number) => deleteItem(`/api/combo/${comboId}`);

export function useDeleteCombo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCombo, onSuccess: () => queryClient.invalidateQueries() });
}
