import type { ContactForm } from '@tienda/shared/contact';
import { REPLIES } from '../../replies.js';
import { enforceLimit, type Limit } from '../../lib/throttle.js';
import { escapeHtml } from '../../lib/html.js';
import { renderMail } from '../../mail/layout.js';
import { enqueueMail } from '../../mail/outbox.js';
import type { AppContext } from '../../plugins/context.js';
import * as repo from './contact.repository.js';

// Besides the per-IP route limit, one sender address may write a few times an hour: a script rotating
// addresses of a carrier's shared IP cannot flood the shop's inbox either.
export const CONTACT_PER_EMAIL: Limit = { name: 'contact-sender', points: 5, durationMs: 60 * 60 * 1000 };

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

/** spec §7 Contact: keep the message and queue its e-mail to the shop (sender as reply-to) in one transaction. */
export async function sendContactMessage(ctx: AppContext, form: ContactForm): Promise<void> {
  // One atomic consume: N racing messages from one sender get exactly the limit through.
  await enforceLimit(ctx.throttle, CONTACT_PER_EMAIL, form.email.toLowerCase(), REPLIES.tooManyRequests);
  // The outbox worker delivers it, retrying while the mail server is down (docs/decisions/0015-…).
  await ctx.db.transaction().execute(async (tx) => {
    await repo.insertMessage(tx, form);
    await enqueueMail(tx, { to: ctx.config.shopEmail, replyTo: form.email, ...contactMail(form) });
  });
  ctx.outbox.wake();
}
