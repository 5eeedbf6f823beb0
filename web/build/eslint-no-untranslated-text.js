/**
 * Issue 21: no text a person reads may sit in a component outside the message catalogues. This ESLint rule
 * (`local/no-untranslated-text`, enabled for web/src) reports text with a letter in it where it would reach
 * the screen untranslated:
 * - JSX text (`<p>Save</p>`);
 * - string literals in the attributes that carry text (`title`, `placeholder`, `aria-label`, `label`, …);
 * - string literals as the value of the object keys that carry text (`{ title: 'Saved', message: … }`, antd
 *   columns, form rules, notifications);
 * - the first argument of `notify.*` and `message.*` calls.
 * Text goes through `t('…')` / `msg('…')` / `translate('…')` instead (see src/i18n/i18n.ts); names that never
 * change (the product's name) come from constants.
 */

const TEXT_ATTRIBUTES = new Set([
  'title',
  'placeholder',
  'alt',
  'label',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'tooltip',
  'content',
  'description',
  'message',
  'okText',
  'cancelText',
  'extra',
  'help',
  'emptyText',
  'subTitle',
  'text',
  'heading',
  'caption',
  'summary',
  'fallback',
]);

const TEXT_KEYS = new Set([
  'title',
  'content',
  'message',
  'description',
  'label',
  'placeholder',
  'okText',
  'cancelText',
  'tooltip',
  'help',
  'text',
  'emptyText',
  'subTitle',
  'heading',
  'caption',
  'summary',
  'success',
  'failure',
  'aria-label',
  'ariaLabel',
]);

const NOTIFYING_OBJECTS = new Set(['notify', 'message', 'notification']);

const LETTER = /\p{L}/u;

function hasLetter(value) {
  return typeof value === 'string' && LETTER.test(value);
}

/** The string literals an expression may evaluate to directly (`a ? 'Yes' : 'No'`, `label || 'None'`). */
function branchLiterals(node) {
  if (!node) return [];
  if (node.type === 'ConditionalExpression')
    return [...branchLiterals(node.consequent), ...branchLiterals(node.alternate)];
  if (node.type === 'LogicalExpression') return [...branchLiterals(node.left), ...branchLiterals(node.right)];
  if ((node.type === 'Literal' && typeof node.value === 'string') || node.type === 'TemplateLiteral')
    return [node];
  return [];
}

function literalString(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') {
    // `${id}-heading` builds an id; only a template with words in it (`${count} tasks`) is text.
    const parts = node.quasis.map((quasi) => quasi.value.cooked ?? '');
    return node.expressions.length > 0 && !parts.some((part) => /\p{L}\s|\s\p{L}/u.test(part))
      ? undefined
      : parts.join(' ');
  }
  if (node.type === 'JSXExpressionContainer') return literalString(node.expression);
  return undefined;
}

function keyName(property) {
  if (property.computed) return undefined;
  if (property.key.type === 'Identifier') return property.key.name;
  if (property.key.type === 'Literal') return String(property.key.value);
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const noUntranslatedText = {
  meta: {
    type: 'problem',
    docs: { description: 'Text people read goes through the message catalogues (issue 21).' },
    schema: [],
    messages: {
      text: "Untranslated text \"{{text}}\": wrap it in t('…') (or msg('…') where it is defined) and give it a Spanish translation.",
    },
  },
  create(context) {
    const report = (node, text) =>
      context.report({ node, messageId: 'text', data: { text: text.trim().slice(0, 40) } });
    return {
      JSXText(node) {
        if (hasLetter(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        // A text child chosen by a condition: `{done ? 'Saved' : 'Save'}` (attributes are checked below).
        if (node.parent.type === 'JSXAttribute') return;
        for (const literal of branchLiterals(node.expression)) {
          const text = literalString(literal);
          if (hasLetter(text)) report(literal, text);
        }
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : undefined;
        if (!name || !TEXT_ATTRIBUTES.has(name)) return;
        const value = node.value?.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        for (const literal of value?.type === 'Literal' ? [value] : branchLiterals(value)) {
          const text = literalString(literal);
          if (hasLetter(text)) report(literal, text);
        }
      },
      Property(node) {
        const name = keyName(node);
        if (!name || !TEXT_KEYS.has(name)) return;
        for (const literal of branchLiterals(node.value)) {
          const text = literalString(literal);
          if (hasLetter(text)) report(literal, text);
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.object.type !== 'Identifier') return;
        if (!NOTIFYING_OBJECTS.has(callee.object.name)) return;
        const text = literalString(node.arguments[0]);
        if (hasLetter(text)) report(node.arguments[0], text);
      },
    };
  },
};

export default { rules: { 'no-untranslated-text': noUntranslatedText } };
