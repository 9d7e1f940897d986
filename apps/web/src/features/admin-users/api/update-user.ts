import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, User } from '@tienda/shared/accounts';
import { apiRequest } from '../../../lib/api-client';

// spec §7: PUT /api/User/{id} with name, email, username; returns the updated user.
export const updateUser = (userId: number, body: UpdateUserBody) =>
  apiRequest<User>(`/api/User/${userId}`, { method: 'PUT', json: body });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: number; body: UpdateUserBody }) => updateUser(userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
