import { availableParallelism } from 'node:os';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { Semaphore } from '../../lib/semaphore.js';

// Argon2id with the OWASP parameters (m=19456 KiB, t=2, p=1). The async functions run on libuv's
// thread pool, so a login never blocks the event loop; never use the *Sync variants here.
const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id: a const enum, which isolatedModules cannot read.
export const PASSWORD_HASH_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

// Under a login storm every hash wants a whole core and 19 MiB: at most one per core runs, the rest wait their
// turn in arrival order, so catalogue reads keep their CPU (docs/decisions/0012-…). libuv's pool (UV_THREADPOOL_SIZE,
// 4 by default) also does file I/O and zlib for the shop: hashes leave two of its threads free.
const threadPoolSize = Number(process.env.UV_THREADPOOL_SIZE) || 4;
export const PASSWORD_CONCURRENCY = Math.max(1, Math.min(availableParallelism(), threadPoolSize - 2));
export const passwordQueue = new Semaphore(PASSWORD_CONCURRENCY);

export function hashPassword(password: string): Promise<string> {
  return passwordQueue.run(() => hash(password, PASSWORD_HASH_OPTIONS));
}

/** False for a wrong password and for a stored value that is not an argon2 hash at all. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await passwordQueue.run(() => verify(passwordHash, password));
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
