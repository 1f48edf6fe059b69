// The layer rule of the UI's layout (bulletproof-react): a feature in src/features/<x> never imports
// another feature, and shared code in src/lib never imports src/app or a feature. ESLint's own
// no-restricted-imports only sees the written specifier, and "another feature" written as a relative
// path depends on how deep the importing file sits, so this rule resolves relative specifiers against
// the importing file and compares folders. The UI has no path aliases; bare package names are ignored.
import path from 'node:path';

/** The layer a file belongs to, from its path: 'app', 'lib', 'feature:<name>' or null (outside src). */
function layerOf(file, srcDir) {
  const rel = path.relative(srcDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [top, second] = rel.split(path.sep);
  if (top === 'features' && second) return `feature:${second}`;
  if (top === 'app' || top === 'lib') return top;
  return null;
}

function forbidden(from, to) {
  if (!from || !to || from === to) return null;
  if (from.startsWith('feature:') && to.startsWith('feature:')) {
    return `a feature never imports another feature (${from.slice(8)} imports ${to.slice(8)}); move the shared part to src/lib`;
  }
  if (from === 'lib' && (to === 'app' || to.startsWith('feature:'))) {
    return `src/lib never imports ${to === 'app' ? 'src/app' : `a feature (${to.slice(8)})`}; pass what lib needs in as an argument or move it to lib`;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'features never import each other; lib never imports app or features' },
    schema: [{ type: 'object', properties: { srcDir: { type: 'string' } }, additionalProperties: false }],
    messages: { crossLayer: '{{why}}' },
  },
  create(context) {
    const srcDir = path.resolve(context.options[0]?.srcDir ?? path.join(context.cwd, 'src'));
    const file = path.resolve(context.cwd, context.filename);
    const from = layerOf(file, srcDir);
    if (!from) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const why = forbidden(from, layerOf(path.resolve(path.dirname(file), source.value), srcDir));
      if (why) context.report({ node: source, messageId: 'crossLayer', data: { why } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source.type === 'Literal' ? node.source : null),
    };
  },
};

export default { meta: { name: 'solace-layers' }, rules: { 'layer-boundaries': rule } };
