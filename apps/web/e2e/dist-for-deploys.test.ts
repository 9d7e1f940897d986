import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build as viteBuild } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { distForDeploys } from '../vite-plugins/dist-for-deploys';

// The browser build keeps the previous build's assets and deletes older ones
// (docs/decisions/0037-assets-kept-across-builds.md): driven here through the plugin's own hooks, as Vite calls them.

type Hook = (...args: unknown[]) => unknown;

describe('the browser build output across builds', () => {
  let outDir: string;
  afterEach(() => rmSync(outDir, { recursive: true, force: true }));

  /** One build that wrote `files` (relative to dist/) with enough text to be compressed. */
  function build(files: string[]) {
    for (const file of files) {
      mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
      writeFileSync(path.join(outDir, file), `// ${file}\n`.repeat(100));
    }
    const plugin = distForDeploys();
    (plugin.configResolved as Hook)({ root: outDir, build: { ssr: false, outDir } });
    (plugin.writeBundle as Hook)({}, Object.fromEntries(files.map((file) => [file, {}])));
    (plugin.closeBundle as Hook)();
  }
  const assets = () => readdirSync(path.join(outDir, 'assets')).sort();

  it('keeps the previous build beside the new one, deletes the one before, and compresses each once', () => {
    outDir = mkdtempSync(path.join(tmpdir(), 'tienda-dist-'));
    const common = ['index.html', '.vite/manifest.json'];
    build([...common, 'assets/index-a1.js', 'assets/shop-a1.js']);
    expect(assets()).toEqual([
      'index-a1.js',
      'index-a1.js.br',
      'index-a1.js.gz',
      'shop-a1.js',
      'shop-a1.js.br',
      'shop-a1.js.gz',
    ]);

    // The second build changes the entry only: the first one's entry stays for pages and servers still using it.
    build([...common, 'assets/index-b2.js', 'assets/shop-a1.js']);
    expect(assets()).toEqual([
      'index-a1.js',
      'index-a1.js.br',
      'index-a1.js.gz',
      'index-b2.js',
      'index-b2.js.br',
      'index-b2.js.gz',
      'shop-a1.js',
      'shop-a1.js.br',
      'shop-a1.js.gz',
    ]);

    // The third build: what only the first build wrote goes, with its compressed copies; what the second one wrote
    // (its shop chunk too, unchanged since the first) stays.
    build([...common, 'assets/index-c3.js', 'assets/shop-c3.js']);
    expect(assets().filter((name) => !/\.(br|gz)$/.test(name))).toEqual([
      'index-b2.js',
      'index-c3.js',
      'shop-a1.js',
      'shop-c3.js',
    ]);
    expect(existsSync(path.join(outDir, 'assets/index-a1.js.br'))).toBe(false);
    expect(existsSync(path.join(outDir, 'index.html'))).toBe(true);
  });

  it('leaves the running version alone when a build fails', async () => {
    // A real Vite build of a one-page app with the plugin, then the same app with a syntax error.
    outDir = mkdtempSync(path.join(tmpdir(), 'tienda-dist-'));
    const root = path.join(outDir, 'app');
    mkdirSync(root);
    writeFileSync(path.join(root, 'index.html'), '<script type="module" src="./main.js"></script>');
    const buildApp = (main: string) => {
      writeFileSync(path.join(root, 'main.js'), main);
      return viteBuild({
        root,
        logLevel: 'silent',
        configFile: false,
        plugins: [distForDeploys()],
        build: { outDir: path.join(outDir, 'dist'), emptyOutDir: false },
      });
    };
    await buildApp(`document.title = ${JSON.stringify('x'.repeat(2000))};`);
    const before = readdirSync(path.join(outDir, 'dist/assets')).sort();
    expect(before.filter((name) => name.endsWith('.js'))).toHaveLength(1);
    await expect(buildApp('document.title = ;')).rejects.toThrow();
    expect(readdirSync(path.join(outDir, 'dist/assets')).sort()).toEqual(before);
  });
});
