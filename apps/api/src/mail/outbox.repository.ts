import type { Selectable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import { isPostgres } from '../db/dialect.js';
import type { OutboxTable } from '../db/schema.js';
import { isoAgo, isoFromNow, nowIso, toIsoString } from '../db/timestamps.js';
import type { MailMessage } from './mailer.js';

export type OutboxRow = Selectable<OutboxTable>;

/**
 * An e-mail to queue. `thread` names the e-mails that must reach their reader in the order written, whatever their
 * retries (a family's e-mails about one order: orders.mail.ts `toFamilyOf`).
 */
export type QueuedMail = MailMessage & { thread?: string };

export async function insertMail(db: DbOrTx, messages: readonly QueuedMail[]): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('outbox')
    .values(
      messages.map((message) => ({
        recipient: message.to,
        reply_to: message.replyTo ?? null,
        thread: message.thread ?? null,
        subject: message.subject,
        html: message.html,
        text: message.text,
        next_attempt_at: now,
        created_at: now,
      })),
    )
    .execute();
}

/**
 * Claims up to `limit` e-mails, those due longest, for `leaseMs`, in one statement; an e-mail of a thread waits while
 * an older one of its thread is unsent (its retry not yet due, or being sent), so a thread arrives in order. On
 * PostgreSQL the rows are picked with FOR UPDATE SKIP LOCKED, so two processes never claim the same row (a row another
 * worker is claiming is skipped, and one it has claimed carries a future claimed_until). A worker that dies mid-send
 * leaves the lease to run out (on SQLite the shop that starts again releases it at once: outbox.ts onlyProcess);
 * then the mail is tried again (at least once, docs/decisions/0015-…). Answers them due longest first.
 */
export async function claimDue(db: DbOrTx, leaseMs: number, limit: number): Promise<OutboxRow[]> {
  const now = nowIso();
  let due = db
    .selectFrom('outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    // A thread's e-mails in the order they were written, whatever their retries: after an outage a family hears of its
    // order before it hears the order was cancelled (index outbox_unsent_by_thread).
    .where((eb) =>
      eb.or([
        eb('thread', 'is', null),
        eb.not(
          eb.exists(
            eb
              .selectFrom('outbox as earlier')
              .select('earlier.id')
              .whereRef('earlier.thread', '=', 'outbox.thread')
              .whereRef('earlier.id', '<', 'outbox.id')
              .where('earlier.sent_at', 'is', null)
              .where('earlier.failed_at', 'is', null),
          ),
        ),
      ]),
    )
    // In the order of the index the claim reads (outbox_due; outbox_pending on PostgreSQL), so the first due rows end
    // the read: ordered by id, every pending e-mail was read and sorted on each claim, 70 ms with a sale day's backlog
    // of 17,000 (docs/decisions/0029-a-lean-request-path.md).
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit);
  if (isPostgres(db)) due = due.forUpdate().skipLocked();
  const rows = await db
    .updateTable('outbox')
    .set((eb) => ({ claimed_until: isoFromNow(leaseMs), attempts: eb(eb.ref('attempts'), '+', 1) }))
    .where('id', 'in', due)
    .returningAll()
    .execute();
  return rows.sort(
    (a, b) => toIsoString(a.next_attempt_at).localeCompare(toIsoString(b.next_attempt_at)) || a.id - b.id,
  );
}

export async function markSent(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('outbox')
    .set({ sent_at: nowIso(), claimed_until: null, last_error: null })
    .where('id', 'in', ids)
    .execute();
}

/**
 * Every unsent row still claimed, due again at once (the only process on the database, starting after a crash: its
 * claims are its own, and nobody is sending them). Their attempt stays counted: the send may have gone out. Answers
 * how many.
 */
export async function releaseAllClaims(db: DbOrTx): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ claimed_until: null })
    .where('sent_at', 'is', null)
    .where('claimed_until', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Gives claimed rows back untried: due again at once, their claim's attempt not counted. */
export async function releaseClaims(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('outbox')
    .set((eb) => ({ claimed_until: null, attempts: eb(eb.ref('attempts'), '-', 1) }))
    .where('id', 'in', ids)
    .execute();
}

export async function markFailedAttempt(
  db: DbOrTx,
  id: number,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      claimed_until: null,
      last_error: error.slice(0, 1000),
      ...(retryInMs === null ? { failed_at: nowIso() } : { next_attempt_at: isoFromNow(retryInMs) }),
    })
    .where('id', '=', id)
    .execute();
}

/** Delivered (or given up) mail is kept a while for the record, then dropped. */
export async function pruneDone(db: DbOrTx, olderThanMs: number): Promise<void> {
  const before = isoAgo(olderThanMs);
  await db
    .deleteFrom('outbox')
    .where((eb) =>
      eb.or([
        eb.and([eb('sent_at', 'is not', null), eb('sent_at', '<', before)]),
        eb.and([eb('failed_at', 'is not', null), eb('failed_at', '<', before)]),
      ]),
    )
    .execute();
}
