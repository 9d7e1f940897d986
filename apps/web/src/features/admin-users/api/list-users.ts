import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@tienda/shared/accounts';
import { apiRequest } from '../../../lib/api-client';

// spec §7: GET /api/User (bearer).
export const fetchUsers = () => apiRequest<User[]>('/api/User');

export const usersQuery = () =>
  queryOptions({ queryKey: ['admin', 'users'] as const, queryFn: fetchUsers, staleTime: 0 });

export function useUsers() {
  return useQuery(usersQuery());
}
