import { readFileSync } from 'node:fs';

// The processes a test started through npm, read as the kernel sees them (Linux, where the shop runs): a SIGTERM to npm
// must stop every one of them (docs/decisions/0009-one-process-per-sqlite-file-and-clean-stops.md).

/** The processes under `pid`, read from /proc. */
export function descendants(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return children.map(Number).flatMap((child) => [child, ...descendants(child)]);
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits up to `ms` for every one of `pids` to be gone; answers those still alive. */
export async function stillAliveAfter(pids: readonly number[], ms: number): Promise<number[]> {
  const deadline = Date.now() + ms;
  while (pids.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return pids.filter(alive);
}
