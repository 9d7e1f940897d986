import { useMutation } from '@tanstack/react-query';
import type { MessageReply } from '@tienda/shared/accounts';
import { apiRequest } from '../../../lib/api-client';

/**
 * PUT /api/User/password (spec §7). Reset form: {email, newPassword} after a verified reset code.
 * Profile form: {email, currentPassword, newPassword} with the bearer token.
 */
export function resetPassword(body: { email: string; newPassword: string }): Promise<MessageReply> {
  return apiRequest<MessageReply>('/api/User/password', { method: 'PUT', json: body, auth: false });
}

export function changeOwnPassword(body: {
  email: string;
  currentPassword: string;
  newPassword: string;
}): Promise<MessageReply> {
  return apiRequest<MessageReply>('/api/User/password', { method: 'PUT', json: body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

export function useChangeOwnPassword() {
  return useMutation({ mutationFn: changeOwnPassword });
}
