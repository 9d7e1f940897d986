import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port.js';

// The README's `npm start`, as a process manager runs it: a SIGTERM to npm must reach the shop, which then closes
// cleanly (docs/decisions/0009-one-process-per-sqlite-file-and-clean-stops.md). npm hands the signal to the shell that
// runs the script; the script's `exec` makes that shell the shop itself, or the shop would be left running alone.

const root = path.resolve(import.meta.dirname, '../../..');

/** The processes under `pid`, read from /proc (Linux, as the shop runs). */
function descendants(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return children.map(Number).flatMap((child) => [child, ...descendants(child)]);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tienda-npm-start-'));
  let npm: ChildProcess | undefined;

  afterAll(() => {
    // A failed test must not leave a shop behind: the whole group it started goes.
    try {
      if (npm?.pid) process.kill(-npm.pid, 'SIGKILL');
    } catch {
      // The group is gone already: everything stopped.
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops the shop when npm gets SIGTERM', async () => {
    const port = await freePort();
    npm = spawn('npm', ['start'], {
      cwd: root,
      detached: true,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: `file:${path.join(dataDir, 'tienda.db')}`,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'x'.repeat(32),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const started = Date.now();
    while (!output.includes('La tienda está abierta')) {
      if (npm.exitCode !== null || Date.now() - started > 60_000) throw new Error(`npm start no arrancó:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const processes = descendants(npm.pid!);
    expect(processes.length).toBeGreaterThan(0);

    npm.kill('SIGTERM');
    const deadline = Date.now() + 15_000;
    while (processes.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(processes.filter(alive)).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  }, 90_000);
});
