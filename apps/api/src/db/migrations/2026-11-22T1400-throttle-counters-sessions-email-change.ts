import { sql, type Kysely } from 'kysely';
import { PostgresAdapter } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
// docs/decisions/0014-…: one atomic throttle counter per key (replaces throttle_events), a token version per user
// (revocation), and e-mail codes for proving a new profile e-mail.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);

  // A fixed window per key: `points` used until `expires_at` (epoch milliseconds), bumped by one UPSERT.
  await db.schema
    .createTable('throttle_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('throttle_counters_expires').on('throttle_counters').column('expires_at').execute();
  await db.schema.dropTable('throttle_events').ifExists().execute();

  await db.schema
    .alterTable('users')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // email_codes.purpose gains 'email-change'. PostgreSQL swaps the check; SQLite cannot alter a check, so the table
  // is rebuilt (nothing references it).
  if (pg) {
    await sql`alter table email_codes drop constraint if exists email_codes_purpose_check`.execute(db);
    await sql`alter table email_codes add constraint email_codes_purpose_check
      check (purpose in ('register', 'reset', 'email-change'))`.execute(db);
    return;
  }
  await db.schema
    .createTable('email_codes_new')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('register', 'reset', 'email-change')`))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified_at', 'text')
    .addColumn('consumed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into email_codes_new select id, email, purpose, code_hash, expires_at, attempts, verified_at,
    consumed_at, created_at from email_codes`.execute(db);
  await db.schema.dropTable('email_codes').execute();
  await db.schema.alterTable('email_codes_new').renameTo('email_codes').execute();
  await db.schema
    .createIndex('email_codes_email_purpose')
    .on('email_codes')
    .columns(['email', 'purpose', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('throttle_counters').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('token_version').execute();
}
