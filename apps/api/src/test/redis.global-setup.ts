import { Redis } from 'ioredis';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** TEST_REDIS_URL when Redis answered: the shared-limit tests then run on Redis too (test-app.ts). */
    apiRedisUrl: string | null;
  }
}

// Redis tests run against TEST_REDIS_URL (default: this machine's local server). With CI=true it is required;
// elsewhere an unreachable server skips those tests with a visible notice.
export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    project.provide('apiRedisUrl', url);
  } catch (error) {
    if (process.env.CI === 'true') throw new Error(`CI=true exige Redis en ${url}: ${(error as Error).message}`);
    console.warn(`\n⚠ Redis no disponible en ${url}: las pruebas de límites compartidos en Redis se omiten.\n`);
    project.provide('apiRedisUrl', null);
  } finally {
    client.disconnect();
  }
}
