import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The real eslint.config.js on made-up files: the boundary rule (docs/decisions/0013) fires where it must.
const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

async function crossings(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src', file) });
  return result!.messages.filter((m) => m.ruleId === 'web/feature-boundaries').map((m) => m.message);
}

describe('web feature boundaries (eslint web/feature-boundaries)', () => {
  it('refuses a feature importing another feature, at any depth', async () => {
    expect(
      await crossings('features/checkout/routes/x.ts', "export { useCart } from '../../cart/api/get-cart';\n"),
    ).toEqual([
      'features/checkout must not import from features/cart: move what several features use to components/, lib/ (lib/api/ for API calls) or packages/shared.',
    ]);
    expect(
      await crossings(
        'features/catalog/components/deep/x.ts',
        "import '../../../profile/lib/y';\nvoid import('../../../app/router');\n",
      ),
    ).toHaveLength(2);
  });

  it('refuses admin-shared outside admin features, and features from components/ and lib/', async () => {
    expect(await crossings('features/cart/x.ts', "import '../admin-shared/lib/admin-search';\n")).toHaveLength(1);
    expect(await crossings('lib/api/x.ts', "import '../../features/cart/api/y';\n")).toHaveLength(1);
    expect(await crossings('components/ui/x.ts', "import '../../app/providers';\n")).toHaveLength(1);
  });

  it('lets a feature use its own files, components/, lib/, the shared package, and admin-shared for admin-*', async () => {
    const code = [
      "import '../api/own';",
      "import '../../../components/ui/price';",
      "import '../../../lib/api/cart';",
      "import '@tienda/shared/cart';",
      "import '../../admin-shared/lib/admin-search';",
      '',
    ].join('\n');
    expect(await crossings('features/admin-products/routes/x.ts', code)).toEqual([]);
  });
});
