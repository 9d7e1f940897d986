import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port.js';
import { descendants, stillAliveAfter } from './test/processes.js';

// The README's `npm start`, as a process manager runs it: a SIGTERM to npm must reach the shop, which then closes
// cleanly (docs/decisions/0009-one-process-per-sqlite-file-and-clean-stops.md). npm hands the signal to the shell that
// runs the script; the script's `exec` makes that shell the shop itself, or the shop would be left running alone.

const root = path.resolve(import.meta.dirname, '../../..');

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

  it('stops the shop when npm gets SIGTERM; other commands on its SQLite file say why they cannot run', async () => {
    const port = await freePort();
    const shopEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${path.join(dataDir, 'tienda.db')}`,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'x'.repeat(32),
    };
    npm = spawn('npm', ['start'], { cwd: root, detached: true, env: shopEnv, stdio: ['ignore', 'pipe', 'pipe'] });
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

    // `npm run seed:demo` on the running shop's SQLite file: the reason in one line and exit 1, not a stack trace.
    const seed = spawnSync('npm', ['run', '--silent', 'seed:demo'], { cwd: root, env: shopEnv, encoding: 'utf8' });
    expect(seed.status).toBe(1);
    expect(seed.stderr.trim()).toBe(
      `La base de datos ${path.join(dataDir, 'tienda.db')} ya está abierta por otro proceso de la tienda (bloqueo: ` +
        `${path.join(dataDir, 'tienda.db.lock')}). SQLite admite un solo proceso por archivo: detén el otro ` +
        'proceso, o usa PostgreSQL (DATABASE_URL) para correr varios.',
    );

    npm.kill('SIGTERM');
    expect(await stillAliveAfter(processes, 15_000)).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  }, 90_000);
});
