import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/database.js';
import type { Mailer, MailMessage } from './mailer.js';
import * as repo from './outbox.repository.js';

// The durable outbox (docs/decisions/0015-nothing-lost-nothing-hoarded.md): a service writes its e-mail in the
// same transaction as the order or message that causes it; the worker below delivers it after the commit,
// retrying with backoff while the mail server is down. Nothing is lost to a crash, a restart or an SMTP outage.

/** Queues e-mail (in one statement). Pass the open transaction: the mail exists exactly when what caused it does. */
export async function enqueueMail(db: DbOrTx, ...messages: [MailMessage, ...MailMessage[]]): Promise<void> {
  await repo.insertMail(db, messages);
}

export interface OutboxOptions {
  /** How often the worker looks for due mail written by other processes or waiting for a retry. */
  pollMs: number;
  /** The first retry waits this long; each further one doubles it, up to an hour. */
  retryBaseMs: number;
}

export const OUTBOX_DEFAULTS: OutboxOptions = { pollMs: 5_000, retryBaseMs: 30_000 };
/** A claim outlives any single send (the SMTP transport times out well before). */
const LEASE_MS = 5 * 60_000;
const RETRY_CAP_MS = 60 * 60_000;
/** About a day of retries at the cap; then the row stays as failed_at for the record. */
const MAX_ATTEMPTS = 30;

export interface OutboxWorker {
  /** Look now (after a commit that queued mail), instead of at the next poll. */
  wake(): void;
  start(): void;
  /** Stops polling and waits for the send in progress. */
  stop(): Promise<void>;
}

export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), RETRY_CAP_MS);
}

/** A 5xx reply names a permanent refusal (unknown mailbox, say): trying again cannot help. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export function createOutboxWorker(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  options: OutboxOptions = OUTBOX_DEFAULTS,
): OutboxWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function deliverOne(): Promise<boolean> {
    const row = await repo.claimDue(db, LEASE_MS);
    if (!row) return false;
    try {
      await mailer.send({
        to: row.recipient,
        subject: row.subject,
        html: row.html,
        text: row.text,
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
      });
    } catch (error) {
      const giveUp = isPermanent(error) || row.attempts >= MAX_ATTEMPTS;
      const retryIn = giveUp ? null : retryDelayMs(row.attempts, options.retryBaseMs);
      log.warn({ err: error, outboxId: row.id, attempts: row.attempts, retryIn }, 'no se pudo enviar un correo');
      await repo.markFailedAttempt(db, row.id, String((error as Error)?.message ?? error), retryIn);
      return true;
    }
    await repo.markSent(db, row.id);
    return true;
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      try {
        while (!stopped && (await deliverOne()));
      } catch (error) {
        // The database itself failed (restarting, busy): the next poll tries again.
        log.warn({ err: error }, 'el envío de correos pendientes falló');
      }
    } while (again && !stopped);
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain().finally(() => {
      running = undefined;
    });
  }

  return {
    wake,
    start() {
      if (timer || stopped) return;
      timer = setInterval(wake, options.pollMs);
      timer.unref();
      wake();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
