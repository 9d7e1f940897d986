import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Another shop process holding `file`: the same lock protocol as database.ts, in a plain Node process (the
 * child cannot load our TypeScript).
 */
export function holdLockInAnotherProcess(file: string): Promise<ChildProcess> {
  const script = `
    const Sqlite = require('better-sqlite3');
    const handle = new Sqlite(process.argv[1] + '.lock', { timeout: 0 });
    handle.pragma('locking_mode = EXCLUSIVE');
    handle.exec('create table if not exists holder (pid integer); delete from holder;');
    handle.prepare('insert into holder (pid) values (?)').run(process.pid);
    console.log('listo');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', script, file], { stdio: ['ignore', 'pipe', 'ignore'] });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`el proceso de prueba terminó (${code})`)));
  });
}
