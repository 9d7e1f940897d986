import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactFormSchema } from '@tienda/shared/contact';
import { ERRORS } from '@tienda/shared/messages';
import type { Limit } from '../../lib/throttle.js';
import { perAddress } from '../../plugins/security.js';
import { sendContactMessage } from './contact.service.js';

// Public, so rate-limited per IP (5 messages per 10 minutes) on top of the per-sender limit.
export const CONTACT_PER_IP: Limit = { name: 'ip-contact', points: 5, durationMs: 10 * 60 * 1000 };

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/Email/enviar-contacto',
    {
      onRequest: [perAddress(CONTACT_PER_IP)],
      schema: { tags: ['contact'], body: contactFormSchema, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      await sendContactMessage(app.ctx, request.body);
      // spec §8: 'Mensaje enviado exitosamente'.
      return { message: ERRORS.contactSent };
    },
  );
};
