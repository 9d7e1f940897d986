import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserPage, MessageReply, UpdateUserBody, User } from '@tienda/shared/accounts';
import { apiRequest } from '../api-client';

/** The users' query keys: the profile, the admin list and the admin order detail's customer. */
export const userKeys = {
  all: ['users'] as const,
  adminPages: () => [...userKeys.all, 'admin-page'] as const,
  adminPage: (term: string, page: number) => [...userKeys.adminPages(), term, page] as const,
  detail: (userId: number) => [...userKeys.all, 'detail', userId] as const,
};

/**
 * Extension: one page of the users admin, searched by the server (spec §9's substring match), instead of spec §7's
 * whole GET /api/User (docs/decisions/0035-admin-lists-paged-by-the-server.md).
 */
export const fetchAdminUserPage = (term: string, page: number) =>
  apiRequest<AdminUserPage>(`/api/User/admin-list?${new URLSearchParams({ q: term, page: String(page) })}`);

/** GET /api/User/{id} (spec §7). */
export function getUser(userId: number): Promise<User> {
  return apiRequest<User>(`/api/User/${userId}`);
}

export const userQuery = (userId: number) =>
  queryOptions({ queryKey: userKeys.detail(userId), queryFn: () => getUser(userId), retry: false });

export function useUser(userId: number) {
  return useQuery(userQuery(userId));
}

/** PUT /api/User/{id} with name, email, username (spec §7): returns the updated user. */
export function updateUser(userId: number, body: UpdateUserBody): Promise<User> {
  return apiRequest<User>(`/api/User/${userId}`, { method: 'PUT', json: body });
}

/** The profile's personal data and the admin's user dialog: the saved user replaces the cached one. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: number; body: UpdateUserBody }) => updateUser(userId, body),
    onSuccess: (user, { userId }) => {
      queryClient.setQueryData(userKeys.detail(userId), user);
      return queryClient.invalidateQueries({ queryKey: userKeys.adminPages() });
    },
  });
}

/**
 * PUT /api/User/password (spec §7). Reset form: {email, newPassword} after a verified reset code.
 * Profile form: {email, currentPassword, newPassword} with the bearer token.
 */
export function resetPassword(body: { email: string; newPassword: string }): Promise<MessageReply> {
  return apiRequest<MessageReply>('/api/User/password', { method: 'PUT', json: body, auth: false });
}

/** The profile reply also carries a fresh token: the change ended every older session (docs/decisions/0014-…). */
export function changeOwnPassword(body: {
  email: string;
  currentPassword: string;
  newPassword: string;
}): Promise<MessageReply & { token?: string }> {
  return apiRequest<MessageReply & { token?: string }>('/api/User/password', { method: 'PUT', json: body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

export function useChangeOwnPassword() {
  return useMutation({ mutationFn: changeOwnPassword });
}
