import { Worker } from 'node:worker_threads';

/**
 * A worker thread that the operating system schedules after everything else in the process (nice 19 on Linux):
 * CPU-heavy work that may wait (argon2 under a login storm) runs there, and a core it shares with the event loop goes
 * to the event loop first, so the rest of the shop stays responsive (docs/decisions/0029-a-lean-request-path.md).
 *
 * `source` is the body of a CommonJS module run in the thread: it receives `call(name, args)` messages through
 * `handlers`, a map it defines from names to synchronous functions. Each call answers in order of arrival.
 */
export class LowPriorityWorker {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 0;

  constructor(source: string, workerData: unknown) {
    this.#worker = new Worker(`${LOWER_OWN_PRIORITY}\n${source}\n${ANSWER_CALLS}`, { eval: true, workerData });
    this.#worker.unref();
    this.#worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
      const call = this.#pending.get(id);
      this.#pending.delete(id);
      if (error === undefined) call?.resolve(result);
      else call?.reject(new Error(error));
    });
    this.#worker.on('error', (error) => {
      for (const call of this.#pending.values()) call.reject(error);
      this.#pending.clear();
    });
  }

  call<T>(name: string, args: unknown[]): Promise<T> {
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ id, name, args });
    });
  }
}

// The thread's own id is the last part of /proc/thread-self; setpriority on a thread id changes that thread alone.
// Elsewhere than Linux the thread keeps the process's priority.
const LOWER_OWN_PRIORITY = `
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, 19);
} catch {}
`;

const ANSWER_CALLS = `
require('node:worker_threads').parentPort.on('message', ({ id, name, args }) => {
  const port = require('node:worker_threads').parentPort;
  try {
    port.postMessage({ id, result: handlers[name](...args) });
  } catch (error) {
    port.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
});
`;
