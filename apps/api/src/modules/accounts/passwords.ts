import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import type { Algorithm, Options } from '@node-rs/argon2';
import { LowPriorityWorker } from '../../lib/low-priority-worker.js';
import { Semaphore } from '../../lib/semaphore.js';

// Argon2id with the OWASP parameters (m=19456 KiB, t=2, p=1), computed in worker threads of their own, so a login
// never blocks the event loop.
const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id: a const enum, which isolatedModules cannot read.
export const PASSWORD_HASH_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

// Under a login storm every hash wants a whole core and 19 MiB: at most one per core runs, the rest wait their
// turn in arrival order (docs/decisions/0012-…), and those threads run at a lower priority, so a core they share
// with the event loop serves catalogue reads first and logins wait (docs/decisions/0029-a-lean-request-path.md).
export const PASSWORD_CONCURRENCY = Math.max(1, availableParallelism());
export const passwordQueue = new Semaphore(PASSWORD_CONCURRENCY);

const ARGON2_IN_THREAD = `
const argon2 = require(require('node:worker_threads').workerData.argon2);
const handlers = {
  hash: (password, options) => argon2.hashSync(password, options),
  verify: (stored, password) => argon2.verifySync(stored, password),
};
`;

// Started on the first login, one per slot of the queue; each runs one computation at a time.
const idleWorkers: LowPriorityWorker[] = [];
let started = 0;

async function inWorker<T>(name: 'hash' | 'verify', args: unknown[]): Promise<T> {
  return passwordQueue.run(async () => {
    let worker = idleWorkers.pop();
    if (!worker && started < PASSWORD_CONCURRENCY) {
      started += 1;
      worker = new LowPriorityWorker(ARGON2_IN_THREAD, {
        argon2: createRequire(import.meta.url).resolve('@node-rs/argon2'),
      });
    }
    try {
      return await worker!.call<T>(name, args);
    } finally {
      idleWorkers.push(worker!);
    }
  });
}

export function hashPassword(password: string): Promise<string> {
  return inWorker('hash', [password, PASSWORD_HASH_OPTIONS]);
}

/** False for a wrong password and for a stored value that is not an argon2 hash at all. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await inWorker('verify', [passwordHash, password]);
  } catch {
    return false;
  }
}

// A real hash of nothing in particular: unknown users are verified against it so that "no such user" takes as
// long as "wrong password" and the timing does not tell which accounts exist.
let dummyHash: Promise<string> | null = null;

/** Starts computing the dummy hash (at start-up, so the first unknown login is not the slow one). */
export function primeDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  return dummyHash;
}

export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(await primeDummyHash(), password);
  return false;
}
