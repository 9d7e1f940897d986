import path from 'node:path';
import { defineConfig } from 'vitest/config';

const shared = path.resolve(import.meta.dirname, 'packages/shared/src');
// Tests import the shared package's TypeScript directly; the built server uses its dist/.
const alias = [{ find: /^@tienda\/shared\/(.*)$/, replacement: `${shared}/$1.ts` }];

export default defineConfig({
  resolve: { alias },
  test: {
    globalSetup: ['./vitest.global-setup.ts'],
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
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
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
          // Seeds the shop once; every file starts on a copy of it (apps/web/e2e/support/shop-server.ts).
          globalSetup: ['apps/web/e2e/support/shop-template.global-setup.ts'],
          // One browser journey at a time: 2 cores, and each file starts its own server and Chromium.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
