// Every text a screen shows comes from a message catalogue (src/locales), so that every language is
// complete. This rule finds words written straight into JSX: text between tags and the attributes a person
// reads or hears (aria-label, title, placeholder, alt, label). Punctuation, symbols and numbers alone pass;
// so do expressions, which is where t('...') sits.
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label']);
const hasWords = (text) => /\p{L}/u.test(text);

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'user-visible JSX text comes from a catalogue (useT), not a literal' },
    schema: [],
    messages: { literal: 'Text "{{text}}" is written into the screen; put it in src/locales and show it with t().' },
  },
  create(context) {
    const report = (node, text) =>
      context.report({ node, messageId: 'literal', data: { text: text.trim().slice(0, 40) } });
    return {
      JSXText(node) {
        if (hasWords(node.value)) report(node, node.value);
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === 'string' ? node.name.name : '';
        if (!READ_ATTRIBUTES.has(name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        if (value.type === 'Literal' && typeof value.value === 'string' && hasWords(value.value)) {
          report(node, value.value);
        }
        if (value.type === 'TemplateLiteral' && value.quasis.some((q) => hasWords(q.value.cooked ?? ''))) {
          report(node, value.quasis.map((q) => q.value.cooked).join('…'));
        }
      },
    };
  },
};

export default { meta: { name: 'solace-texts' }, rules: { 'catalogue-texts': rule } };
