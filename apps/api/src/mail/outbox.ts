import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/database.js';
import type { Mailer } from './mailer.js';
import * as repo from './outbox.repository.js';

// The durable outbox (docs/decisions/0015-nothing-lost-nothing-hoarded.md): a service writes its e-mail in the
// same transaction as the order or message that causes it; the worker below delivers it after the commit,
// retrying with backoff while the mail server is down. Nothing is lost to a crash, a restart or an SMTP outage.

/** Queues e-mail (in one statement). Pass the open transaction: the mail exists exactly when what caused it does. */
export async function enqueueMail(db: DbOrTx, ...messages: repo.QueuedMail[]): Promise<void> {
  if (messages.length > 0) await repo.insertMail(db, messages);
}

export interface OutboxOptions {
  /** How often the worker looks for due mail written by other processes or waiting for a retry. */
  pollMs: number;
  /** The first retry waits this long; each further one doubles it, up to an hour. */
  retryBaseMs: number;
  /**
   * This process is the only one on its database (SQLite: one process per file, decision 0009), so a row still
   * claimed when it starts was left by a crash of this shop and is due at once, not when its lease runs out.
   */
  onlyProcess?: boolean;
}

export const OUTBOX_DEFAULTS: OutboxOptions = { pollMs: 5_000, retryBaseMs: 30_000 };
/** A claim outlives any single send (the SMTP transport times out well before). */
const LEASE_MS = 5 * 60_000;
const RETRY_CAP_MS = 60 * 60_000;
/**
 * E-mails claimed (and marked sent) per statement: a sale day's hundreds of mails a second cost a few statements each
 * second, not two per mail. A crash mid-batch sends at most this many again once their lease runs out.
 */
const CLAIM_BATCH = 20;
/** About a day of retries at the cap; then the row stays as failed_at for the record. */
const MAX_ATTEMPTS = 30;

export interface OutboxWorker {
  /** Look now (after a commit that queued mail), instead of at the next poll. */
  wake(): void;
  start(): void;
  /** Stops polling and starting sends, and waits for those in progress. */
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
  let leftByACrash = options.onlyProcess === true;

  /**
   * Delivers one claimed batch, up to `mailer.sendsAtOnce` e-mails at a time; answers whether there was any. Each
   * e-mail that fails waits its own backoff. A batch still going at half its lease (a mail server timing out on each)
   * starts no more sends and gives its untried rows back unclaimed, as a stopped worker does, so another worker
   * never claims a row this one may yet send.
   */
  async function deliverSome(): Promise<boolean> {
    const claimedAt = Date.now();
    const rows = await repo.claimDue(db, LEASE_MS, CLAIM_BATCH);
    if (rows.length === 0) return false;
    const sent: number[] = [];
    // A mail server that is down fails every e-mail of the batch alike: one log line per batch, not one per e-mail.
    const failures: { outboxId: number; attempts: number; retryIn: number | null }[] = [];
    let firstError: unknown;
    let started = 0;
    const deliver = async (row: repo.OutboxRow) => {
      try {
        await mailer.send({
          to: row.recipient,
          subject: row.subject,
          html: row.html,
          text: row.text,
          ...(row.reply_to ? { replyTo: row.reply_to } : {}),
        });
        sent.push(row.id);
      } catch (error) {
        const giveUp = isPermanent(error) || row.attempts >= MAX_ATTEMPTS;
        const retryIn = giveUp ? null : retryDelayMs(row.attempts, options.retryBaseMs);
        firstError ??= error;
        failures.push({ outboxId: row.id, attempts: row.attempts, retryIn });
        await repo.markFailedAttempt(db, row.id, String((error as Error)?.message ?? error), retryIn);
      }
    };
    const lane = async () => {
      while (started < rows.length && !stopped && Date.now() - claimedAt <= LEASE_MS / 2) {
        await deliver(rows[started++]!);
      }
    };
    const lanes = await Promise.allSettled(Array.from({ length: Math.min(mailer.sendsAtOnce, rows.length) }, lane));
    if (failures.length > 0) {
      log.warn({ err: firstError, failed: failures.length, failures }, 'no se pudieron enviar algunos correos');
    }
    await repo.markSent(db, sent);
    await repo.releaseClaims(
      db,
      rows.slice(started).map((row) => row.id),
    );
    // Only the database can fail a lane (recording a failed attempt); the next poll tries again.
    const failed = lanes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    return true;
  }

  async function drain(): Promise<void> {
    if (leftByACrash) {
      try {
        const released = await repo.releaseAllClaims(db);
        if (released > 0) log.info({ released }, 'correos que un cierre inesperado dejó tomados, listos otra vez');
        leftByACrash = false;
      } catch (error) {
        log.warn({ err: error }, 'no se pudieron soltar los correos tomados antes de un cierre');
      }
    }
    do {
      again = false;
      try {
        while (!stopped && (await deliverSome()));
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
