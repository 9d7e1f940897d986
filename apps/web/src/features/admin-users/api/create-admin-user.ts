import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, User } from '@tienda/shared/accounts';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from '../../../lib/api/users';

export interface NewAdmin {
  name: string;
  email: string;
  username: string;
  password: string;
}

/**
 * spec §2 Create user: POST /api/User (with the admin's token no e-mail code is needed; the plain password
 * travels in `passwordHash`, spec §3), then POST /api/Role/CreateAndAssignAdminRole {userId, roleId: 0}.
 */
export async function createAdminUser({ name, email, username, password }: NewAdmin): Promise<User> {
  const body: CreateUserBody = { name, username, email, passwordHash: password };
  const user = await apiRequest<User>('/api/User', { method: 'POST', json: body });
  return apiRequest<User>('/api/Role/CreateAndAssignAdminRole', {
    method: 'POST',
    json: { userId: user.userId, roleId: 0 },
  });
}

export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
