import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
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

export interface ShopServer {
  baseUrl: string;
  app: FastifyInstance;
  mail: SmtpCatcher;
  close(): Promise<void>;
}

/**
 * The real shop as a customer meets it: the built web app served by the real API on a fresh SQLite
 * database with the demo catalogue, the ADMIN_EMAIL administrator, and mail going to an SMTP catcher.
 */
export async function startShopServer(): Promise<ShopServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tienda-e2e-'));
  const mail = await startSmtpCatcher();
  const config: AppConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    database: { dialect: 'sqlite', file: path.join(dataDir, 'tienda.db') },
    uploadsDir: path.join(dataDir, 'uploads'),
    jwtSecret: new TextEncoder().encode(randomBytes(32).toString('hex')),
    mail: { smtpUrl: mail.url, from: '"Jugar y Crecer" <tienda@e2e.hn>', outboxDir: path.join(dataDir, 'outbox') },
    shopEmail: 'tienda@e2e.hn',
    admin: E2E_ADMIN,
    seedDemo: true,
    logLevel: 'silent',
    trustProxy: false,
  };
  const app = await buildApp(config, { logger: false });
  await seedDemoIfEmpty(app.ctx, app.log);
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
