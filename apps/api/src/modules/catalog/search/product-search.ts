import type { Db } from '../../../db/database.js';
import { ProductIndex } from './product-index.js';
import * as repo from './search.repository.js';

// Keeps this process's ProductIndex in step with the database (docs/decisions/0026-catalogue-search-index.md).
// Triggers log every product change in product_changes; before answering, a search reads what was logged since it
// last looked (one indexed query, usually empty) and reloads just those products. The database's write mark says
// when nothing can have been logged since (SQLite's change counters, PostgreSQL's change notices): then the log is
// not read at all. Every process does the same, so several API processes on one PostgreSQL answer alike, and a
// process sees its own writes at once.

/** A change number not seen yet may belong to a transaction still open (PostgreSQL numbers before commit). */
const GAP_WAIT_MS = 10_000;
/** After this long without looking, the log may have been pruned under us: load everything again. */
export const FULL_RELOAD_AFTER_MS = 30 * 60_000;
/** The log keeps changes this long (maintenance.ts prunes older ones). */
export const CHANGE_LOG_KEEP_MS = 2 * FULL_RELOAD_AFTER_MS;
const CHANGES_PER_READ = 5_000;
const CHANGES_BEFORE_FULL_RELOAD = 50_000;
const REREAD_ON_LOAD = 100;
const MEMO_SIZE = 500;
/** Products read per round while the whole catalogue loads: their categories and images then take a query each. */
const LOAD_BATCH = 500;

export class ProductSearch {
  private index: ProductIndex | null = null;
  /** Every change up to here is applied, or given up as a rolled-back number. */
  private appliedThrough = 0;
  /** Changes applied past appliedThrough (they arrived around a gap). */
  private readonly appliedAhead = new Set<number>();
  private gapSeenAt: number | null = null;
  private lastLookedAt = 0;
  private running: Promise<ProductIndex> | null = null;
  private queued: Promise<ProductIndex> | null = null;

  /** The database's write mark when the log was last read (see DatabaseHandle.writeMark). */
  private markAtLastRead: string | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    /** DatabaseHandle.writeMark: when it has not moved, nothing was logged and the log need not be read. */
    private readonly writeMark?: () => string | undefined,
  ) {}

  /**
   * The index, with every change committed before this call applied (on PostgreSQL, by another process: every change
   * whose notice has arrived). Calls that arrive while a refresh runs share the next one (which starts after it), so
   * a burst of searches costs one read of the log.
   */
  fresh(): Promise<ProductIndex> {
    const known = this.indexIfFresh();
    if (known) return Promise.resolve(known);
    if (!this.running) return this.startRefresh();
    // The refresh under way may have read the log before this call: wait for one that starts after it. When the
    // running one ends, another may already have started (a caller that waited on it asked again first); it began
    // after every call waiting here, so they share it. Waiting for "the next fresh()" instead left them waiting on
    // their own promise when that happened, for good.
    this.queued ??= this.running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        this.queued = null;
        return this.running ?? this.startRefresh();
      });
    return this.queued;
  }

  /**
   * The index, when it is known to hold every committed change without asking the database: the write mark has not
   * moved since the log was last read, and no refresh is under way. Null otherwise: then `fresh()`. Synchronous, so
   * a read that is kept answers without a round of promises. On PostgreSQL a commit by another process counts from
   * when its notice arrives, tens of microseconds later, a few milliseconds at worst (docs/decisions/0026-…,
   * amendment of 2026-11-26).
   */
  indexIfFresh(): ProductIndex | null {
    if (!this.index || this.running || !this.writeMark) return null;
    const now = this.now();
    if (now - this.lastLookedAt > FULL_RELOAD_AFTER_MS || !this.unmovedSinceLastRead(this.writeMark())) return null;
    this.lastLookedAt = now;
    return this.index;
  }

  /** Nothing was written since the log was last read, and no change waits for a gap before it to close. */
  private unmovedSinceLastRead(mark: string | undefined): boolean {
    return mark !== undefined && mark === this.markAtLastRead && this.appliedAhead.size === 0;
  }

  private startRefresh(): Promise<ProductIndex> {
    const running = this.refresh().finally(() => {
      if (this.running === running) this.running = null;
    });
    this.running = running;
    return running;
  }

  /**
   * A value read from the catalogue (the best sellers, a page of results ready to send), kept until a product
   * changes (an order's stock included) or `maxAgeMs` passes, whichever comes first: a cheap read that is still right
   * after an order. At most MEMO_SIZE values are kept, the oldest dropped first (search terms are the visitors').
   */
  async cached<T>(key: string, maxAgeMs: number, compute: () => Promise<T>): Promise<T> {
    const index = this.indexIfFresh() ?? (await this.fresh());
    if (this.memoOf.index !== index || this.memoOf.version !== index.version) {
      this.memo.clear();
      this.memoOf = { index, version: index.version };
    }
    const hit = this.memo.get(key);
    const now = this.now();
    if (hit && now - hit.at < maxAgeMs) return hit.value as T;
    const version = index.version;
    // Requests that miss together share one computation (after an order, every shopper asks for the best sellers).
    const inFlight = this.computing.get(key);
    if (inFlight && inFlight.index === index && inFlight.version === version) return inFlight.value as Promise<T>;
    const computation = { index, version, value: compute() };
    this.computing.set(key, computation);
    let value: T;
    try {
      value = await computation.value;
    } finally {
      if (this.computing.get(key) === computation) this.computing.delete(key);
    }
    // Computed against a catalogue that changed meanwhile: answer it, but do not keep it.
    if (this.memoOf.index === index && this.memoOf.version === version) {
      this.memo.delete(key);
      if (this.memo.size >= MEMO_SIZE) this.memo.delete(this.memo.keys().next().value!);
      this.memo.set(key, { at: now, value });
    }
    return value;
  }

  private readonly memo = new Map<string, { at: number; value: unknown }>();
  private readonly computing = new Map<string, { index: ProductIndex; version: number; value: Promise<unknown> }>();
  private memoOf: { index: ProductIndex | null; version: number } = { index: null, version: -1 };

  /**
   * Calls `listener` with the ids of the products whose change this process has just applied, or with null when it
   * reloaded the whole catalogue (anything may have changed). Caches of one product's answer listen here.
   */
  onChange(listener: (ids: readonly number[] | null) => void): void {
    this.listeners.push(listener);
  }

  private readonly listeners: ((ids: readonly number[] | null) => void)[] = [];

  private async refresh(): Promise<ProductIndex> {
    const now = this.now();
    if (!this.index || now - this.lastLookedAt > FULL_RELOAD_AFTER_MS) return this.reloadAll(now);
    const index = this.index;
    const mark = this.writeMark?.();
    if (this.unmovedSinceLastRead(mark)) {
      this.lastLookedAt = now;
      return index;
    }
    // Every change committed so far, read in slices; past a few slices a full reload is cheaper.
    const fresh: repo.ProductChange[] = [];
    for (let after = this.appliedThrough; ;) {
      const slice = await repo.productChangesAfter(this.db, after, CHANGES_PER_READ);
      fresh.push(...slice.filter((change) => !this.appliedAhead.has(change.seq)));
      if (slice.length < CHANGES_PER_READ) break;
      if (fresh.length >= CHANGES_BEFORE_FULL_RELOAD) return this.reloadAll(now);
      after = slice.at(-1)!.seq;
    }
    if (fresh.length > 0) {
      const ids = [...new Set(fresh.map((change) => change.product_id))];
      const rows = await repo.loadSearchableProductsById(this.db, ids);
      const present = new Set(rows.map((row) => row.id));
      for (const row of rows) index.put(row);
      for (const id of ids) if (!present.has(id)) index.remove(id);
      for (const change of fresh) this.appliedAhead.add(change.seq);
      for (const listener of this.listeners) listener(ids);
    }
    this.advance(now);
    this.lastLookedAt = now;
    this.markAtLastRead = mark;
    return index;
  }

  private async reloadAll(now: number): Promise<ProductIndex> {
    // Read the log's end first: whatever commits during the load is read again next time (reloading is idempotent),
    // and so are the last REREAD_ON_LOAD changes, in case a transaction that took one of them commits only now.
    this.markAtLastRead = undefined;
    const last = Math.max(0, (await repo.lastProductChange(this.db)) - REREAD_ON_LOAD);
    const index = new ProductIndex();
    for await (const batch of repo.searchableProductBatches(this.db, LOAD_BATCH))
      for (const row of batch) index.put(row);
    index.compact();
    this.index = index;
    this.appliedThrough = last;
    this.appliedAhead.clear();
    this.gapSeenAt = null;
    this.lastLookedAt = now;
    for (const listener of this.listeners) listener(null);
    return index;
  }

  /** Moves appliedThrough over applied numbers, and over a gap that stayed open longer than GAP_WAIT_MS. */
  private advance(now: number): void {
    for (;;) {
      const next = this.appliedThrough + 1;
      if (this.appliedAhead.delete(next)) {
        this.appliedThrough = next;
        this.gapSeenAt = null;
        continue;
      }
      if (this.appliedAhead.size === 0) return;
      this.gapSeenAt ??= now;
      if (now - this.gapSeenAt < GAP_WAIT_MS) return;
      // Nothing came for that number: a rolled-back transaction took it. (The numbers after it were missing as long.)
      this.appliedThrough = next;
    }
  }
}
