import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** How many sends the outbox worker may have in flight at once. */
  readonly sendsAtOnce: number;
  close(): void;
}

/**
 * SMTP connections kept open and used at once (docs/decisions/0033-mail-over-pooled-connections.md): a sale day's
 * confirmations no longer wait for one connection, greeting and goodbye each, one after the other. Few enough that
 * a provider's limit on simultaneous connections per client is not reached.
 */
export const SMTP_CONNECTIONS = 3;

// The transport under the outbox worker (mail/outbox.ts). SMTP when SMTP_URL is set; otherwise each message becomes
// an .eml file under DATA_DIR/outbox and a one-line notice, so the shop runs with no mail server.
export function createMailer(config: AppConfig['mail'], log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport({
      // Given `url`, nodemailer ignores every other option: the URL is parsed here and the options go beside it.
      ...parseConnectionUrl(config.smtpUrl),
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
      // Short timeouts: the outbox worker retries later, and a hung server must not hold a claim (mail/outbox.ts).
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    });
    return {
      async send(message) {
        await transport.sendMail({ from: config.from, ...message });
        log.info({ to: message.to, subject: message.subject }, 'correo enviado');
      },
      sendsAtOnce: SMTP_CONNECTIONS,
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.from, ...message });
      const file = path.join(
        config.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      // The folder is made when a write finds it missing, not before every e-mail (a sale day writes thousands).
      await writeFile(file, info.message as Buffer).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        await mkdir(config.outboxDir, { recursive: true });
        await writeFile(file, info.message as Buffer);
      });
      log.info({ to: message.to, subject: message.subject, file }, 'correo guardado en outbox (sin SMTP_URL)');
    },
    sendsAtOnce: 1,
    close: () => transport.close(),
  };
}
