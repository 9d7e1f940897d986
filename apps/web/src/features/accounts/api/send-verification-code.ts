import { useMutation } from '@tanstack/react-query';
import type { MessageReply } from '@tienda/shared/accounts';
import { apiRequest } from '../../../lib/api-client';

/** POST /Email/enviar-codigo (spec §7): mails the 6-digit registration code. */
export function sendVerificationCode(destinatario: string): Promise<MessageReply> {
  return apiRequest<MessageReply>('/Email/enviar-codigo', { method: 'POST', json: { destinatario }, auth: false });
}

export function useSendVerificationCode() {
  return useMutation({ mutationFn: sendVerificationCode });
}
