import { Worker } from 'node:worker_threads';

/**
 * Nice 10: a core shared with the event loop goes mostly to the event loop, yet the thread is never starved.
 * Measured with the server on one core, health checks at full speed and 20 logins looping (docs/decisions/0029-…):
 * at nice 19 logins crawled at 5 a second (and on a busy machine each waited seconds); at 10 health's p99 stayed
 * within 1.2–2× and its throughput within 0.85× while logins ran at 14 a second; at 5, 30 logins a second but
 * health's throughput fell to 0.63×; at 0, 0.29× and a p99 4.3 times its idle one.
 */
export const WORKER_NICENESS = 10;

/**
 * A worker thread that the operating system schedules behind the rest of the process (WORKER_NICENESS on Linux):
 * CPU-heavy work that may wait (argon2 under a login storm) runs there, and a core it shares with the event loop goes
 * to the event loop first, so the rest of the shop stays responsive (docs/decisions/0029-a-lean-request-path.md).
 *
 * `source` is the body of a CommonJS module run in the thread: it defines `handlers`, a map from names to functions
 * (synchronous, or async when the work waits on I/O, as mail does), which `call(name, args)` runs there. A failed
 * call rejects with the error's message and its `code` and `responseCode`, which callers decide on (a mail server's
 * 5xx). A thread that dies fails its pending calls and is started again on the next call. Given `idleMs`, a thread
 * with no call pending for that long ends and gives its memory back; the next call starts a new one.
 */
export class LowPriorityWorker {
  #worker: Worker | null = null;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 0;
  #idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly source: string,
    private readonly workerData: unknown,
    private readonly idleMs?: number,
  ) {}

  /** Whether a thread is up (started by a call, not yet ended). */
  get running(): boolean {
    return this.#worker !== null;
  }

  call<T>(name: string, args: unknown[]): Promise<T> {
    clearTimeout(this.#idleTimer);
    const worker = (this.#worker ??= this.#start());
    const id = this.#nextId++;
    // Referenced only while a call is pending: an idle thread does not keep the process alive (a CLI that hashed one
    // password exits when done), a busy one does (its caller is waiting).
    if (this.#pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, name, args });
    });
  }

  #start(): Worker {
    const worker = new Worker(`${lowerOwnPriority(WORKER_NICENESS)}\n${this.source}\n${ANSWER_CALLS}`, {
      eval: true,
      workerData: this.workerData,
    });
    worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: CallError }) => {
      const call = this.#pending.get(id);
      this.#pending.delete(id);
      if (this.#pending.size === 0) {
        worker.unref();
        // Ended at once when it fires, with nothing pending: no call can reach a thread on its way out.
        if (this.idleMs !== undefined) this.#idleTimer = setTimeout(() => void this.close(), this.idleMs).unref();
      }
      if (error === undefined) call?.resolve(result);
      else call?.reject(Object.assign(new Error(error.message), error.fields));
    });
    worker.on('exit', (code) => {
      // A thread ended by close() has had its calls failed there; what is pending now is a newer thread's (a call
      // that came while this one was ending, after an idle spell), and must not fail with it.
      if (this.#worker !== worker) return;
      this.#worker = null;
      for (const call of this.#pending.values()) call.reject(new Error(`el hilo de trabajo terminó (${code})`));
      this.#pending.clear();
    });
    // After the listeners: adding a 'message' listener references the thread's port again.
    worker.unref();
    return worker;
  }

  /** Ends the thread, if it was started; calls still pending fail. The next call starts a new one. */
  async close(): Promise<void> {
    clearTimeout(this.#idleTimer);
    const worker = this.#worker;
    this.#worker = null;
    for (const call of this.#pending.values()) call.reject(new Error('el hilo de trabajo se cerró'));
    this.#pending.clear();
    await worker?.terminate();
  }
}

/** A failed call as it crosses from the thread: its message and the fields callers decide on. */
interface CallError {
  message: string;
  fields: { code?: string | number; responseCode?: number };
}

// The thread's own id is the last part of /proc/thread-self; setpriority on a thread id changes that thread alone.
// Elsewhere than Linux the thread keeps the process's priority.
const lowerOwnPriority = (niceness: number) => `
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, ${niceness});
} catch {}
`;

const ANSWER_CALLS = `
const port = require('node:worker_threads').parentPort;
port.on('message', async ({ id, name, args }) => {
  try {
    port.postMessage({ id, result: await handlers[name](...args) });
  } catch (error) {
    const fields = {};
    for (const key of ['code', 'responseCode']) {
      if (typeof error?.[key] === 'string' || typeof error?.[key] === 'number') fields[key] = error[key];
    }
    port.postMessage({ id, error: { message: String(error?.message ?? error), fields } });
  }
});
`;
