// `tests/no-fixed-wait`: a test waits for the state it means, never for a time (docs/how-to.md, "Lint and format").

const WAIT_FOR_TIMEOUT =
  'no `waitForTimeout`: wait for what the test means (an element, a response, `expect.poll`), or for a later event that shows the moment has passed.';
const SLEEP =
  'no `new Promise((resolve) => setTimeout(resolve, ms))` in a test: wait for the state it means (`until`, `expect.poll`, `waitFor`, a request counted), or for a later event that shows the moment has passed.';

/** `setTimeout(resolve, ms)` (or `setTimeout(() => resolve(), ms)`) with `resolve` the promise's own resolver, and `ms` not a literal 0. */
function sleepsOn(call, resolver) {
  if (call?.type !== 'CallExpression' || call.callee.type !== 'Identifier' || call.callee.name !== 'setTimeout') return false;
  const [first, delay] = call.arguments;
  if (delay?.type === 'Literal' && delay.value === 0) return false;
  if (first?.type === 'Identifier') return first.name === resolver;
  if (first?.type === 'ArrowFunctionExpression' && first.params.length === 0) {
    const body = first.body.type === 'BlockStatement' && first.body.body.length === 1 ? first.body.body[0].expression : first.body;
    return body?.type === 'CallExpression' && body.callee.type === 'Identifier' && body.callee.name === resolver;
  }
  return false;
}

export const noFixedWait = {
  meta: { type: 'problem', docs: { description: 'refuses fixed waits in tests' }, schema: [] },
  create(context) {
    return {
      'MemberExpression[property.name="waitForTimeout"]'(node) {
        context.report({ node: node.property, message: WAIT_FOR_TIMEOUT });
      },
      'NewExpression[callee.name="Promise"]'(node) {
        const [executor] = node.arguments;
        if (!executor || !['ArrowFunctionExpression', 'FunctionExpression'].includes(executor.type)) return;
        const resolver = executor.params[0]?.type === 'Identifier' ? executor.params[0].name : null;
        if (!resolver) return;
        const body = executor.body.type === 'BlockStatement' && executor.body.body.length === 1 ? executor.body.body[0].expression : executor.body;
        if (sleepsOn(body, resolver)) context.report({ node, message: SLEEP });
      },
    };
  },
};
