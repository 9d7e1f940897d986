import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { preactAliases } from './apps/web/runtime-aliases.ts';

const shared = path.resolve(import.meta.dirname, 'packages/shared/src');
// Tests import the shared package's TypeScript directly; the built server uses its dist/.
const alias = [{ find: /^@tienda\/shared\/(.*)$/, replacement: `${shared}/$1.ts` }];

/** Browser journeys take longest: they start first, and the short files fill the other worker around them. */
class JourneysFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => f.project.name === 'e2e'), ...sorted.filter((f) => f.project.name !== 'e2e')];
  }
}

// docs/decisions/0016-test-speed.md: a worker per core and one more (Vitest's default, cores − 1, ran every file
// one after the other on the 2-core machine), and every project in the same pool, so the browser journeys no
// longer wait for the other projects to finish.
export default defineConfig({
  resolve: { alias },
  test: {
    // One more worker than cores: a journey spends much of its time waiting on Chromium and on the shop's timers,
    // and another file fills that wait (2-core machine: 308 s with 2 workers, 260–272 s with 3, 249 s with 4).
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: JourneysFirst },
    projects: [
      {
        resolve: { alias },
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: ['apps/api/src/scale-out/**'],
          environment: 'node',
          // One migrated database per dialect per run; each file copies it (docs/decisions/0016-test-speed.md).
          globalSetup: [
            'apps/api/src/test/database-templates.global-setup.ts',
            'apps/api/src/test/redis.global-setup.ts',
          ],
          // Files share a worker's loaded modules (about a second of imports each): every file builds its own app
          // on its own database and mocks nothing, so there is no state to leak between them.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The same Preact as the shop ships (docs/decisions/0028-preact-runtime.md): the libraries that import React
        // are transformed with the app, from their ES module builds, so the aliases reach them too.
        resolve: {
          alias: [...preactAliases, ...alias],
          conditions: ['module', 'node', 'development|production'],
          mainFields: ['module', 'main'],
        },
        test: {
          name: 'web',
          server: {
            deps: {
              inline: [
                /\/node_modules\/(react-router|@tanstack\/react-query|react-hook-form|@hookform\/resolvers)\//,
                /\/node_modules\/react-toastify\//,
                // Testing Library too, so its React binding and user-event share one @testing-library/dom.
                /\/node_modules\/@testing-library\//,
              ],
            },
          },
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Files share their worker's loaded modules, as the api project does: each file still gets its own jsdom,
          // and every render its own QueryClient; the setup file clears storage and stubs after each test. The
          // component tests' CPU went from 48 s to 19 s.
          isolate: false,
          setupFiles: ['apps/web/src/test/setup.ts'],
          // jsdom renders are CPU-bound; on 2 busy cores the 5 s default is too tight for full-screen tests.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          environment: 'node',
          // Each file starts its own shop on its own copy of the database; the app's modules are shared, as in the
          // api project.
          isolate: false,
          // Seeds the shop once; every file starts on a copy of it (apps/web/e2e/support/shop-server.ts).
          globalSetup: ['apps/web/e2e/support/shop-template.global-setup.ts'],
          // Each file starts its own server and Chromium; at most one per worker, next to the other projects.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Next to other work a screen can take more than expect.poll's default second to settle; the awaited
          // value is still exact.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'scale-out',
          include: ['apps/api/src/scale-out/**/*.test.ts'],
          environment: 'node',
          globalSetup: [
            'apps/api/src/test/database-templates.global-setup.ts',
            'apps/api/src/test/redis.global-setup.ts',
          ],
          // Two API processes and nginx take the whole machine: this runs after every other project, alone
          // (docs/decisions/0022-scale-out.md).
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
