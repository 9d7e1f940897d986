import { useMutation } from '@tanstack/react-query';
import type { CreateUserBody, User } from '@tienda/shared/accounts';
import { apiRequest } from '../../../lib/api-client';
import type { RegistrationDraft } from '../lib/registration-draft';

/** POST /api/User (spec §7): the plain password travels in `passwordHash` (spec §3); 409 means the user exists. */
export function createUser(body: CreateUserBody): Promise<User> {
  return apiRequest<User>('/api/User', { method: 'POST', json: body });
}

export function useCreateUser() {
  return useMutation({ mutationFn: createUser });
}

/** The account a registration draft (spec §3) asks POST /api/User for. */
export const accountFromDraft = (draft: RegistrationDraft): CreateUserBody => ({
  name: draft.nombreCompleto,
  username: draft.nombreUsuario,
  email: draft.correoElectronico,
  passwordHash: draft.contraseña,
});
