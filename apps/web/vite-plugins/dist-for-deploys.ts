import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The files the last browser build wrote (relative to dist/), read by the next build and by the bundle tests. */
const BUILD_RECORD = '.vite/last-build.json';

/**
 * The browser build's output, ready for a deploy (docs/decisions/0037-assets-kept-across-builds.md):
 * - the previous build's files stay beside the new ones (the build does not empty dist/), so a page opened before a
 *   deploy, or a server still running the previous build, finds the chunks it names; older ones are deleted;
 * - .br and .gz are written beside each new text file, once, at the strongest settings, so the server
 *   (@fastify/static preCompressed) sends them as they are instead of compressing on each request.
 */
export function distForDeploys(): Plugin {
  let outDir = '';
  let written: string[] = [];
  const compressible = /\.(js|css|svg|json|txt|xml|webmanifest)$/;
  const walk = (dir: string): string[] =>
    existsSync(dir)
      ? readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        })
      : [];
  return {
    name: 'tienda-dist-for-deploys',
    apply: 'build',
    configResolved(config) {
      // The server build (dist-ssr) is read from disk by the API at start, never sent: left as Vite writes it.
      outDir = config.build.ssr ? '' : path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      written = Object.keys(bundle);
    },
    closeBundle() {
      if (!outDir) return;
      const record = path.join(outDir, BUILD_RECORD);
      const previous: string[] = existsSync(record) ? (JSON.parse(readFileSync(record, 'utf8')) as string[]) : [];
      const kept = new Set([...written, ...previous]);
      // Only hashed assets are ever deleted: everything else in dist/ is rewritten by each build.
      for (const file of walk(path.join(outDir, 'assets'))) {
        const name = path
          .relative(outDir, file)
          .split(path.sep)
          .join('/')
          .replace(/\.(br|gz)$/, '');
        if (!kept.has(name)) rmSync(file);
      }
      writeFileSync(record, JSON.stringify(written));
      const thisBuild = new Set(written);
      for (const file of walk(outDir)) {
        const name = path.relative(outDir, file).split(path.sep).join('/');
        // The previous build's assets were compressed by it; .vite/ is read by the server, never sent.
        if (!compressible.test(file) || name.startsWith('.vite/')) continue;
        if (name.startsWith('assets/') && !thisBuild.has(name)) continue;
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
