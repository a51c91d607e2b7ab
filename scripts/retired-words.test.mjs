/**
 * Words the code and docs no longer use (docs/how-to.md, "Words"): "answer" is refused in every
 * tracked source, config and doc file outside the tests, whole word or inside a name
 * (`SessionUnanswered`), in any case. What must stay is listed in ALLOWED with the reason. Run by
 * `npm test` with the lint rules' tests.
 *
 *   node --test scripts/retired-words.test.mjs
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A word and its field words, for the failure message. */
const RETIRED = [{ word: /answer/i, use: '"response", "reply", "respond", "result" or "returns"' }];

/** Texts that keep the word, each with why; a line passes once these are cut out of it. */
const ALLOWED = [
  // The product's Blogs page heading, as the product specification names it (docs/product.md, "Blogs").
  'Question and Answer',
  // The same page's introduction: people answering questions, not a server.
  'practical answers to questions',
  // A value of the render server's `reason` metric label, read by dashboards and the releases' verdict (docs/releases.md).
  'session_unanswered',
];

/** Tests say what they like: test files, the browser suites, and Prometheus's rule tests. */
const isTest = (file) => /(^|\/)(e2e|test|tests|__tests__)\//.test(file) || /\.(test|spec)\.[cm]?[jt]sx?$/.test(file);

/** The files a clone holds (tracked, or new and not ignored), outside the tests. */
function checkedFiles() {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((file) => /\.(ts|tsx|js|mjs|cjs|md|json|vcl|cfg|sh|yml|yaml|html|css|conf|cnf|sql)$/.test(file) && !isTest(file))
    .filter((file) => file !== 'package-lock.json' && existsSync(path.join(ROOT, file)));
}

/** Each line of a text that uses a retired word outside the allowed texts, as `file:line: text`. */
function retiredUses(text, file) {
  const found = [];
  text.split('\n').forEach((line, index) => {
    const rest = ALLOWED.reduce((left, allowed) => left.replaceAll(allowed, ''), line);
    for (const { word, use } of RETIRED) if (word.test(rest)) found.push(`${file}:${index + 1}: ${line.trim()} (use ${use})`);
  });
  return found;
}

test('no source or doc outside the tests says "answer"', () => {
  const files = checkedFiles();
  assert.ok(files.length > 300, `found only ${files.length} files: the listing no longer sees the repository`);
  assert.deepEqual(
    files.flatMap((file) => retiredUses(readFileSync(path.join(ROOT, file), 'utf8'), file)),
    [],
  );
});

test('the word is found whole, inside a name and in any case; the allowed texts pass', () => {
  const text = ['// the API answered 503', 'class SessionUnanswered {}', 'ANSWER', '<h1>Question and Answer</h1>', 'a response'].join('\n');
  assert.deepEqual(
    retiredUses(text, 'x.ts').map((use) => use.split(':').slice(0, 2).join(':')),
    ['x.ts:1', 'x.ts:2', 'x.ts:3'],
  );
  assert.deepEqual(retiredUses('Question and Answer, and an answer', 'x.md').length, 1);
});

test('tests are left out, everything else is checked', () => {
  for (const file of ['e2e/tests/a.spec.ts', 'api/test/a.test.ts', 'shell/src/a.test.tsx', 'deploy/prometheus/tests/alerts.yml', 'scripts/a.test.mjs']) {
    assert.equal(isTest(file), true, file);
  }
  for (const file of ['api/src/app.ts', 'docs/api.md', 'shared-api/src/testing.ts', 'deploy/prometheus/rules/alerts.yml', 'README.md']) {
    assert.equal(isTest(file), false, file);
  }
});
