/**
 * The docs name each package's subpath modules as its `exports` do: docs/architecture.md's table
 * lists every subpath of a package in its row, and no doc names a subpath (`@usedcars/x/y`) that
 * the package does not export. Run by `npm test` with the lint rules' tests.
 *
 *   node --test scripts/docs-exports.test.mjs
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));

/** Each workspace package with an `exports` map: its folder, its name, and its subpaths (`/sharing`). */
function packages() {
  return readJson('package.json').workspaces.flatMap((dir) => {
    const manifest = readJson(path.join(dir, 'package.json'));
    if (!manifest.exports) return [];
    const subpaths = Object.keys(manifest.exports)
      .filter((key) => key !== '.' && !key.endsWith('.json'))
      .map((key) => key.slice(1));
    return [{ dir, name: manifest.name, subpaths }];
  });
}

const docs = () => [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file)),
];

test("docs/architecture.md's table lists exactly each package's subpath modules", () => {
  const table = readFileSync(path.join(ROOT, 'docs', 'architecture.md'), 'utf8');
  for (const { dir, subpaths } of packages()) {
    const row = table.split('\n').find((line) => line.startsWith(`| \`${dir}/\``));
    assert.ok(row, `docs/architecture.md has no row for ${dir}/`);
    const listed = [...row.matchAll(/`(\/[\w-]+)`/g)].map((match) => match[1]);
    assert.deepEqual([...new Set(listed)].sort(), [...subpaths].sort(), `${dir}/: the row's subpaths against package.json's exports`);
  }
});

test('every `@usedcars/<package>/<subpath>` a doc names is exported by that package', () => {
  const exported = new Map(packages().map(({ name, subpaths }) => [name, new Set(subpaths)]));
  for (const file of docs()) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    for (const [, name, subpath] of text.matchAll(/(@usedcars\/[\w-]+)(\/[\w-]+)/g)) {
      if (!exported.has(name)) continue;
      assert.ok(exported.get(name).has(subpath), `${file} names ${name}${subpath}, which ${name} does not export`);
    }
  }
});
