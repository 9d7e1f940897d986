import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.js';

// deploy/nginx.conf.template when no API process answers: a Spanish {message} with a 502, not nginx's HTML page
// (the web app would show its markup as the reason). A real nginx in front of a port nothing listens on.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const nginx = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));
if (!nginx && process.env.CI === 'true') throw new Error('CI=true exige nginx (nginx-light) para probar su plantilla.');
if (!nginx) console.warn('\n⚠ Sin nginx: se omite la prueba de la plantilla de nginx.\n');

describe.runIf(nginx)('nginx in front of API processes that do not answer', () => {
  const prefix = mkdtempSync(path.join(tmpdir(), 'tienda-nginx-'));
  let proxy: ChildProcess;
  let base: string;

  beforeAll(async () => {
    const [listen, nobody] = [await freePort(), await freePort()];
    base = `http://127.0.0.1:${listen}`;
    const config = readFileSync(path.join(root, 'deploy/nginx.conf.template'), 'utf8')
      .replaceAll('{{PID_FILE}}', path.join(prefix, 'nginx.pid'))
      .replaceAll('{{PREFIX}}', prefix)
      .replaceAll('{{LISTEN}}', `127.0.0.1:${listen}`)
      .replaceAll('{{UPSTREAM_SERVERS}}', `    server 127.0.0.1:${nobody} max_fails=3 fail_timeout=10s;`);
    writeFileSync(path.join(prefix, 'nginx.conf'), config);
    proxy = spawn(nginx!, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log')], {
      stdio: 'ignore',
    });
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (
        await fetch(`${base}/api/health`).then(
          () => true,
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`nginx no arrancó: ${readFileSync(path.join(prefix, 'error.log'), 'utf8').slice(-1000)}`);
  }, 20_000);

  afterAll(async () => {
    if (proxy && proxy.exitCode === null) {
      const exited = new Promise((resolve) => proxy.once('exit', resolve));
      proxy.kill('SIGTERM');
      await exited;
    }
    rmSync(prefix, { recursive: true, force: true });
  });

  it.each([
    ['POST', '/api/Order/'],
    ['GET', '/api/Product/1'],
    ['POST', '/api/admin/backups'],
  ])('answers %s %s with a 502 and a Spanish {message} that says when to try again', async (method, url) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(method === 'POST' ? { body: '{}' } : {}),
    });
    expect({
      status: res.status,
      type: res.headers.get('content-type'),
      retryAfter: res.headers.get('retry-after'),
      body: await res.json(),
    }).toEqual({
      status: 502,
      type: 'application/json; charset=utf-8',
      retryAfter: '10',
      body: { message: 'La tienda no respondió a tiempo. Vuelve a intentarlo en unos segundos.' },
    });
  });
});
