import { SHOP_NAME } from '@tienda/shared/constants';
import { escapeHtml } from '../../lib/html.js';
import { renderMail } from '../../mail/layout.js';

// Spanish e-mails of the accounts flows, framed by mail/layout.ts.
// Codes stay out of the subjects: the mailer logs each subject, and logs must not carry codes.

const CODE_MINUTES = 10;

function codeBlockHtml(code: string): string {
  return `<p style="font-size:32px;font-weight:bold;letter-spacing:8px;text-align:center;margin:24px 0">${escapeHtml(code)}</p>`;
}

export function registrationCodeMail(code: string) {
  return renderMail({
    subject: 'Tu código de verificación',
    bodyHtml: [
      '<p>¡Hola!</p>',
      `<p>Gracias por crear tu cuenta en ${escapeHtml(SHOP_NAME)}. Escribe este código para confirmar tu correo:</p>`,
      codeBlockHtml(code),
      `<p>El código vence en ${CODE_MINUTES} minutos y solo se puede usar una vez.</p>`,
      '<p style="color:#6b6470">Si no pediste crear una cuenta, puedes ignorar este correo.</p>',
    ].join('\n'),
    bodyText: [
      '¡Hola!',
      '',
      `Gracias por crear tu cuenta en ${SHOP_NAME}. Escribe este código para confirmar tu correo:`,
      '',
      `    ${code}`,
      '',
      `El código vence en ${CODE_MINUTES} minutos y solo se puede usar una vez.`,
      '',
      'Si no pediste crear una cuenta, puedes ignorar este correo.',
    ].join('\n'),
  });
}

export function resetCodeMail(code: string, firstName: string) {
  return renderMail({
    subject: 'Código para cambiar tu contraseña',
    bodyHtml: [
      `<p>Hola, ${escapeHtml(firstName)}:</p>`,
      '<p>Recibimos una solicitud para cambiar la contraseña de tu cuenta. Escribe este código para continuar:</p>',
      codeBlockHtml(code),
      `<p>El código vence en ${CODE_MINUTES} minutos y solo se puede usar una vez.</p>`,
      '<p style="color:#6b6470">Si no pediste cambiar tu contraseña, puedes ignorar este correo: tu contraseña actual sigue funcionando.</p>',
    ].join('\n'),
    bodyText: [
      `Hola, ${firstName}:`,
      '',
      'Recibimos una solicitud para cambiar la contraseña de tu cuenta. Escribe este código para continuar:',
      '',
      `    ${code}`,
      '',
      `El código vence en ${CODE_MINUTES} minutos y solo se puede usar una vez.`,
      '',
      'Si no pediste cambiar tu contraseña, puedes ignorar este correo: tu contraseña actual sigue funcionando.',
    ].join('\n'),
  });
}

/** Sent instead of a code when someone starts a registration with an e-mail that already has an account. */
export function accountExistsMail() {
  return renderMail({
    subject: 'Ya tienes una cuenta con este correo',
    bodyHtml: [
      '<p>¡Hola!</p>',
      `<p>Alguien (quizás tú) intentó crear una cuenta en ${escapeHtml(SHOP_NAME)} con este correo, pero ya tienes una.</p>`,
      '<p>Puedes iniciar sesión con tu correo o tu nombre de usuario. Si olvidaste tu contraseña, usa «¿Olvidaste tu contraseña?» en la página de inicio de sesión.</p>',
      '<p style="color:#6b6470">Si no fuiste tú, puedes ignorar este correo: tu cuenta no ha cambiado.</p>',
    ].join('\n'),
    bodyText: [
      '¡Hola!',
      '',
      `Alguien (quizás tú) intentó crear una cuenta en ${SHOP_NAME} con este correo, pero ya tienes una.`,
      '',
      'Puedes iniciar sesión con tu correo o tu nombre de usuario. Si olvidaste tu contraseña, usa «¿Olvidaste tu contraseña?» en la página de inicio de sesión.',
      '',
      'Si no fuiste tú, puedes ignorar este correo: tu cuenta no ha cambiado.',
    ].join('\n'),
  });
}

/**
 * Sent instead of a reset code to an e-mail without an account: the answer to the request is the same as for an
 * account (it does not tell strangers which e-mails are registered), and the owner of the e-mail learns why no code came.
 */
export function noAccountMail() {
  return renderMail({
    subject: 'No hay una cuenta con este correo',
    bodyHtml: [
      '<p>¡Hola!</p>',
      `<p>Alguien (quizás tú) pidió cambiar la contraseña de una cuenta de ${escapeHtml(SHOP_NAME)} con este correo, pero no hay ninguna cuenta con él.</p>`,
      '<p>Si ya compraste con nosotros, quizás usaste otro correo: pide el código con ese. Si no, puedes crear una con «Crear cuenta» en la tienda.</p>',
      '<p style="color:#6b6470">Si no fuiste tú, puedes ignorar este correo.</p>',
    ].join('\n'),
    bodyText: [
      '¡Hola!',
      '',
      `Alguien (quizás tú) pidió cambiar la contraseña de una cuenta de ${SHOP_NAME} con este correo, pero no hay ninguna cuenta con él.`,
      '',
      'Si ya compraste con nosotros, quizás usaste otro correo: pide el código con ese. Si no, puedes crear una con «Crear cuenta» en la tienda.',
      '',
      'Si no fuiste tú, puedes ignorar este correo.',
    ].join('\n'),
  });
}

/** Sent to the NEW address when a signed-in customer changes the e-mail of the profile (docs/decisions/0014-…). */
export function emailChangeCodeMail(code: string) {
  return renderMail({
    subject: 'Código para confirmar tu nuevo correo',
    bodyHtml: [
      '<p>¡Hola!</p>',
      `<p>Pediste usar este correo en tu cuenta de ${escapeHtml(SHOP_NAME)}. Escribe este código en tu perfil para confirmarlo:</p>`,
      codeBlockHtml(code),
      `<p>El código vence en ${CODE_MINUTES} minutos y solo se puede usar una vez.</p>`,
      '<p style="color:#6b6470">Si no lo pediste, puedes ignorar este correo: nadie usará esta dirección sin el código.</p>',
    ].join('\n'),
    bodyText: [
      '¡Hola!',
      '',
      `Pediste usar este correo en tu cuenta de ${SHOP_NAME}. Escribe este código en tu perfil para confirmarlo:`,
      '',
      `    ${code}`,
      '',
      `El código vence en ${CODE_MINUTES} minutos y solo se puede usar una vez.`,
      '',
      'Si no lo pediste, puedes ignorar este correo: nadie usará esta dirección sin el código.',
    ].join('\n'),
  });
}

// Notices of a change to the account, sent after it is made (docs/decisions/0014-…): if someone else made it, the
// owner hears at once, at the address they still read. "Responder a este correo" reaches the shop (MAIL_FROM).

const NOT_YOU = 'Si no fuiste tú, responde a este correo de inmediato y te ayudamos a recuperar tu cuenta.';

/** A greeting by first name, then plain paragraphs. */
function noticeMail(subject: string, firstName: string, paragraphs: string[]) {
  const all = [`Hola, ${firstName}:`, ...paragraphs];
  return renderMail({
    subject,
    bodyHtml: all.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n'),
    bodyText: all.join('\n\n'),
  });
}

/** To the OLD address when the account's e-mail changes, by its owner (with the code) or by the shop. */
export function emailChangedMail(firstName: string, newEmail: string, byShop: boolean) {
  const what = byShop
    ? `La tienda cambió el correo de tu cuenta en ${SHOP_NAME} a ${newEmail}.`
    : `El correo de tu cuenta en ${SHOP_NAME} ahora es ${newEmail}.`;
  // The account's orders take the new address too (orders.repository.ts moveOrdersToEmail).
  const after = 'Desde ahora, los avisos de tus pedidos y los códigos para cambiar la contraseña llegan allí.';
  return noticeMail('El correo de tu cuenta cambió', firstName, [what, after, NOT_YOU]);
}

/** To the account's address when its password changes, by the profile form or by a reset code. */
export function passwordChangedMail(firstName: string, how: 'profile' | 'reset') {
  const what =
    how === 'profile'
      ? `La contraseña de tu cuenta en ${SHOP_NAME} se cambió desde tu perfil.`
      : `La contraseña de tu cuenta en ${SHOP_NAME} se cambió con un código enviado a este correo.`;
  const sessions =
    'Por seguridad, cerramos tu sesión en los demás dispositivos: entra otra vez con la contraseña nueva.';
  const notYou =
    'Si no fuiste tú, elige otra contraseña con «¿Olvidaste tu contraseña?» en la página de inicio de sesión, y responde a este correo: te ayudamos a revisar tu cuenta.';
  return noticeMail('Tu contraseña cambió', firstName, [what, sessions, notYou]);
}
