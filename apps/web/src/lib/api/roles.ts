import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { apiRequest } from '../api-client';
import { useSession } from '../session';

// spec §6: admin rights are decided by the server; the check re-runs on each route change.
export async function verifyAdminRole(userId: number): Promise<boolean> {
  try {
    await apiRequest(`/api/Role/VerifyAdminRole/${userId}`);
    return true;
  } catch {
    return false;
  }
}

/** The admin check's query key: one per user and route (spec §6). */
export const roleKeys = {
  all: ['roles'] as const,
  adminCheck: (userId: number | null, pathname: string) => [...roleKeys.all, 'admin', userId, pathname] as const,
};

export type AdminCheck = 'loading' | 'admin' | 'denied';

export function useAdminCheck(): AdminCheck {
  const { userId } = useSession();
  const { pathname } = useLocation();
  const query = useQuery({
    queryKey: roleKeys.adminCheck(userId, pathname),
    queryFn: () => verifyAdminRole(userId!),
    enabled: userId !== null,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
  if (userId === null) return 'denied';
  if (query.data === undefined) return 'loading';
  return query.data ? 'admin' : 'denied';
}
