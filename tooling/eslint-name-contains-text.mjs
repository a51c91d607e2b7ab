// `local/name-contains-text`: an aria-label contains the text the element shows (WCAG 2.5.3; docs/how-to.md, "Lint and format").

const MAX_CONDITIONS = 4;

/** Every text `node` may show, as a function of the conditions' values; null when unknown. */
function textOf(node, source, conditions) {
  if (!node) return () => '';
  switch (node.type) {
    case 'JSXText':
      return () => node.value;
    case 'Literal':
      // React shows strings and numbers; null and booleans render nothing.
      return typeof node.value === 'string' || typeof node.value === 'number' ? () => String(node.value) : () => '';
    case 'JSXEmptyExpression':
      return () => '';
    case 'JSXExpressionContainer':
      return textOf(node.expression, source, conditions);
    case 'TemplateLiteral': {
      const parts = node.expressions.map((expression) => textOf(expression, source, conditions));
      if (parts.some((part) => part === null)) return null;
      return (values) => node.quasis.map((quasi, index) => quasi.value.cooked + (index < parts.length ? parts[index](values) : '')).join('');
    }
    case 'ConditionalExpression':
    case 'LogicalExpression': {
      if (node.type === 'LogicalExpression' && node.operator !== '&&') return null;
      const test = node.type === 'ConditionalExpression' ? node.test : node.left;
      const key = source.getText(test);
      if (!conditions.includes(key)) conditions.push(key);
      const yes = textOf(node.type === 'ConditionalExpression' ? node.consequent : node.right, source, conditions);
      const no = node.type === 'ConditionalExpression' ? textOf(node.alternate, source, conditions) : () => '';
      if (!yes || !no) return null;
      return (values) => (values.get(key) ? yes(values) : no(values));
    }
    case 'JSXElement':
    case 'JSXFragment': {
      const parts = node.children.map((child) => textOf(child, source, conditions));
      if (parts.some((part) => part === null)) return null;
      return (values) => parts.map((part) => part(values)).join('');
    }
    case 'Identifier':
    case 'MemberExpression':
    case 'ChainExpression':
    case 'CallExpression': {
      const text = `⟦${source.getText(node)}⟧`;
      return () => text;
    }
    default:
      return null;
  }
}

/** Roles whose name comes from their content: buttons, links and the like (not forms, lists or landmarks). */
const CONTENT_ROLES = new Set(['button', 'link', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'switch', 'checkbox', 'radio', 'treeitem']);
const CONTENT_TAGS = new Set(['button', 'a', 'summary']);
const CONTENT_COMPONENT = /(Button|Link)$/;

function styledBase(init) {
  let tag = init?.type === 'TaggedTemplateExpression' ? init.tag : null;
  if (tag?.type === 'CallExpression' && tag.callee.type === 'MemberExpression' && tag.callee.property.name === 'attrs') tag = tag.callee.object;
  if (tag?.type === 'MemberExpression' && tag.object.name === 'styled') return { tag: tag.property.name };
  if (tag?.type === 'CallExpression' && tag.callee.name === 'styled' && tag.arguments[0]?.type === 'Identifier') return { component: tag.arguments[0] };
  return null;
}

function namedFromContent(opening, source) {
  const role = opening.attributes.find((attribute) => attribute.type === 'JSXAttribute' && attribute.name.name === 'role');
  if (role) return role.value?.type === 'Literal' && CONTENT_ROLES.has(role.value.value);
  if (opening.name.type !== 'JSXIdentifier') return false;
  let name = opening.name.name;
  let scope = source.getScope(opening);
  for (let hops = 0; hops < 5; hops += 1) {
    if (/^[a-z]/.test(name)) return CONTENT_TAGS.has(name);
    if (CONTENT_COMPONENT.test(name)) return true;
    const variable = findVariable(scope, name);
    const base = styledBase(variable?.defs[0]?.node.init);
    if (!base) return false;
    if (base.tag) return CONTENT_TAGS.has(base.tag);
    name = base.component.name;
    scope = variable.scope;
  }
  return false;
}

function findVariable(scope, name) {
  for (let current = scope; current; current = current.upper) {
    const found = current.set.get(name);
    if (found) return found;
  }
  return null;
}

const normalise = (text) => text.toLowerCase().replace(/\s+/g, ' ').trim();

function* assignments(conditions) {
  for (let bits = 0; bits < 2 ** conditions.length; bits += 1) {
    yield new Map(conditions.map((key, index) => [key, Boolean(bits & (1 << index))]));
  }
}

export const nameContainsText = {
  meta: {
    type: 'problem',
    messages: {
      mismatch:
        'The accessible name "{{name}}" does not contain the visible text "{{text}}": put the visible text in the aria-label, first (WCAG 2.5.3; docs/how-to.md, "Lint and format").',
    },
    schema: [],
  },
  create(context) {
    const source = context.sourceCode;
    return {
      JSXElement(element) {
        const label = element.openingElement.attributes.find((attribute) => attribute.type === 'JSXAttribute' && attribute.name.name === 'aria-label');
        if (!label?.value || element.children.length === 0 || !namedFromContent(element.openingElement, source)) return;
        const conditions = [];
        const name = textOf(label.value, source, conditions);
        const text = textOf(element, source, conditions);
        if (!name || !text || conditions.length > MAX_CONDITIONS) return;
        for (const values of assignments(conditions)) {
          const shown = normalise(text(values));
          // Icons and signs (×, ←) have no words or numbers to say.
          if (!/[\p{L}\p{N}]/u.test(shown.replace(/⟦[^⟧]*⟧/g, ''))) continue;
          const named = normalise(name(values));
          if (!named.includes(shown)) {
            const readable = (value) => value.replace(/⟦([^⟧]*)⟧/g, '${$1}');
            context.report({ node: label, messageId: 'mismatch', data: { name: readable(named), text: readable(shown) } });
            return;
          }
        }
      },
    };
  },
};
