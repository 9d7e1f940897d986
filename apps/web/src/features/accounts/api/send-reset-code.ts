import { useMutation } from '@tanstack/react-query';
import type { MessageReply } from '@tienda/shared/accounts';
import { apiRequest } from '../../../lib/api-client';

/** POST /Email/send-reset-code (spec §7): an error reply carries a message. */
export function sendResetCode(email: string): Promise<MessageReply> {
  return apiRequest<MessageReply>('/Email/send-reset-code', { method: 'POST', json: { email }, auth: false });
}

export function useSendResetCode() {
  return useMutation({ mutationFn: sendResetCode });
}
