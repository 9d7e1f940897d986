import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { preactAliases } from './runtime-aliases.ts';

const shared = path.resolve(import.meta.dirname, '../../packages/shared/src');

// Writes .br and .gz beside every text asset once, at the strongest settings, so the server
// (@fastify/static preCompressed) sends them as they are instead of compressing on each request.
function precompress(): Plugin {
  let outDir = '';
  const compressible = /\.(js|css|svg|json|txt|xml|webmanifest)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'tienda-precompress',
    apply: 'build',
    configResolved(config) {
      // The server build (dist-ssr) is read from disk by the API, never sent: nothing to compress.
      outDir = config.build.ssr ? '' : path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (!outDir) return;
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), precompress()],
  // Every browser the shop supports preloads modules natively: the polyfill would only add bytes to the first load
  // (docs/decisions/0025-first-load-javascript-and-images.md).
  build: {
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
