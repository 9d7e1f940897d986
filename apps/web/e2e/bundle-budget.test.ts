import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

// Storefront JavaScript on first load at most 120 KB gzipped, read from the build output
// (npm test builds the web app first). First load = the entry script plus every chunk index.html preloads.
const dist = path.resolve(import.meta.dirname, '../dist');
const BUDGET_BYTES = 120 * 1024;

function firstLoadScripts(): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const scripts = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ];
  return [...new Set(scripts.map((m) => m[1]!))];
}

describe('first-load budget', () => {
  it('keeps the storefront JavaScript of the first load within 120 KB gzipped', () => {
    const files = firstLoadScripts();
    expect(files.length).toBeGreaterThan(0);
    const gzipped = files.map((file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
    const total = gzipped.reduce((a, b) => a + b, 0);
    console.log(`first load: ${files.length} script(s), ${(total / 1024).toFixed(1)} KB gzipped`);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('keeps the admin screens out of the first load', () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const entry = firstLoadScripts()
      .map((file) => readFileSync(path.join(dist, file), 'utf8'))
      .join('\n');
    expect(html).not.toMatch(/admin/i);
    // Admin screens are separate chunks; the entry only names them in dynamic imports.
    const adminChunks = readdirSync(path.join(dist, 'assets')).filter((f) =>
      /^(users|products|categories|combos|orders|admin-home)-page/.test(f),
    );
    expect(adminChunks.length).toBeGreaterThan(0);
    expect(entry).not.toContain('Administración de Productos');
  });
});
