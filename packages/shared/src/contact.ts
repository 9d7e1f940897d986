import { z } from 'zod';
import './zod-messages.js';
import { API, VALIDATION } from './messages.js';

// spec §5: the contact form's four fields are all required; the limits keep one message to a sane size.
export const CONTACT_LIMITS = { nombre: 100, email: 254, asunto: 150, mensaje: 5000 } as const;

export const CONTACT_MESSAGES = {
  nombreTooLong: `El nombre no puede tener más de ${CONTACT_LIMITS.nombre} caracteres.`,
  asuntoTooLong: `El asunto no puede tener más de ${CONTACT_LIMITS.asunto} caracteres.`,
  mensajeTooLong: `El mensaje no puede tener más de ${CONTACT_LIMITS.mensaje} caracteres.`,
} as const;

const required = z.string({ message: VALIDATION.contactIncomplete }).trim().min(1, VALIDATION.contactIncomplete);

/** spec §3 Contact message: nombre, email, asunto, mensaje. Used by the /contacto form and the API. */
export const contactFormSchema = z.object({
  nombre: required.max(CONTACT_LIMITS.nombre, CONTACT_MESSAGES.nombreTooLong),
  email: required
    .max(CONTACT_LIMITS.email, API.contactEmailInvalid)
    .pipe(z.email({ message: API.contactEmailInvalid })),
  asunto: required.max(CONTACT_LIMITS.asunto, CONTACT_MESSAGES.asuntoTooLong),
  mensaje: required.max(CONTACT_LIMITS.mensaje, CONTACT_MESSAGES.mensajeTooLong),
});

export type ContactForm = z.infer<typeof contactFormSchema>;
