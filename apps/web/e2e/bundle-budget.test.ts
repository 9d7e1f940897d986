import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { describe, expect, it } from 'vitest';

// JavaScript that / loads before the first interaction, in brotli bytes as the server sends it (the build writes
// .br files at quality 11), read from the build output (npm test builds the web app first). First load = the entry
// script plus every chunk index.html preloads; toasts, forms, dialogs and the admin load on demand.
// docs/decisions/0028-preact-runtime.md: 45.5 KB measured on Preact (93.3 KB on React 19, decision 0025), under the
// 60 KB target; 46.5 KB since Back restores the place on the page (decision 0038, amended 2026-11-27), 47.0 KB since a
// screen's code is retried and a new screen takes the focus (decision 0025, last amendment), 47.1 KB since a button
// disabled while busy takes the focus back (lib/keep-focus-through-busy.ts). The budget sits just above what this
// build achieves.
const dist = path.resolve(import.meta.dirname, '../dist');
const BUDGET_BYTES = 48 * 1024;
const brotli = (bytes: Buffer) => brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** The assets the last build wrote: dist/assets also keeps the build before it (docs/decisions/0037-…). */
function lastBuildAssets(): string[] {
  const written = JSON.parse(readFileSync(path.join(dist, '.vite/last-build.json'), 'utf8')) as string[];
  return written.filter((file) => file.startsWith('assets/')).map((file) => file.slice('assets/'.length));
}

// A rendered page starts them with the small module of src/scripts-after-paint.ts (docs/decisions/0030-…).
function firstLoadScripts(): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const scripts = [
    `/${manifest['src/scripts-after-paint.ts']!.file}`,
    ...[
      ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
      ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
    ].map((m) => m[1]!),
  ];
  return [...new Set(scripts)];
}

describe('first-load budget', () => {
  it('keeps the JavaScript of the first load within 48 KB brotli', () => {
    const files = firstLoadScripts();
    expect(files.length).toBeGreaterThan(0);
    const total = files.map((file) => brotli(readFileSync(path.join(dist, file)))).reduce((a, b) => a + b, 0);
    console.log(`first load: ${files.length} script(s), ${(total / 1024).toFixed(1)} KB brotli`);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('keeps the admin screens out of the first load', () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const entry = firstLoadScripts()
      .map((file) => readFileSync(path.join(dist, file), 'utf8'))
      .join('\n');
    expect(html).not.toMatch(/admin/i);
    // Admin screens are separate chunks; the entry only names them in dynamic imports.
    const adminChunks = lastBuildAssets().filter((f) =>
      /^(users|products|categories|combos|orders|admin-home)-page/.test(f),
    );
    expect(adminChunks.length).toBeGreaterThan(0);
    expect(entry).not.toContain('Administración de Productos');
    // spec §8's admin texts live in @tienda/shared/admin-messages, which only admin chunks import.
    expect(entry).not.toContain('Combo eliminado exitosamente');
  });
});

describe('first load without what the first screen does not need', () => {
  const entry = () =>
    firstLoadScripts()
      .map((file) => readFileSync(path.join(dist, file), 'utf8'))
      .join('\n');

  it('leaves react-toastify and its stylesheet to a chunk loaded on demand', () => {
    expect(entry()).not.toContain('Toastify__toast-container');
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g)]
      .map((m) => readFileSync(path.join(dist, m[1]!), 'utf8'))
      .join('\n');
    expect(css).not.toContain('.Toastify__toast-container');
    expect(lastBuildAssets().filter((f) => /^toast-container-.*\.(js|css)$/.test(f))).toHaveLength(2);
  });

  it('carries Preact, not React DOM (docs/decisions/0028-preact-runtime.md)', () => {
    // A string of React DOM's production build that minification keeps.
    expect(entry()).not.toContain('Minified React error');
  });

  it('leaves zod and react-hook-form out', () => {
    // Strings of zod's and react-hook-form's own code that survive minification.
    expect(entry()).not.toContain('Invalid input');
    expect(entry()).not.toContain('shouldUnregister');
  });
});
