import pg from 'pg';

// PostgreSQL tests run against TEST_DATABASE_URL (default: this machine's local server).
// With CI=true they are required; elsewhere an unreachable server skips them with a visible notice.
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    process.env.TIENDA_TEST_PG_URL = url;
  } catch (error) {
    if (process.env.CI === 'true') {
      throw new Error(`CI=true exige PostgreSQL en ${url}: ${(error as Error).message}`);
    }
    console.warn(`\n⚠ PostgreSQL no disponible en ${url}: las pruebas de API solo corren sobre SQLite.\n`);
  } finally {
    await client.end().catch(() => {});
  }
}
