import { fetchAdminUserPage, userKeys } from '../../../lib/api/users';
import { useServerPagedList } from '../../admin-shared/lib/use-server-paged-list';

/** The users admin's list, searched and paged by the server (GET /api/User/admin-list). */
export const useAdminUserList = () =>
  useServerPagedList({ queryKey: userKeys.adminPage, fetchPage: fetchAdminUserPage });
