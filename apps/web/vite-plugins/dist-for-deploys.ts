import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The files the last build wrote (relative to its output folder), read by the next build and by the bundle tests. */
const BUILD_RECORD = '.vite/last-build.json';

/**
 * The builds' output, ready for a deploy (docs/decisions/0037-assets-kept-across-builds.md):
 * - the previous build's files stay beside the new ones (the builds do not empty dist/ and dist-ssr/), so a page
 *   opened before a deploy, or a server still running the previous build, finds the chunks it names; older ones are
 *   deleted;
 * - in the browser build, .br and .gz are written beside each new text file, once, at the strongest settings, so the server
 *   (@fastify/static preCompressed) sends them as they are instead of compressing on each request.
 */
export function distForDeploys(): Plugin {
  let outDir = '';
  let written: string[] = [];
  let compress = true;
  const compressible = /\.(js|css|svg|json|txt|xml|webmanifest)$/;
  const walk = (dir: string): string[] =>
    existsSync(dir)
      ? readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        })
      : [];
  /** A file's name as the bundle and the record give it: relative to the output folder, with '/'. */
  const nameOf = (file: string) => path.relative(outDir, file).split(path.sep).join('/');
  return {
    name: 'tienda-dist-for-deploys',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      // The server build (dist-ssr) is read from disk by the API, never sent: nothing to compress. Its screens are
      // chunks imported on first use, so a running server needs its build's chunks kept too.
      compress = !config.build.ssr;
    },
    writeBundle(_options, bundle) {
      written = Object.keys(bundle);
    },
    closeBundle(error?: Error) {
      // A failed build wrote nothing (Vite may even call this twice): the files on disk are the running version's.
      const thisBuildsFiles = written;
      written = [];
      if (!outDir || error || thisBuildsFiles.length === 0) return;
      const record = path.join(outDir, BUILD_RECORD);
      const previous: string[] = existsSync(record) ? (JSON.parse(readFileSync(record, 'utf8')) as string[]) : [];
      const thisBuild = new Set(thisBuildsFiles);
      const kept = new Set([...thisBuild, ...previous]);
      // Only hashed assets are ever deleted: everything else in dist/ is rewritten by each build.
      for (const file of walk(path.join(outDir, 'assets'))) {
        if (!kept.has(nameOf(file).replace(/\.(br|gz)$/, ''))) rmSync(file);
      }
      mkdirSync(path.dirname(record), { recursive: true });
      writeFileSync(record, JSON.stringify(thisBuildsFiles));
      if (!compress) return;
      for (const file of walk(outDir)) {
        const name = nameOf(file);
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
