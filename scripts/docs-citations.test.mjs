/**
 * Every citation of a docs section resolves: `docs/<file>.md, "Section"` in code, comments and docs,
 * and a Markdown link to a doc followed by `, "Section"`, name a file that exists and one of its headings or bold
 * paragraph leads (docs/how-to.md, "House rules"). Run by `npm test` with the lint rules' tests.
 *
 *   node --test scripts/docs-citations.test.mjs
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The files a clone holds (tracked, or new and not ignored): built output and dependencies stay out. */
function repositoryFiles() {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
  return listed.split('\0').filter((file) => /\.(ts|tsx|js|mjs|cjs|md|json|vcl|cfg|sh|yml|yaml)$/.test(file) && existsSync(path.join(ROOT, file)));
}

const squeeze = (text) => text.replace(/\s+/g, ' ').trim();

/**
 * The names a section is cited by, from each heading and each bold paragraph lead: its words with
 * or without its code, each also cut before its first aside (" (", ":", ",", a dash), and a
 * heading's code alone ("Site settings: `GET /site-settings`" is cited as either).
 */
function sectionNames(markdown) {
  const names = new Set();
  for (const line of markdown.split('\n')) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
    const lead = /^(?:[-*]\s+)?\*\*(.+?)\*\*/.exec(line)?.[1]?.replace(/[.:]$/, '');
    for (const title of [heading, lead]) {
      if (!title) continue;
      const withCode = squeeze(title.replaceAll('`', ''));
      const withoutCode = squeeze(title.replace(/`[^`]*`/g, ' ').replace(/\s+([,:)])/g, '$1'));
      for (const name of [withCode, withoutCode]) names.add(name).add(squeeze(name.replace(/( \(|:|,| —| –).*$/, '')));
      if (heading) for (const [, code] of title.matchAll(/`([^`]+)`/g)) names.add(squeeze(code));
    }
  }
  return names;
}

/** Each `file, "Section"` citation a text makes: the cited file's path from the root, the section and the line. */
function citations(text, file) {
  const found = [];
  const dir = path.posix.dirname(file);
  const patterns = [
    // docs/<file>.md, "Section", also inside a string with escaped quotes
    { re: /(?<![\w/.-])(docs\/[\w-]+\.md),\s+\\?"([^"\\\n]+)\\?"/g, target: (match) => match[1] },
    // a Markdown link's target, with or without an anchor, resolved from the citing file
    { re: /\]\(([\w./-]+\.md)(?:#[\w-]*)?\),\s+\\?"([^"\\\n]+)\\?"/g, target: (match) => path.posix.normalize(path.posix.join(dir, match[1])) },
  ];
  for (const { re, target } of patterns) {
    for (const match of text.matchAll(re)) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push({ target: target(match), section: match[2], where: `${file}:${line}` });
    }
  }
  return found;
}

test('every docs citation names an existing file and one of its sections', () => {
  const names = new Map();
  const unresolved = [];
  let count = 0;
  for (const file of repositoryFiles()) {
    for (const { target, section, where } of citations(readFileSync(path.join(ROOT, file), 'utf8'), file)) {
      count += 1;
      if (!names.has(target)) names.set(target, existsSync(path.join(ROOT, target)) ? sectionNames(readFileSync(path.join(ROOT, target), 'utf8')) : null);
      const known = names.get(target);
      if (!known) unresolved.push(`${where}: ${target} does not exist`);
      else if (!known.has(section)) unresolved.push(`${where}: ${target} has no section "${section}"`);
    }
  }
  assert.ok(count > 100, `found only ${count} citations: the patterns no longer match how the code cites docs`);
  assert.deepEqual(unresolved, []);
});

test('a citation names a heading or a bold lead, with or without its code or its aside, never a word inside one', () => {
  const doc = [
    '# The product',
    '### Car detail `/audis/{id}`, `/hondas/{id}`',
    '#### Reports `/dashboard/reports` (admin)',
    '#### Site settings: `GET /site-settings`',
    '**Long lists.** A table shows 20 rows.',
    '- **The bell**, for anyone signed in.',
    'A paragraph naming Dashboard in passing.',
  ].join('\n');
  const names = sectionNames(doc);
  for (const cited of ['Car detail', 'Reports (admin)', 'Reports', 'Site settings', 'GET /site-settings', 'Long lists', 'The bell', 'The product']) {
    assert.ok(names.has(cited), cited);
  }
  for (const cited of ['Car', 'Dashboard', 'Reports (seller)', 'Long list', 'detail', 'The']) assert.equal(names.has(cited), false, cited);
});

test('citations are read from code, strings and Markdown links, each resolved from the citing file', () => {
  const text = [
    '// The table (docs/product.md, "Long lists").',
    'const message = "see docs/api.md, \\"Errors\\"";',
    // Split, so that this file cites nothing itself.
    'See [api.md](' + 'api.md), "Routes", and [how-to](' + '../docs/how-to.md#tests), "Tests".',
  ].join('\n');
  assert.deepEqual(
    citations(text, 'docs/x.md').map(({ target, section, where }) => `${where} ${target} ${section}`),
    ['docs/x.md:1 docs/product.md Long lists', 'docs/x.md:2 docs/api.md Errors', 'docs/x.md:3 docs/api.md Routes', 'docs/x.md:3 docs/how-to.md Tests'],
  );
});
