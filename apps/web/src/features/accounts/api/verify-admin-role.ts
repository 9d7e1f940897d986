import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

// spec §6: admin rights are decided by the server; the check re-runs on each route change.
export async function verifyAdminRole(userId: number): Promise<boolean> {
  try {
    await apiRequest(`/api/Role/VerifyAdminRole/${userId}`);
    return true;
  } catch {
    return false;
  }
}

export type AdminCheck = 'loading' | 'admin' | 'denied';

export function useAdminCheck(): AdminCheck {
  const { userId } = useSession();
  const { pathname } = useLocation();
  const query = useQuery({
    queryKey: ['verify-admin-role', userId, pathname],
    queryFn: () => verifyAdminRole(userId!),
    enabled: userId !== null,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
  if (userId === null) return 'denied';
  if (query.data === undefined) return 'loading';
  return query.data ? 'admin' : 'denied';
}
