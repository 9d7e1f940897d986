import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { ROLE_ADMIN, ROLE_CUSTOMER } from '@tienda/shared/constants';
import { userSearchText } from '@tienda/shared/accounts';
import { buildApp, type BuildOptions } from '../app.js';
import type { AppConfig, DatabaseConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/timestamps.js';
import { signToken } from '../lib/tokens.js';
import { TEMPLATE_SCHEMA_PLACEHOLDER } from './database-templates.global-setup.js';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher.js';

export type Dialect = 'sqlite' | 'postgres';

const postgresUrl = inject('apiPostgresUrl');

/** The dialects this run covers: SQLite always; PostgreSQL when database-templates.global-setup.ts reached it. */
export const testDialects: Dialect[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
/** The Redis of this run, when redis.global-setup.ts reached it (required with CI=true). */
export const testRedisUrl: string | undefined = inject('apiRedisUrl') ?? undefined;

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
 * Builds the real app on a fresh database of `dialect` (a new SQLite file, or a new PostgreSQL schema), each a
 * copy of the run's migrated template (database-templates.global-setup.ts), with mail going to a real SMTP
 * catcher. One per test file, closed in afterAll. `build.logStream` receives the server's log lines (at
 * `overrides.logLevel`) for tests that check what was logged.
 */
export interface TestBuild extends Pick<BuildOptions, 'logStream'> {
  /**
   * PostgreSQL only: the app connects through this URL (a relay a test cuts: tcp-proxy.ts); its schema is still made
   * on the run's server directly.
   */
  connectThrough?: string;
}

export async function createTestApp(
  dialect: Dialect,
  overrides: Partial<AppConfig> = {},
  build: TestBuild = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tienda-test-'));
  const mail = await startSmtpCatcher();
  let database: DatabaseConfig;
  let dropSchema = async () => {};
  if (dialect === 'postgres') {
    const url = postgresUrl!;
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const template = inject('apiPostgresTemplateSql');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    // The template script creates the schema itself; without it, buildApp migrates the empty schema.
    await client.query(template ? template.replaceAll(TEMPLATE_SCHEMA_PLACEHOLDER, schema) : `create schema ${schema}`);
    await client.end();
    database = { dialect: 'postgres', url: build.connectThrough ?? url, schema };
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    };
  } else {
    database = { dialect: 'sqlite', file: path.join(dataDir, 'tienda.db') };
    copyFileSync(inject('apiSqliteTemplate'), database.file);
  }
  const config: AppConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    database,
    uploadsDir: path.join(dataDir, 'uploads'),
    receiptsDir: path.join(dataDir, 'receipts'),
    jwtSecret: new TextEncoder().encode(randomBytes(32).toString('hex')),
    mail: {
      smtpUrl: mail.url,
      from: '"Jugar y Crecer" <tienda@test.hn>',
      outboxDir: path.join(dataDir, 'outbox'),
      // Quick polls and retries, so tests of the outbox wait milliseconds, not minutes.
      outbox: { pollMs: 100, retryBaseMs: 200 },
    },
    shopEmail: 'tienda@test.hn',
    seedDemo: false,
    logLevel: 'silent',
    trustProxy: false,
    // No nightly backup in tests but the ones that ask for it (backups.test.ts).
    backups: { dir: path.join(dataDir, 'backups'), keptDays: 14, nightlyHour: null },
    ...overrides,
  };
  let app: FastifyInstance;
  try {
    app = await buildApp(config, build.logStream ? { logStream: build.logStream } : { logger: false });
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
        search_text: userSearchText(user),
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

/**
 * A describe block's app (createTestApp), built in its beforeAll and closed in its afterAll. The object is filled
 * in once built, so read it in hooks and tests, not while the describe body runs.
 */
export function useTestApp(dialect: Dialect, overrides: Partial<AppConfig> = {}, build: TestBuild = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(dialect, overrides, build));
  });
  // close is missing when the build failed; that failure is the one to report.
  afterAll(() => t.close?.());
  return t;
}

/** Posts `text` as the JSON body exactly as written, so a test can send what a broken client would. */
export function postJsonText(t: TestApp, url: string, text: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: text,
  });
}
