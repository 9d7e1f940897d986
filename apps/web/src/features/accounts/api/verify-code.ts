import { useMutation } from '@tanstack/react-query';
import type { MessageReply, VerifyCodeBody } from '@tienda/shared/accounts';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** POST /Email/verificar-codigo (spec §7): a non-OK reply means a wrong code. Serves registration and reset. */
export function verifyCode(body: VerifyCodeBody): Promise<MessageReply> {
  return apiRequest<MessageReply>('/Email/verificar-codigo', { method: 'POST', json: body, auth: false });
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}

/**
 * spec §8: a refused code reads as "Código incorrecto…"; the server says exactly that for a wrong guess and
 * says why for an expired or locked code, which helps more. Anything else (offline, server fault) is the
 * screen's own "error al verificar" text.
 */
export function codeErrorMessage(error: unknown, wrongCode: string, otherFailure: string): string {
  if (error instanceof ApiError && error.status < 500) return error.message || wrongCode;
  return otherFailure;
}
