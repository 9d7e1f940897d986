import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { createDatabase } from '../db/database.js';
import { insertProduct } from '../test/catalog-fixtures.js';
import { orderOneProduct } from '../test/order-fixtures.js';
import { startSmtpCatcher, type SmtpCatcher } from '../test/smtp-catcher.js';
import { createTestApp, testDialects, type Dialect, type TestApp } from '../test/test-app.js';
import { SMTP_CONNECTIONS } from './mailer.js';
import { enqueueMail, retryDelayMs } from './outbox.js';
import { claimDue, markSent } from './outbox.repository.js';

const contact = (email: string) => ({ nombre: 'Lucía Paz', email, asunto: 'Horario', mensaje: '¿Abren los domingos?' });

const portOf = (catcher: SmtpCatcher) => Number(new URL(catcher.url).port);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function outboxRows(t: TestApp) {
  return t.db.selectFrom('outbox').selectAll().orderBy('id').execute();
}

describe('retryDelayMs', () => {
  it('doubles from the base and stops at an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(12, 30_000)).toBe(3_600_000);
  });
});

/** A fresh app whose mail goes to `smtpUrl`, or without one to .eml files in its outbox folder. */
async function appMailingTo(dialect: Dialect, smtpUrl: string | undefined): Promise<TestApp> {
  const base = await createTestApp(dialect);
  await base.close();
  return createTestApp(dialect, { mail: { ...base.config.mail, smtpUrl } });
}

const sendContact = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/Email/enviar-contacto', payload: contact(email) });

/** Queues `count` e-mails in one statement: to `${prefix}${i}@correo.hn`, subject `${subject} ${i}`, i from 1. */
const queueMails = (t: TestApp, count: number, prefix: string, subject: string) =>
  enqueueMail(
    t.db,
    ...Array.from({ length: count }, (_, i) => ({
      to: `${prefix}${i + 1}@correo.hn`,
      subject: `${subject} ${i + 1}`,
      html: '<p>Hola</p>',
      text: 'Hola',
    })),
  );

describe.each(testDialects)('mail outbox (%s)', (dialect) => {
  describe('with the mail server down, then back', () => {
    let t: TestApp;
    let server: SmtpCatcher;
    let port: number;
    beforeAll(async () => {
      // Our own server, so the test can stop it and bring it back on the same port.
      server = await startSmtpCatcher();
      port = portOf(server);
      await server.close();
      t = await appMailingTo(dialect, `smtp://127.0.0.1:${port}`);
    });
    afterAll(async () => {
      await t.close();
      await server.close();
    });

    it('places the order while the server is down and delivers its two e-mails once it is back, once each', async () => {
      const buyer = await t.createCustomer();
      const productId = await insertProduct(t.db, { stock: 3 });
      const res = await orderOneProduct(t, buyer, productId);
      expect(res.statusCode).toBe(201);
      const orderId = (res.json() as { orderId: number }).orderId;
      // The worker tries (its mail thread starts with the first e-mail), fails, and keeps both mails for later.
      // Waited for, not slept on: on a busy machine the first try can take longer than any fixed pause.
      const waiting = await vi.waitFor(
        async () => {
          const rows = await outboxRows(t);
          // A claim counts the attempt at once; the failure is written when the try ends.
          expect(rows.map((r) => r.last_error !== null)).toEqual([true, true]);
          return rows;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(waiting.map((r) => [r.recipient, r.sent_at, r.failed_at])).toEqual([
        [buyer.email, null, null],
        ['tienda@test.hn', null, null],
      ]);
      expect(waiting.every((r) => r.attempts >= 1 && /ECONNREFUSED/.test(r.last_error ?? ''))).toBe(true);

      server = await startSmtpCatcher(port);
      const confirmation = await server.waitFor(buyer.email);
      expect(confirmation.subject).toBe(`Confirmación de tu orden #${orderId}`);
      const notice = await server.waitFor('tienda@test.hn');
      expect(notice.subject).toBe(`Nueva orden #${orderId} de ${buyer.name}`);
      await sleep(500);
      // Sent at once over separate connections (SMTP_CONNECTIONS): either may arrive first, each exactly once.
      expect(server.messages.map((m) => m.to).sort()).toEqual([[buyer.email], ['tienda@test.hn']].sort());
      const sent = await outboxRows(t);
      expect(sent.map((r) => [r.sent_at !== null, r.claimed_until, r.last_error])).toEqual([
        [true, null, null],
        [true, null, null],
      ]);
    });
  });

  it("a family's e-mails about one order go out in the order written, whatever their retries", async () => {
    const t = await createTestApp(dialect);
    try {
      // The worker is stopped: the claims below are the test's own.
      await t.app.ctx.outbox.stop();
      const [buyer, owner] = [await t.createCustomer(), await t.createAdmin()];
      const res = await orderOneProduct(t, buyer, await insertProduct(t.db, { stock: 3 }));
      const orderId = (res.json() as { orderId: number }).orderId;
      // The mail server was down: the confirmation waits for a retry an hour away.
      await t.db
        .updateTable('outbox')
        .set({ next_attempt_at: new Date(Date.now() + 3_600_000).toISOString(), attempts: 5 })
        .where('subject', '=', `Confirmación de tu orden #${orderId}`)
        .execute();
      // Meanwhile the owner deletes the order: its cancellation is due at once.
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/Order/${orderId}`, headers: owner.auth });
      expect(deleted.statusCode).toBe(204);
      const subjects = async () => (await claimDue(t.db, 60_000, 20)).map((row) => row.subject);
      const cancellation = `Tu orden #${orderId} fue cancelada`;
      expect((await outboxRows(t)).map((row) => row.subject)).toContain(cancellation);
      // The shop's own notice is on its own; the cancellation waits for the confirmation.
      expect(await subjects()).toEqual([`Nueva orden #${orderId} de ${buyer.name}`]);
      await t.db.updateTable('outbox').set({ next_attempt_at: new Date().toISOString() }).execute();
      const confirmation = await claimDue(t.db, 60_000, 20);
      expect(confirmation.map((row) => row.subject)).toEqual([`Confirmación de tu orden #${orderId}`]);
      expect(await subjects()).toEqual([]);
      await markSent(t.db, [confirmation[0]!.id]);
      expect(await subjects()).toEqual([cancellation]);
    } finally {
      await t.close();
    }
  });

  it('a new app on the same database (a restart) delivers what the old one could not', async () => {
    const down = await startSmtpCatcher();
    const port = portOf(down);
    await down.close();
    const t = await appMailingTo(dialect, `smtp://127.0.0.1:${port}`);
    let restarted: FastifyInstance | undefined;
    const up = await startSmtpCatcher();
    try {
      const res = await sendContact(t, 'reinicio@correo.hn');
      expect(res.statusCode).toBe(200);
      await sleep(200);
      expect((await outboxRows(t)).map((r) => r.sent_at)).toEqual([null]);
      await t.app.close();

      restarted = await buildApp({ ...t.config, mail: { ...t.config.mail, smtpUrl: up.url } }, { logger: false });
      await restarted.ready();
      const mail = await up.waitFor('tienda@test.hn');
      expect(mail.subject).toBe('Mensaje de contacto: Horario');
      expect(mail.raw).toMatch(/^Reply-To: reinicio@correo\.hn\r?$/m);
    } finally {
      await restarted?.close();
      await up.close();
      await t.close();
    }
  });

  it(
    dialect === 'sqlite'
      ? 'a shop started again after a crash sends at once the e-mails the crashed one held (one process per file)'
      : 'e-mails a crashed process held wait for their lease: another process may still be sending them',
    async () => {
      const t = await createTestApp(dialect);
      let restarted: FastifyInstance | undefined;
      try {
        await t.app.close();
        // What a process killed mid-send leaves: a queued e-mail, claimed for five minutes.
        const crashed = createDatabase(t.config.database);
        try {
          await enqueueMail(crashed.db, {
            to: 'tras-caida@correo.hn',
            subject: 'Tu pedido',
            html: '<p>Hola</p>',
            text: 'Hola',
          });
          expect((await claimDue(crashed.db, 5 * 60_000, 20)).map((row) => row.recipient)).toEqual([
            'tras-caida@correo.hn',
          ]);
        } finally {
          await crashed.destroy();
        }
        restarted = await buildApp(t.config, { logger: false });
        await restarted.ready();
        if (dialect === 'sqlite') {
          expect((await t.mail.waitFor('tras-caida@correo.hn')).subject).toBe('Tu pedido');
        } else {
          await sleep(1_000);
          expect(t.mail.messages.filter((mail) => mail.to.includes('tras-caida@correo.hn'))).toEqual([]);
        }
      } finally {
        await restarted?.close();
        await t.close();
      }
    },
  );

  it('two apps on one database deliver each queued e-mail exactly once', async () => {
    const t = await createTestApp(dialect);
    const other = await buildApp(t.config, { logger: false });
    try {
      await other.ready();
      const count = 40;
      await queueMails(t, count, 'cliente', 'Aviso');
      t.app.ctx.outbox.wake();
      other.ctx.outbox.wake();
      for (let i = 1; i <= count; i += 1) await t.mail.waitFor(`cliente${i}@correo.hn`);
      await sleep(500);
      const subjects = t.mail.messages.map((m) => m.subject).sort();
      expect(subjects).toEqual(Array.from({ length: count }, (_, i) => `Aviso ${i + 1}`).sort());
      const rows = await outboxRows(t);
      expect(rows.filter((r) => r.sent_at !== null && r.attempts === 1)).toHaveLength(count);
    } finally {
      await other.close();
      await t.close();
    }
  });

  it(`a sale's e-mails go out over ${SMTP_CONNECTIONS} SMTP connections kept open, each e-mail once`, async () => {
    const server = await startSmtpCatcher();
    const t = await appMailingTo(dialect, server.url);
    try {
      const count = 30;
      await queueMails(t, count, 'venta', 'Venta');
      t.app.ctx.outbox.wake();
      for (let i = 1; i <= count; i += 1) await server.waitFor(`venta${i}@correo.hn`);
      await sleep(300);
      expect(server.messages.map((m) => m.subject).sort()).toEqual(
        Array.from({ length: count }, (_, i) => `Venta ${i + 1}`).sort(),
      );
      expect(server.connections).toBe(SMTP_CONNECTIONS);
      const rows = await outboxRows(t);
      expect(rows.filter((r) => r.sent_at !== null && r.attempts === 1 && r.claimed_until === null)).toHaveLength(
        count,
      );
    } finally {
      await t.close();
      await server.close();
    }
  });

  it('a mailbox the server refuses for good (550) is given up after one attempt; the rest go out', async () => {
    const server = await startSmtpCatcher();
    server.refuse('nadie2@correo.hn');
    const t = await appMailingTo(dialect, server.url);
    try {
      await queueMails(t, 3, 'nadie', 'Aviso');
      t.app.ctx.outbox.wake();
      await server.waitFor('nadie1@correo.hn');
      await server.waitFor('nadie3@correo.hn');
      for (let i = 0; i < 50 && (await outboxRows(t)).some((r) => r.claimed_until !== null); i += 1) await sleep(50);
      const refused = (await outboxRows(t)).find((r) => r.recipient === 'nadie2@correo.hn')!;
      expect(refused.attempts).toBe(1);
      expect(refused.sent_at).toBeNull();
      expect(refused.failed_at).not.toBeNull();
      expect(refused.last_error).toMatch(/El buzón no existe/);
      expect(server.messages.map((m) => m.subject).sort()).toEqual(['Aviso 1', 'Aviso 3']);
    } finally {
      await t.close();
      await server.close();
    }
  });

  it('a worker stopped mid-batch gives the e-mails it had claimed and not tried back, unclaimed and uncounted', async () => {
    const t = await createTestApp(dialect);
    try {
      const count = 30;
      await queueMails(t, count, 'lote', 'Lote');
      t.app.ctx.outbox.wake();
      await t.mail.waitFor('lote1@correo.hn');
      await t.app.ctx.outbox.stop();
      const rows = await outboxRows(t);
      const sent = rows.filter((r) => r.sent_at !== null);
      const untried = rows.filter((r) => r.sent_at === null);
      expect(sent.every((r) => r.attempts === 1 && r.claimed_until === null)).toBe(true);
      expect(untried.every((r) => r.attempts === 0 && r.claimed_until === null && r.last_error === null)).toBe(true);
      expect(sent.length).toBeGreaterThan(0);
      expect(untried.length).toBeGreaterThan(0);
      expect(t.mail.messages.map((m) => m.subject).sort()).toEqual(sent.map((r) => r.subject).sort());
    } finally {
      await t.close();
    }
  });

  it('without SMTP_URL the worker writes each e-mail as an .eml file and marks it sent', async () => {
    const t = await appMailingTo(dialect, undefined);
    try {
      const res = await sendContact(t, 'eml@correo.hn');
      expect(res.statusCode).toBe(200);
      const dir = t.config.mail.outboxDir;
      for (let i = 0; i < 50 && (await outboxRows(t))[0]?.sent_at == null; i += 1) await sleep(50);
      const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const eml = readFileSync(path.join(dir, files[0]!), 'utf8');
      expect(eml).toMatch(/^Subject: Mensaje de contacto: Horario$/m);
      expect(eml).toMatch(/^Reply-To: eml@correo\.hn$/m);
    } finally {
      await t.close();
    }
  });
});
