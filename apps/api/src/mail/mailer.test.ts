import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { startSmtpCatcher } from '../test/smtp-catcher.js';
import { createMailer, SMTP_CONNECTIONS } from './mailer.js';

const silent = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const message = (to: string, subject: string) => ({ to, subject, html: '<p>Hola</p>', text: 'Hola' });

// The mail thread (docs/decisions/0034-mail-in-a-low-priority-thread.md).
describe('createMailer', () => {
  it('sends over SMTP from its thread, ends the thread when idle, and starts a new one for the next e-mail', async () => {
    const server = await startSmtpCatcher();
    const mailer = createMailer({ smtpUrl: server.url, from: 'tienda@correo.hn', outboxDir: '' }, silent, 100);
    try {
      await mailer.send(message('ana@correo.hn', 'Primero'));
      expect(server.connections).toBe(1);
      await sleep(400);
      await mailer.send(message('ana@correo.hn', 'Segundo'));
      // The first thread's pool went with it: the second e-mail needed a connection of its own.
      expect(server.connections).toBe(2);
      expect(server.messages.map((m) => m.subject)).toEqual(['Primero', 'Segundo']);
    } finally {
      await mailer.close();
      await server.close();
    }
  });

  it('sends again when pooled connections meet the server closing them for idleness, then gives up', async () => {
    const server = await startSmtpCatcher();
    const mailer = createMailer({ smtpUrl: server.url, from: 'tienda@correo.hn', outboxDir: '' }, silent);
    try {
      // Three at once open the pool's three connections.
      await Promise.all(['Uno', 'Dos', 'Tres'].map((subject) => mailer.send(message('ana@correo.hn', subject))));
      expect(server.connections).toBe(SMTP_CONNECTIONS);
      // Every idle connection has timed out on the server's side: the e-mail goes out on a fourth, new one.
      server.idleOutNext(SMTP_CONNECTIONS);
      await mailer.send(message('ana@correo.hn', 'Cuatro'));
      expect(server.connections).toBe(SMTP_CONNECTIONS + 1);
      expect(server.messages.map((m) => m.subject).sort()).toEqual(['Cuatro', 'Dos', 'Tres', 'Uno']);
      // A server that keeps answering 421 is not tried forever: once, then once more per pooled connection. The
      // first try takes the connection 'Cuatro' left open; each try after it, a new one.
      server.idleOutNext(100);
      const before = server.connections;
      await expect(mailer.send(message('ana@correo.hn', 'Cinco'))).rejects.toMatchObject({ responseCode: 421 });
      expect(server.connections - before).toBe(SMTP_CONNECTIONS);
      expect(server.messages).toHaveLength(4);
    } finally {
      await mailer.close();
      await server.close();
    }
  });

  it("without SMTP_URL writes .eml files, and rejects with the thread's error when it cannot", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'correo-'));
    const outboxDir = path.join(dir, 'outbox');
    const mailer = createMailer({ smtpUrl: undefined, from: 'tienda@correo.hn', outboxDir }, silent);
    try {
      await mailer.send(message('luis@correo.hn', 'Pedido'));
      expect(readdirSync(outboxDir).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
      rmSync(outboxDir, { recursive: true });
      // A file where the folder should be: the write fails in the thread, the error reaches the caller.
      writeFileSync(outboxDir, 'no es una carpeta');
      await expect(mailer.send(message('luis@correo.hn', 'Otro'))).rejects.toMatchObject({ code: 'ENOTDIR' });
    } finally {
      await mailer.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
