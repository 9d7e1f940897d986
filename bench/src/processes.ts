import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

// Servers run on core 1 (taskset), the load generator on core 0: they do not steal each other's CPU.
export const SERVER_CORE = '1';

export interface ServerProcess {
  name: string;
  pid: number;
  url: string;
  logFile: string;
  child: ChildProcess;
}

const started = new Set<ServerProcess>();

/**
 * Starts `node <args>` pinned to SERVER_CORE with its output in logFile, and waits until the log shows the
 * address it listens on (`readyPattern`'s first group).
 */
export async function startServer(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
  readyPattern: RegExp,
): Promise<ServerProcess> {
  const fd = openSync(logFile, 'w');
  const child = spawn('taskset', ['-c', SERVER_CORE, process.execPath, ...args], { env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  if (child.pid === undefined) throw new Error(`${name}: no se pudo iniciar`);
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  // taskset execs node in place: this pid is the server's own (RSS is read from /proc/<pid>).
  const server: ServerProcess = { name, pid: child.pid, url: '', logFile, child };
  started.add(server);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const match = readyPattern.exec(readFileSync(logFile, 'utf8'));
    if (match) {
      server.url = match[1]!.replace('localhost', '127.0.0.1');
      return server;
    }
    if (exited !== null) break;
    await sleep(100);
  }
  await stopServer(server);
  throw new Error(`${name} no arrancó (salida ${exited}):\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
}

/** SIGTERM, then SIGKILL after 15 s; only the process this bench started, by its pid. */
export async function stopServer(server: ServerProcess): Promise<void> {
  started.delete(server);
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(server.pid, 'SIGTERM');
  const killed = await Promise.race([exited.then(() => false), sleep(15_000).then(() => true)]);
  if (killed) {
    process.kill(server.pid, 'SIGKILL');
    await exited;
  }
}

export async function stopAll(): Promise<void> {
  await Promise.all([...started].map((server) => stopServer(server)));
}

/** CPU ticks used so far by all of a process's threads, and whether any of them is running or waiting to run. */
export function threadStates(pid: number): { ticks: number; runnable: boolean } {
  let ticks = 0;
  let runnable = false;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      // Fields after "(comm) ": state, ppid, …; utime and stime are the 12th and 13th of them.
      const fields = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      if (fields[0] === 'R') runnable = true;
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return { ticks, runnable };
}

/**
 * Waits until the server is idle: for one second, under 5 % of a core used and no thread running or waiting for
 * a core. When autocannon stops, up to one request per connection is still being worked on (50 × 200 ms for a
 * slow call): it must not eat into the next measurement. "Waiting for a core" counts as busy, so a server starved
 * by other work on a shared machine is not mistaken for an idle one.
 */
export async function waitIdle(pid: number, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quietSamples = 0;
  let before = threadStates(pid).ticks;
  while (Date.now() < deadline && quietSamples < 4) {
    await sleep(250);
    const now = threadStates(pid);
    quietSamples = now.ticks - before <= 1 && !now.runnable ? quietSamples + 1 : 0;
    before = now.ticks;
  }
  if (quietSamples < 4) console.warn(`  (aviso: el servidor ${pid} no quedó en reposo en ${timeoutMs / 1000} s)`);
}

/** Resident memory of a process in MB (Linux /proc), or NaN once it is gone. */
export function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
