// Every field that takes typing says what the browser may remember of it (docs/product.md, "What the browser
// keeps"). A field without `autoComplete` is remembered by default: Chromium keeps what was typed into it in its
// autofill store and in the session-restore files, where someone who picks up her phone can find it. The value
// itself is the author's choice ("off" for her words and her people, "one-time-code" for PINs, a login token
// only where she asked to be remembered); this rule only makes the choice impossible to forget.
const NOT_TYPED = new Set(['radio', 'checkbox', 'file', 'range', 'hidden', 'submit', 'button', 'reset', 'color']);

/** The element's literal `type`, or null when it is an expression (then the field may take typing). */
function literalType(node) {
  const attr = node.attributes.find((a) => a.type === 'JSXAttribute' && a.name.name === 'type');
  if (!attr?.value) return null;
  return attr.value.type === 'Literal' && typeof attr.value.value === 'string' ? attr.value.value : null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'every <input> that takes typing and every <textarea> sets autoComplete' },
    schema: [],
    messages: {
      missing:
        'This <{{tag}}> does not say what the browser may remember: set autoComplete ("off" for her words and people, "one-time-code" for a PIN).',
    },
  },
  create(context) {
    return {
      JSXOpeningElement(node) {
        const tag = node.name.type === 'JSXIdentifier' ? node.name.name : '';
        if (tag !== 'input' && tag !== 'textarea') return;
        if (tag === 'input' && NOT_TYPED.has(literalType(node) ?? '')) return;
        const named = node.attributes.some((a) => a.type === 'JSXAttribute' && a.name.name === 'autoComplete');
        if (!named) context.report({ node, messageId: 'missing', data: { tag } });
      },
    };
  },
};

export default { meta: { name: 'solace-forms' }, rules: { 'form-memory': rule } };
