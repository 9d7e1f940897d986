import path from 'node:path';

// The web app's import boundaries (GUIDE §10, docs/decisions/0013): shared code flows
// components/, lib/ → features/ → app/. A feature imports only its own files, components/, lib/, test/
// helpers and packages (the shared package); admin features may also use features/admin-shared/.
// Relative specifiers are resolved against the importing file, so no path spelling slips through.

/** 'features/cart', 'app', 'components', 'lib', 'test'… for a path inside apps/web/src, else null. */
function areaOf(srcRoot, file) {
  const relative = path.relative(srcRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, feature] = relative.split(path.sep);
  if (top === 'features') return feature ? `features/${feature}` : null;
  return top.includes('.') ? 'root' : top;
}

function allowed(from, to) {
  if (to === null || to === from) return true;
  if (from.startsWith('features/')) {
    if (to === 'components' || to === 'lib' || to === 'test') return true;
    return to === 'features/admin-shared' && from.startsWith('features/admin-');
  }
  if (from === 'components' || from === 'lib') return !to.startsWith('features/') && to !== 'app';
  return true;
}

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Web features import only components/, lib/, the shared package (and admin-shared for admin-*).',
    },
    schema: [],
    messages: {
      crossing:
        '{{from}} must not import from {{to}}: move what several features use to components/, lib/ (lib/api/ for API calls) or packages/shared.',
    },
  },
  create(context) {
    const srcRoot = path.resolve(context.cwd, 'apps/web/src');
    const from = areaOf(srcRoot, context.filename);
    if (from === null) return {};
    function check(node) {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = areaOf(srcRoot, path.resolve(path.dirname(context.filename), spec));
      if (!allowed(from, to)) context.report({ node: node.source, messageId: 'crossing', data: { from, to } });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
