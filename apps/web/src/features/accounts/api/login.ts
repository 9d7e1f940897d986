import { useMutation } from '@tanstack/react-query';
import { loginPayload, type TokenReply } from '@tienda/shared/accounts';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/Auth/login (spec §7). spec §5: an identifier that looks like an e-mail is sent as `email`,
 * anything else as `username`, with the password in `passwordHash`.
 */
export function login(identifier: string, password: string): Promise<TokenReply> {
  return apiRequest<TokenReply>('/api/Auth/login', {
    method: 'POST',
    json: loginPayload(identifier, password),
    auth: false,
  });
}

export function useLogin() {
  return useMutation({
    mutationFn: ({ identifier, password }: { identifier: string; password: string }) => login(identifier, password),
  });
}
