import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

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
  plugins: [react(), tailwindcss(), precompress()],
  // Every browser the shop supports preloads modules natively: the polyfill would only add bytes to the first load
  // (docs/decisions/0025-first-load-javascript-and-images.md).
  build: { modulePreload: { polyfill: false } },
  resolve: { alias: [{ find: /^@tienda\/shared\/(.*)$/, replacement: `${shared}/$1.ts` }] },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/Email': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
});
