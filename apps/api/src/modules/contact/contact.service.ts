import type { FastifyBaseLogger } from 'fastify';
import type { ContactForm } from '@tienda/shared/contact';
import { API } from '@tienda/shared/messages';
import { tooManyRequests } from '../../errors.js';
import { recentEventCount, recordEvent } from '../../lib/throttle.js';
import { escapeHtml } from '../../lib/html.js';
import { renderMail } from '../../mail/layout.js';
import type { AppContext } from '../../plugins/context.js';
import * as repo from './contact.repository.js';

// Besides the per-IP route limit, one sender address may write a few times an hour: a script rotating
// addresses of a carrier's shared IP cannot flood the shop's inbox either.
export const CONTACT_PER_EMAIL = { max: 5, windowMs: 60 * 60 * 1000 } as const;

function contactMail(form: ContactForm) {
  // A subject is one line: newlines in it would be a header injection attempt or an accident.
  const subject = `Mensaje de contacto: ${form.asunto.replace(/\s+/g, ' ')}`;
  return renderMail({
    subject,
    bodyHtml:
      `<p>Nuevo mensaje desde el formulario de contacto.</p>` +
      `<p>Nombre: <strong>${escapeHtml(form.nombre)}</strong><br>Correo: ${escapeHtml(form.email)}<br>Asunto: ${escapeHtml(form.asunto)}</p>` +
      `<p style="white-space:pre-wrap">${escapeHtml(form.mensaje).replace(/\r?\n/g, '<br>')}</p>` +
      `<p style="color:#6b6470">Responde a este correo para contestarle directamente.</p>`,
    bodyText:
      `Nuevo mensaje desde el formulario de contacto.\n\nNombre: ${form.nombre}\nCorreo: ${form.email}\nAsunto: ${form.asunto}\n\n` +
      `${form.mensaje}\n\nResponde a este correo para contestarle directamente.`,
  });
}

/** spec §7 Contact: keep the message, then mail it to the shop with the sender as reply-to. */
export async function sendContactMessage(ctx: AppContext, log: FastifyBaseLogger, form: ContactForm): Promise<void> {
  const key = `contact:${form.email.toLowerCase()}`;
  if ((await recentEventCount(ctx.db, key, CONTACT_PER_EMAIL.windowMs)) >= CONTACT_PER_EMAIL.max) {
    throw tooManyRequests(API.tooManyRequests);
  }
  await recordEvent(ctx.db, key);
  const id = await repo.insertMessage(ctx.db, form);
  // Stored first, mailed after without waiting: a mail failure is logged and the message stays in the database.
  void ctx.mailer
    .send({ to: ctx.config.shopEmail, replyTo: form.email, ...contactMail(form) })
    .catch((error: unknown) =>
      log.error({ err: error, contactMessageId: id }, 'no se pudo enviar el mensaje de contacto'),
    );
}
