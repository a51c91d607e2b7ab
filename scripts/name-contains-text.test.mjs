/**
 * `a11y/name-contains-text` bites (docs/how-to.md, "Lint and format"): a button or link whose
 * aria-label leaves out the text it shows is refused; the visible text first, then the context,
 * passes. Snippets placed in a remote's folder, linted with the repository's own config.
 *
 *   node --test scripts/name-contains-text.test.mjs
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: ROOT });
const FILE = path.join(ROOT, 'mf-dashboard', 'src', 'features', 'probe', 'Probe.tsx');

/** The visible texts the rule says are missing from the name, one per refused element. */
async function refusedTexts(jsx) {
  const code = `import styled from 'styled-components';
import { Link } from 'react-router-dom';
const Bell = styled.button\`\`;
const PayNow = styled(Link)\`\`;
export function Probe({ car, count, busy, photos }: { car: { carName: string }; count: number; busy: boolean; photos: number }) {
  return (<>${jsx}</>);
}
`;
  const [result] = await eslint.lintText(code, { filePath: FILE });
  const problems = result.messages.filter((message) => message.ruleId === 'a11y/name-contains-text');
  return problems.map((message) => /visible text "([^"]*)"/.exec(message.message)?.[1]);
}

test('a name that puts the context inside the visible words is refused', async () => {
  assert.deepEqual(await refusedTexts('<button type="button" aria-label={`Mark ${car.carName} sold elsewhere`}>Mark sold elsewhere</button>'), [
    'mark sold elsewhere',
  ]);
  assert.deepEqual(await refusedTexts('<PayNow to="/" aria-label={`Pay ${car.carName}`}>PAY NOW</PayNow>'), ['pay now']);
});

test('every text a condition can show must be in the name: a count, a busy state', async () => {
  assert.deepEqual(
    await refusedTexts('<button type="button" aria-label={`Edit photos of ${car.carName}`}>Edit photos{photos ? ` (${photos})` : \'\'}</button>'),
    ['edit photos (${photos})'],
  );
  assert.deepEqual(await refusedTexts("<button type=\"button\" aria-label={`Delete ${car.carName}`}>{busy ? 'Deleting…' : 'Delete'}</button>"), ['deleting…']);
  assert.deepEqual(
    await refusedTexts(
      '<Bell type="button" aria-label={`Notifications, ${count} unread`}>{count > 0 ? <span aria-hidden="true">{count > 99 ? \'99+\' : count}</span> : null}</Bell>',
    ),
    ['99+'],
  );
});

test('the visible text first, then the context, passes; so do icons, and labelled regions', async () => {
  assert.deepEqual(
    await refusedTexts(`
      <button type="button" aria-label={\`Mark sold elsewhere, \${car.carName}\`}>Mark sold elsewhere</button>
      <button type="button" aria-label={\`\${busy ? 'Deleting…' : 'Delete'} \${car.carName}\`}>{busy ? 'Deleting…' : 'Delete'}</button>
      <Bell type="button" aria-label={\`Notifications, \${count} unread\`}>{count > 0 ? <span aria-hidden="true">{count}</span> : null}</Bell>
      <button type="button" aria-label="Dismiss notice"><span aria-hidden="true">×</span></button>
      <nav aria-label="Main"><a href="/">Home</a></nav>`),
    [],
  );
});
