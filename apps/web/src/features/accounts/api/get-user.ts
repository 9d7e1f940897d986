import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@tienda/shared/accounts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/User/{id} (spec §7). */
export function getUser(userId: number): Promise<User> {
  return apiRequest<User>(`/api/User/${userId}`);
}

export const userQueryOptions = (userId: number) =>
  queryOptions({ queryKey: ['user', userId], queryFn: () => getUser(userId), retry: false });

export function useUser(userId: number) {
  return useQuery(userQueryOptions(userId));
}
