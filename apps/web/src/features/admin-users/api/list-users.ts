import { useQuery } from '@tanstack/react-query';
import { usersQuery } from '../../../lib/api/users';

export function useUsers() {
  return useQuery(usersQuery());
}
