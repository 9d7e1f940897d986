import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../../api/src/app';
import type { AppConfig } from '../../../api/src/config';
import { seedDemoIfEmpty } from '../../../api/src/demo/seed-demo';
import { startSmtpCatcher, type SmtpCatcher } from '../../../api/src/test/smtp-catcher';

export const E2E_ADMIN = {
  email: 'duena@jugarycrecer.hn',
  password: 'Tienda-Admin-2026',
  username: 'duena',
  name: 'Dueña de la tienda',
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded shop every browser journey file starts from (shop-template.global-setup.ts). */
    shopTemplateDir: string;
  }
}

export interface ShopServer {
  baseUrl: string;
  app: FastifyInstance;
  mail: SmtpCatcher;
  close(): Promise<void>;
}

/** The shop's configuration on a data directory: SQLite file and uploads inside it, the ADMIN_EMAIL administrator. */
function shopConfig(dataDir: string, smtpUrl?: string): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    database: { dialect: 'sqlite', file: path.join(dataDir, 'tienda.db') },
    uploadsDir: path.join(dataDir, 'uploads'),
    receiptsDir: path.join(dataDir, 'receipts'),
    jwtSecret: new TextEncoder().encode(randomBytes(32).toString('hex')),
    mail: { smtpUrl, from: '"Jugar y Crecer" <tienda@e2e.hn>', outboxDir: path.join(dataDir, 'outbox') },
    shopEmail: 'tienda@e2e.hn',
    admin: E2E_ADMIN,
    seedDemo: true,
    logLevel: 'silent',
    // As TRUST_PROXY=127.0.0.1 would: the fixtures' calls (accounts-fixtures.ts) name their own address in
    // X-Forwarded-For, so they never use up the per-IP limits the browser (127.0.0.1, no header) meets.
    trustProxy: ['127.0.0.1'],
    // Backups only when a test asks for one: a nightly one would land in the middle of a run.
    backups: { dir: path.join(dataDir, 'backups'), keptDays: 14, nightlyHour: null },
  };
}

/**
 * Builds the seeded shop once per test run into `dataDir` (an empty folder): migrated SQLite database with the
 * demo catalogue and the ADMIN_EMAIL administrator, and the uploads folder with its pictures.
 */
export async function buildShopTemplate(dataDir: string): Promise<void> {
  const app = await buildApp(shopConfig(dataDir), { logger: false });
  try {
    if (!(await seedDemoIfEmpty(app.ctx, app.log))) throw new Error(`the shop template in ${dataDir} was not empty`);
  } finally {
    // Closing SQLite folds its write-ahead log into tienda.db, so the folder copies as a whole.
    await app.close();
  }
}

/**
 * The real shop as a customer meets it: the built web app served by the real API on its own copy of the
 * seeded SQLite database and uploads, the ADMIN_EMAIL administrator, and mail going to an SMTP catcher.
 */
export async function startShopServer(): Promise<ShopServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tienda-e2e-'));
  cpSync(inject('shopTemplateDir'), dataDir, { recursive: true });
  const mail = await startSmtpCatcher();
  const app = await buildApp(shopConfig(dataDir, mail.url), { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    mail,
    async close() {
      await app.close();
      await mail.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
