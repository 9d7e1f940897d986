import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, User } from '@tienda/shared/accounts';
import { apiRequest } from '../../../lib/api-client';
import { userQueryOptions } from './get-user';

/** PUT /api/User/{id} with name, email, username (spec §7): returns the updated user. */
export function updateUser(userId: number, body: UpdateUserBody): Promise<User> {
  return apiRequest<User>(`/api/User/${userId}`, { method: 'PUT', json: body });
}

export function useUpdateUser(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => updateUser(userId, body),
    onSuccess: (user) => queryClient.setQueryData(userQueryOptions(userId).queryKey, user),
  });
}
