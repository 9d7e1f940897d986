import { SHOP_NAME, SHOP_SLOGAN } from '@tienda/shared/constants';
import { escapeHtml } from '../lib/html.js';

// Every e-mail wears the same Spanish frame: the shop's name on top, the slogan at the foot.

export interface MailContent {
  subject: string;
  /** Already-escaped HTML for the body. */
  bodyHtml: string;
  /** The same content as plain text. */
  bodyText: string;
}

export function renderMail({ subject, bodyHtml, bodyText }: MailContent): {
  subject: string;
  html: string;
  text: string;
} {
  const html = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#fdf8f1;font-family:Arial,Helvetica,sans-serif;color:#2d2a32">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;padding:24px">
    <tr><td style="background:#2f6f73;color:#ffffff;padding:16px 24px;border-radius:12px 12px 0 0;font-size:20px;font-weight:bold">${escapeHtml(SHOP_NAME)}</td></tr>
    <tr><td style="background:#ffffff;padding:24px;font-size:15px;line-height:1.5">${bodyHtml}</td></tr>
    <tr><td style="padding:16px 24px;color:#6b6470;font-size:13px;text-align:center">${escapeHtml(SHOP_SLOGAN)}<br>San Pedro Sula, Honduras</td></tr>
  </table>
</body></html>`;
  const text = `${SHOP_NAME}\n\n${bodyText}\n\n--\n${SHOP_SLOGAN}\nSan Pedro Sula, Honduras\n`;
  return { subject, html, text };
}

/**
 * The shop's public address (PUBLIC_URL), from which e-mails link to its pages (an order's, a toy's). Unknown (no
 * PUBLIC_URL), the e-mails say where to find what they are about.
 */
export type ShopOrigin = string | undefined;

export interface MailLink {
  html: string;
  text: string;
}

/** A button to `url` (and its plain-text line). */
export function button(url: string, label: string): MailLink {
  return {
    html:
      `<p style="margin:20px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#2f6f73;` +
      `color:#ffffff;padding:12px 20px;border-radius:999px;font-weight:bold;text-decoration:none">${label}</a></p>`,
    text: `${label}: ${url}`,
  };
}

/** A button to `path` on the shop; without PUBLIC_URL the mail cannot name the shop's address, so it names the way. */
export function linkTo(origin: ShopOrigin, path: string, label: string, way: string): MailLink {
  if (origin) return button(`${origin.replace(/\/+$/, '')}${path}`, label);
  return { html: `<p>${escapeHtml(way)}</p>`, text: way };
}
