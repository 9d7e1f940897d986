import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupFile, BackupLink, BackupList } from '@tienda/shared/backups';
import { apiRequest } from '../../../lib/api-client';

// The owner's backups (docs/decisions/0036-backups-from-the-admin.md): the list, one made now, a download link.
const backupsKey = ['admin', 'backups'] as const;

export const fetchBackups = () => apiRequest<BackupList>('/api/admin/backups');

export function useBackups() {
  return useQuery({ queryKey: backupsKey, queryFn: fetchBackups, staleTime: 0 });
}

export function useBackUpNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<BackupFile>('/api/admin/backups', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsKey }),
  });
}

/** A signed address the browser downloads by itself (no token needed for a few minutes). */
export const fetchBackupLink = (name: string) =>
  apiRequest<BackupLink>(`/api/admin/backups/${encodeURIComponent(name)}/link`, { method: 'POST' });
