#!/usr/bin/env node
// `npm run scale-out [-- --processes 3 --port 8080]`: several API processes on one PostgreSQL, with Redis for the
// shared limits and nginx in front, on this machine (docs/decisions/0022-scale-out.md). Needs the built shop
// (`npm install` builds it), DATABASE_URL=postgres://…, a Redis (REDIS_URL, default redis://127.0.0.1:6379) and
// nginx (Debian: nginx-light). Ctrl-C stops everything it started.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { shopStartArgs } from './shop-start.mjs';

const root = path.resolve(import.meta.dirname, '..');

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

const processes = Number(option('processes', '2'));
const port = Number(option('port', '8080'));
if (!Number.isInteger(processes) || processes < 1 || processes > 16) fail('--processes debe estar entre 1 y 16.');
if (!Number.isInteger(port) || port < 1 || port > 65535) fail('--port debe ser un puerto válido.');
const databaseUrl = process.env.DATABASE_URL ?? '';
if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
  fail('Varios procesos necesitan PostgreSQL: define DATABASE_URL=postgres://usuario:clave@host:5432/base.');
}
const nginx = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));
if (!nginx) fail('No se encontró nginx: instálalo (Debian: apt-get install nginx-light).');
const serverArgs = shopStartArgs(root);
if (!existsSync(serverArgs.at(-1))) fail('Falta el build: ejecuta npm run build.');

const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data-scale-out'));
const prefix = path.join(dataDir, 'nginx');
mkdirSync(prefix, { recursive: true });
// Every process signs and checks tokens with the same secret.
const secretFile = path.join(dataDir, 'jwt-secret');
if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(48).toString('base64url'), { mode: 0o600 });
const jwtSecret = process.env.JWT_SECRET ?? readFileSync(secretFile, 'utf8').trim();

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
}

async function waitHealthy(url, child, deadline) {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`el proceso terminó (código ${child.exitCode})`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false, // not listening yet
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} no respondió a tiempo`);
}

const children = [];
let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(child.nginx ? 'SIGQUIT' : 'SIGTERM');
  const hard = setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  }, 12_000);
  hard.unref();
  Promise.all(
    children.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null)),
  ).then(() => process.exit(code));
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

const ports = [];
for (let i = 0; i < processes; i += 1) ports.push(await freePort());
const env = {
  ...process.env,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  JWT_SECRET: jwtSecret,
  // Only nginx, on this machine, may tell the processes who the client is.
  TRUST_PROXY: '127.0.0.1',
};
try {
  for (const [index, apiPort] of ports.entries()) {
    const child = spawn(process.execPath, serverArgs, { env: { ...env, PORT: String(apiPort) }, stdio: 'inherit' });
    child.once('exit', (code) => {
      if (!stopping) {
        console.error(`El proceso ${index + 1} (puerto ${apiPort}) terminó con código ${code}; se detiene todo.`);
        stopAll(1);
      }
    });
    children.push(child);
    // One at a time: the first runs the migrations and the demo seed, the others find them done.
    await waitHealthy(`http://127.0.0.1:${apiPort}/api/health`, child, Date.now() + 60_000);
  }
  const config = readFileSync(path.join(root, 'deploy/nginx.conf.template'), 'utf8')
    .replaceAll('{{PID_FILE}}', path.join(prefix, 'nginx.pid'))
    .replaceAll('{{PREFIX}}', prefix)
    .replaceAll('{{LISTEN}}', `127.0.0.1:${port}`)
    .replaceAll(
      '{{UPSTREAM_SERVERS}}',
      ports.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`).join('\n'),
    );
  const configFile = path.join(prefix, 'nginx.conf');
  writeFileSync(configFile, config);
  const proxy = spawn(nginx, ['-p', prefix, '-c', configFile, '-e', path.join(prefix, 'error.log')], {
    stdio: 'inherit',
  });
  proxy.nginx = true;
  proxy.once('exit', (code) => {
    if (!stopping) {
      console.error(`nginx terminó con código ${code} (mira ${path.join(prefix, 'error.log')}); se detiene todo.`);
      stopAll(1);
    }
  });
  children.push(proxy);
  await waitHealthy(`http://127.0.0.1:${port}/api/health`, proxy, Date.now() + 15_000);
  console.log(
    `\nLa tienda corre en http://127.0.0.1:${port} (nginx) con ${processes} procesos de API: ` +
      `${ports.map((p) => `127.0.0.1:${p}`).join(', ')}. Ctrl-C los detiene.\n`,
  );
} catch (error) {
  console.error(`No se pudo arrancar: ${error.message}`);
  stopAll(1);
}
