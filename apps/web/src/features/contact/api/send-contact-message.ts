import { useMutation } from '@tanstack/react-query';
import type { ContactForm } from '@tienda/shared/contact';
import { apiRequest } from '../../../lib/api-client';

/** POST /Email/enviar-contacto with nombre, email, asunto, mensaje (spec §7 Contact). */
export function sendContactMessage(body: ContactForm): Promise<unknown> {
  return apiRequest('/Email/enviar-contacto', { method: 'POST', json: body, auth: false });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
