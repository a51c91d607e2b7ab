/**
 * The field's words, not words only this codebase used (docs/how-to.md, "Words"): "first set",
 * "stand-in", "hearts" and "door" are refused in code, tests, scripts, deployment files and docs,
 * as words and inside identifiers (word-boundary, any case). A kept line is listed below with the reason it stays. Run by
 * `npm test` with the lint rules' tests.
 *
 *   node --test scripts/field-words.test.mjs
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = path.relative(ROOT, fileURLToPath(import.meta.url));

/** Each refused word, the field's word for it, and how it is found (a word, or a part of an identifier). */
const REFUSED = [
  { word: 'first set', instead: 'baseline set', re: /\b[Ff]irst[ -][Ss]ets?\b|\bfirst_sets?\b|\bFIRST[_ -]SETS?(?![A-Z])|[Ff]irstSets?(?![a-z])/g },
  { word: 'stand-in', instead: 'fake (a test double) or placeholder', re: /\b[Ss]tand-ins?\b|\bstandins?\b|[Ss]tandIns?(?![a-z])|STAND[_-]INS?(?![A-Z])/g },
  { word: 'hearts', instead: 'favourites', re: /\b[Hh]earts\b|\bHEARTS\b|(?<=[a-z])Hearts(?![a-z])|\bhearts(?=[A-Z])/g },
  { word: 'door', instead: 'entry point, frontend or public address', re: /\b[Dd]oors?(?![a-z])|(?<=[a-z])Doors?(?![a-z])|(?<![A-Z])DOORS?(?![A-Z])/g },
];

/**
 * Texts that keep a refused word, each with where and why. A stale entry (no longer found) fails
 * too, so the list only shrinks with the code.
 */
const KEPT = [
  // The canary analysis's wire value (GET /releases/analysis, baseline.kind): dashboards built before the word changed still read it.
  { file: 'shared-contract/src/canary.ts', text: "'first set'" },
  { file: 'api/src/features/releases/analysis.ts', text: "kind: 'first set'" },
  { file: 'api/src/features/releases/analysis.test.ts', text: "kind: 'first set'" },
  { file: 'mf-dashboard/src/features/admin/releases/ReleaseMark.tsx', text: "baseline.kind === 'first set'" },
  { file: 'mf-dashboard/src/features/admin/releases/CanaryVerdict.test.tsx', text: "kind: 'first set'" },
  { file: 'docs/api.md', text: "'first set'" },
];

/** The files a clone holds (tracked, or new and not ignored), but the lock file and this one. */
function repositoryFiles() {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((file) => /\.(ts|tsx|js|mjs|cjs|md|json|vcl|cfg|sh|yml|yaml|html|css)$/.test(file) && file !== SELF && !file.endsWith('package-lock.json'))
    .filter((file) => existsSync(path.join(ROOT, file)));
}

/** Each refused word in `text` as `file:line: "found" (say "instead")`, past the texts `kept` allows in this file. */
function refusedWords(text, file, kept = KEPT) {
  const allowed = kept.filter((entry) => entry.file === file).map((entry) => entry.text);
  const found = [];
  text.split('\n').forEach((line, index) => {
    const rest = allowed.reduce((left, allow) => left.replaceAll(allow, ' '), line);
    for (const { instead, re } of REFUSED) {
      for (const match of rest.matchAll(re)) found.push(`${file}:${index + 1}: "${match[0]}" (say "${instead}")`);
    }
  });
  return found;
}

test('no code, test, script or doc uses a word only this codebase used where the field has one', () => {
  const files = repositoryFiles();
  assert.ok(files.length > 500, `found only ${files.length} files: the listing no longer sees the repository`);
  const found = files.flatMap((file) => refusedWords(readFileSync(path.join(ROOT, file), 'utf8'), file));
  assert.deepEqual(found, []);
});

test('every kept text is still there: the list holds no entry the code no longer needs', () => {
  const stale = KEPT.filter(({ file, text }) => !existsSync(path.join(ROOT, file)) || !readFileSync(path.join(ROOT, file), 'utf8').includes(text));
  assert.deepEqual(stale, []);
});

test('the words are found as words and inside identifiers, in any case, and nowhere else', () => {
  const text = [
    'runs its first set; const firstSet = 1; FIRST_SET; DATA_DIR/site/first-set',
    'a stand-in API; standInApi(); StandInResponse; STAND_IN_TOKEN',
    "the buyer's hearts; const myHearts = 1",
    'the API door; front doors; pagesDoor; PAGES_DOOR_PORT',
    'the mocks stand in for Elements; the heart button; standing; outstanding; indoor; doorstep; FIRST_SETTING',
  ].join('\n');
  const lines = refusedWords(text, 'x.ts', []).map((found) => found.replace(/ \(say .*$/, ''));
  assert.deepEqual(lines, [
    'x.ts:1: "first set"',
    'x.ts:1: "firstSet"',
    'x.ts:1: "FIRST_SET"',
    'x.ts:1: "first-set"',
    'x.ts:2: "stand-in"',
    'x.ts:2: "standIn"',
    'x.ts:2: "StandIn"',
    'x.ts:2: "STAND_IN"',
    'x.ts:3: "hearts"',
    'x.ts:3: "Hearts"',
    'x.ts:4: "door"',
    'x.ts:4: "doors"',
    'x.ts:4: "Door"',
    'x.ts:4: "DOOR"',
  ]);
});

test('a kept text allows only itself, in its own file', () => {
  const kept = [{ file: 'a.ts', text: "kind: 'first set'" }];
  assert.deepEqual(refusedWords("kind: 'first set'", 'a.ts', kept), []);
  assert.equal(refusedWords("kind: 'first set' and the first set", 'a.ts', kept).length, 1);
  assert.equal(refusedWords("kind: 'first set'", 'b.ts', kept).length, 1);
});
