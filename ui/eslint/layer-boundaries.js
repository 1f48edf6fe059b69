// The layer rule of the UI's layout (bulletproof-react's shelves), from the top down:
//   src/app > src/features/<x> > the shared React shelves (src/components, src/hooks, src/providers) > src/lib.
// An import may run down or sideways within its own layer, never up: lib (storage, crypto, clients, i18n)
// never imports a component, hook, provider, feature or the app; the shared shelves never import a feature or
// the app (they may use each other); a feature never imports another feature or the app. ESLint's own
// no-restricted-imports only sees the written specifier, and "another feature" written as a relative path
// depends on how deep the importing file sits, so this rule resolves relative specifiers against the
// importing file and compares folders. The UI has no path aliases; bare package names are ignored. Type
// imports count like the rest: a type that has to run up a layer belongs in the lower one.
import path from 'node:path';

/** The shelves of shared React code: one layer, between the features and lib. */
const SHARED = new Set(['components', 'hooks', 'providers']);

/** The layer a file belongs to, from its path: 'app', 'lib', a shared shelf, 'feature:<name>' or null. */
function layerOf(file, srcDir) {
  const rel = path.relative(srcDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [top, second] = rel.split(path.sep);
  if (top === 'features' && second) return `feature:${second}`;
  if (top === 'app' || top === 'lib' || SHARED.has(top)) return top;
  return null;
}

const named = (layer) => (layer.startsWith('feature:') ? `a feature (${layer.slice(8)})` : `src/${layer}`);

function forbidden(from, to) {
  if (!from || !to || from === to) return null;
  if (from.startsWith('feature:') && to.startsWith('feature:')) {
    return `a feature never imports another feature (${from.slice(8)} imports ${to.slice(8)}); move the shared part to src/components, src/hooks or src/lib`;
  }
  if (from.startsWith('feature:') && to === 'app') {
    return `a feature never imports src/app; pass what it needs in from the route, or move it down`;
  }
  if (from === 'lib' && to !== 'lib') {
    return `src/lib never imports ${named(to)}; pass what lib needs in as an argument, or move the React part up to src/components or src/hooks`;
  }
  if (SHARED.has(from) && (to === 'app' || to.startsWith('feature:'))) {
    return `src/${from} never imports ${named(to)}; shared code takes what a feature knows as a prop or an argument`;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'imports run down the layers app > features > components/hooks/providers > lib, never up or across features' },
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
