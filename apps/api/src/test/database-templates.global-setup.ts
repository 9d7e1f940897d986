import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

/** Stands for the schema's name in the template script (apiPostgresTemplateSql). */
export const TEMPLATE_SCHEMA_PLACEHOLDER = '__tienda_template_schema__';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file that each API test file copies (test-app.ts). */
    apiSqliteTemplate: string;
    /** TEST_DATABASE_URL when PostgreSQL answered; the API tests then run on both dialects. */
    apiPostgresUrl: string | null;
    /**
     * The migrated template schema as SQL (pg_dump), its name replaced by TEMPLATE_SCHEMA_PLACEHOLDER; null when
     * pg_dump is missing, and then each file migrates its schema from scratch.
     */
    apiPostgresTemplateSql: string | null;
  }
}

// Migrates one template per dialect per run; every API test file starts on its own copy of it
// (docs/decisions/0016-test-speed.md): copying is cheaper than migrating from scratch.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tienda-api-template-'));
  const sqliteFile = path.join(dir, 'tienda.db');
  const sqlite = createDatabase({ dialect: 'sqlite', file: sqliteFile });
  try {
    await migrateToLatest(sqlite.db);
  } finally {
    // Closing folds the write-ahead log into tienda.db, so the file copies alone.
    await sqlite.destroy();
  }
  project.provide('apiSqliteTemplate', sqliteFile);

  const url = await reachablePostgres();
  if (url) {
    console.log(
      '\nPruebas de API sobre SQLite y PostgreSQL; solo SQLite las que no tienen SQL propio de un dialecto ' +
        "(createTestApp('sqlite'): docs/decisions/0016-test-speed.md).\n",
    );
  }
  project.provide('apiPostgresUrl', url);
  project.provide('apiPostgresTemplateSql', url ? await postgresTemplateSql(url) : null);
  return async () => rmSync(dir, { recursive: true, force: true });
}

// PostgreSQL tests run against TEST_DATABASE_URL (default: this machine's local server).
// With CI=true they are required; elsewhere an unreachable server skips them with a visible notice.
async function reachablePostgres(): Promise<string | null> {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch (error) {
    if (process.env.CI === 'true') {
      throw new Error(`CI=true exige PostgreSQL en ${url}: ${(error as Error).message}`);
    }
    console.warn(`\n⚠ PostgreSQL no disponible en ${url}: las pruebas de API solo corren sobre SQLite.\n`);
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Migrates a template schema, dumps it (tables, sequences, the migrations' own rows) as one SQL script, and drops
 * it. Replaying the script under a new schema name is the PostgreSQL copy: one round trip instead of a migration.
 */
async function postgresTemplateSql(url: string): Promise<string | null> {
  const schema = `tpl_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create schema ${schema}`);
  try {
    const handle = createDatabase({ dialect: 'postgres', url, schema });
    try {
      await migrateToLatest(handle.db, schema);
    } finally {
      await handle.destroy();
    }
    let dump: string;
    try {
      const args = ['--schema', schema, '--no-owner', '--no-privileges', '--inserts', url];
      dump = (await promisify(execFile)('pg_dump', args)).stdout;
    } catch (error) {
      // Missing, or too old for the server: slower, same result.
      const reason = (error as Error).message.split('\n')[0];
      console.warn(`\n⚠ pg_dump falló (${reason}): cada archivo de pruebas migra su esquema desde cero.\n`);
      return null;
    }
    // psql meta-commands (\restrict…) are not SQL; the schema's random name is unique enough to replace as text.
    return dump
      .split('\n')
      .filter((line) => !line.startsWith('\\'))
      .join('\n')
      .replaceAll(schema, TEMPLATE_SCHEMA_PLACEHOLDER);
  } finally {
    await adminQuery(url, `drop schema ${schema} cascade`);
  }
}
