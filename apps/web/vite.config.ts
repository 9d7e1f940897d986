import path from 'node:path';
import { defineConfig } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { preactAliases } from './runtime-aliases.ts';
import { distForDeploys } from './vite-plugins/dist-for-deploys.ts';

const shared = path.resolve(import.meta.dirname, '../../packages/shared/src');

export default defineConfig({
  plugins: [tailwindcss(), distForDeploys()],
  // Every browser the shop supports preloads modules natively: the polyfill would only add bytes to the first load
  // (docs/decisions/0025-first-load-javascript-and-images.md).
  build: {
    // Both builds keep the previous build's chunks beside their own (distForDeploys).
    emptyOutDir: false,
    modulePreload: { polyfill: false },
    // Names each screen's chunk, so the server preloads the one a rendered page needs (docs/decisions/0028-…).
    manifest: true,
    rolldownOptions: {
      // The shell, and the small module a rendered page starts its scripts with (src/scripts-after-paint.ts).
      input: { index: 'index.html', 'scripts-after-paint': 'src/scripts-after-paint.ts' },
      output: {
        // The admin screens' shared code in one chunk: the entry names every chunk a screen preloads, so a dozen small
        // admin chunks cost every customer's first load bytes, and the owner on 3G a request each
        // (docs/decisions/0025-first-load-javascript-and-images.md, amendment of 2026-11-26). Only those modules,
        // not what they import: the storefront's own chunks stay as they are.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: 'admin-shared', test: /src\/features\/admin-shared\// }],
        },
      },
      onwarn(warning, warn) {
        // "use client" marks server-component boundaries, which this app has none of; React Router reads React 19's
        // useOptimistic only where it exists, and Preact has none (docs/decisions/0028-preact-runtime.md).
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('`useOptimistic`')) return;
        warn(warning);
      },
    },
  },
  resolve: { alias: [...preactAliases, { find: /^@tienda\/shared\/(.*)$/, replacement: `${shared}/$1.ts` }] },
  // The server build bundles its libraries too, so they render with the same Preact as the app (no second copy,
  // no React from node_modules).
  ssr: { noExternal: true },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/Email': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
});
