import { useMutation } from '@tanstack/react-query';
import type { MessageReply } from '@tienda/shared/accounts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/User/{id}/email-code (beyond spec §7, docs/decisions/0014-…): mails a code to the new e-mail. */
export function sendEmailChangeCode(userId: number, email: string): Promise<MessageReply> {
  return apiRequest<MessageReply>(`/api/User/${userId}/email-code`, { method: 'POST', json: { email } });
}

export function useSendEmailChangeCode(userId: number) {
  return useMutation({ mutationFn: (email: string) => sendEmailChangeCode(userId, email) });
}
