import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { ROLE_ADMIN, ROLE_CUSTOMER } from '@tienda/shared/constants';
import { buildApp } from '../app.js';
import type { AppConfig, DatabaseConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/timestamps.js';
import { signToken } from '../lib/tokens.js';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher.js';

export type Dialect = 'sqlite' | 'postgres';

/** The dialects this run covers: SQLite always; PostgreSQL when vitest.global-setup.ts reached it. */
export const testDialects: Dialect[] = process.env.TIENDA_TEST_PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestUser {
  id: number;
  name: string;
  email: string;
  username: string;
  password: string;
  token: string;
  auth: { authorization: string };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  mail: SmtpCatcher;
  dialect: Dialect;
  /** Inserts a customer directly (no e-mail code) and signs a token for it. */
  createCustomer(overrides?: Partial<Pick<TestUser, 'name' | 'email' | 'username' | 'password'>>): Promise<TestUser>;
  /** Inserts an administrator directly and signs a token for it. */
  createAdmin(overrides?: Partial<Pick<TestUser, 'name' | 'email' | 'username' | 'password'>>): Promise<TestUser>;
  close(): Promise<void>;
}

// Cheap argon2 for fixtures only; the app itself always hashes with the OWASP parameters.
const FIXTURE_HASH_OPTIONS = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
let userSequence = 0;

/**
 * Builds the real app on a fresh database of `dialect` (a new SQLite file, or a new PostgreSQL schema),
 * with mail going to a real SMTP catcher. One per test file, closed in afterAll.
 */
export async function createTestApp(dialect: Dialect, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tienda-test-'));
  const mail = await startSmtpCatcher();
  let database: DatabaseConfig;
  let dropSchema = async () => {};
  if (dialect === 'postgres') {
    const url = process.env.TIENDA_TEST_PG_URL!;
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
    database = { dialect: 'postgres', url, schema };
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    };
  } else {
    database = { dialect: 'sqlite', file: path.join(dataDir, 'tienda.db') };
  }
  const config: AppConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    database,
    uploadsDir: path.join(dataDir, 'uploads'),
    jwtSecret: new TextEncoder().encode(randomBytes(32).toString('hex')),
    mail: { smtpUrl: mail.url, from: '"Jugar y Crecer" <tienda@test.hn>', outboxDir: path.join(dataDir, 'outbox') },
    shopEmail: 'tienda@test.hn',
    seedDemo: false,
    logLevel: 'silent',
    trustProxy: false,
    ...overrides,
  };
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { logger: false });
    await app.ready();
  } catch (error) {
    // Leave nothing behind when the app fails to build (a migration error, say).
    await mail.close();
    await dropSchema();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const db = app.ctx.db;

  async function insertUser(
    role: string,
    o: Partial<Pick<TestUser, 'name' | 'email' | 'username' | 'password'>>,
  ): Promise<TestUser> {
    userSequence += 1;
    const tag = `${process.pid}${userSequence}${randomBytes(2).toString('hex')}`;
    const user = {
      name: o.name ?? `Cliente ${tag}`,
      email: (o.email ?? `cliente${tag}@correo.hn`).toLowerCase(),
      username: o.username ?? `cliente${tag}`,
      password: o.password ?? 'secreto123',
    };
    const { id } = await db
      .insertInto('users')
      .values({
        name: user.name,
        email: user.email,
        username: user.username,
        username_key: user.username.toLowerCase(),
        password_hash: await hash(user.password, FIXTURE_HASH_OPTIONS),
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const roleRow = await db.selectFrom('roles').select('id').where('name', '=', role).executeTakeFirstOrThrow();
    await db.insertInto('user_roles').values({ user_id: id, role_id: roleRow.id }).execute();
    const token = await signToken(config.jwtSecret, id, role);
    return { id, ...user, token, auth: { authorization: `Bearer ${token}` } };
  }

  return {
    app,
    db,
    config,
    mail,
    dialect,
    createCustomer: (o = {}) => insertUser(ROLE_CUSTOMER, o),
    createAdmin: (o = {}) => insertUser(ROLE_ADMIN, o),
    async close() {
      await app.close();
      await mail.close();
      await dropSchema();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
