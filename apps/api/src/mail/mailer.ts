import { createRequire } from 'node:module';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import { LowPriorityWorker } from '../lib/low-priority-worker.js';

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
  /** Closes the connections and ends the thread that sends (mail in flight fails and is retried by the outbox). */
  close(): Promise<void>;
}

/**
 * SMTP connections kept open and used at once (docs/decisions/0033-mail-over-pooled-connections.md): a sale day's
 * confirmations no longer wait for one connection, greeting and goodbye each, one after the other. Few enough that
 * a provider's limit on simultaneous connections per client is not reached.
 */
export const SMTP_CONNECTIONS = 3;

/** How long the mail thread stays up with nothing to send. */
export const MAIL_THREAD_IDLE_MS = 60_000;

// Composing an order's two e-mails (MIME, quoted-printable) and handing them over costs more CPU than the order
// itself (docs/decisions/0034-mail-in-a-low-priority-thread.md): nodemailer runs in a thread of its own at a lower
// priority, so on a sale day the event loop's core serves the checkout first and the confirmations follow.
const MAIL_IN_THREAD = `
const { workerData } = require('node:worker_threads');
const { mkdir, writeFile } = require('node:fs/promises');
const path = require('node:path');
const transport = require(workerData.nodemailer).createTransport(workerData.transport);
// A server ends an idle connection with a 421 ("closing transmission channel"); a message handed to a pooled
// connection just then was not taken, so it goes again at once. Each pooled connection may have idled out alike:
// up to one more try per connection, then the error stands (the outbox retries later; a code's sender sees it).
const sendOnALiveConnection = async (message) => {
  for (let tries = 1; ; tries++) {
    try {
      return await transport.sendMail(message);
    } catch (error) {
      if (error.responseCode !== 421 || tries > workerData.pooledConnections) throw error;
    }
  }
};
const handlers = {
  send: async (message) => {
    const info = await sendOnALiveConnection(message);
    const { outboxDir } = workerData;
    if (!outboxDir) return null;
    const file = path.join(
      outboxDir,
      new Date().toISOString().replace(/[:.]/g, '-') + '-' + info.messageId.replace(/[^\\w.-]/g, '') + '.eml',
    );
    // The folder is made when a write finds it missing, not before every e-mail (a sale day writes thousands).
    await writeFile(file, info.message).catch(async (error) => {
      if (error.code !== 'ENOENT') throw error;
      await mkdir(outboxDir, { recursive: true });
      await writeFile(file, info.message);
    });
    return file;
  },
  close: () => transport.close(),
};
`;

// The transport under the outbox worker (mail/outbox.ts). SMTP when SMTP_URL is set; otherwise each message becomes
// an .eml file under DATA_DIR/outbox and a one-line notice, so the shop runs with no mail server.
export function createMailer(
  config: AppConfig['mail'],
  log: FastifyBaseLogger,
  threadIdleMs = MAIL_THREAD_IDLE_MS,
): Mailer {
  const transport = config.smtpUrl
    ? {
        // Given `url`, nodemailer ignores every other option: the URL is parsed here and the options go beside it.
        ...parseConnectionUrl(config.smtpUrl),
        pool: true,
        maxConnections: SMTP_CONNECTIONS,
        // Short timeouts: the outbox worker retries later, and a hung server must not hold a claim (mail/outbox.ts).
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 60_000,
      }
    : { streamTransport: true, buffer: true, newline: 'unix' };
  // After a quiet spell the thread ends and gives its memory back (about 12 MB); the next e-mail starts a new one.
  const thread = new LowPriorityWorker(
    MAIL_IN_THREAD,
    {
      nodemailer: createRequire(import.meta.url).resolve('nodemailer'),
      transport,
      pooledConnections: config.smtpUrl ? SMTP_CONNECTIONS : 0,
      outboxDir: config.smtpUrl ? null : config.outboxDir,
    },
    threadIdleMs,
  );
  return {
    async send(message) {
      const file = await thread.call<string | null>('send', [{ from: config.from, ...message }]);
      if (file === null) log.info({ to: message.to, subject: message.subject }, 'correo enviado');
      else log.info({ to: message.to, subject: message.subject, file }, 'correo guardado en outbox (sin SMTP_URL)');
    },
    sendsAtOnce: config.smtpUrl ? SMTP_CONNECTIONS : 1,
    async close() {
      if (!thread.running) return;
      // Pooled SMTP connections say goodbye (QUIT) before the thread ends.
      await thread.call('close', []).catch(() => undefined);
      await thread.close();
    },
  };
}
