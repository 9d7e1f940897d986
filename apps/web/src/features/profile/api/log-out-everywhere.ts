import { useMutation } from '@tanstack/react-query';
import type { MessageReply } from '@tienda/shared/accounts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/User/logout-all (beyond spec §7, docs/decisions/0014-…): every token of the user stops working. */
export function logOutEverywhere(): Promise<MessageReply> {
  return apiRequest<MessageReply>('/api/User/logout-all', { method: 'POST' });
}

export function useLogOutEverywhere() {
  return useMutation({ mutationFn: logOutEverywhere });
}
