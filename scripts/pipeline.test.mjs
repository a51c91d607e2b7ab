/**
 * A team's pipeline and `npm test -- --since` (docs/pipeline.md, "What a pipeline runs"): every browser
 * spec names its pipelines, a diff's files pick the right ones, and the example workflows name only
 * commands that exist. Run by `npm test` with the lint rules' tests.
 *
 *   node --test scripts/pipeline.test.mjs
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { affected, changedSince, loadRepo, pipelineOf, readSpecMap, scopeOf } from './pipeline.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'pipeline-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** A repository of its own: a shared package, the catalog using it, one spec naming the catalog. */
function fakeRepo(name) {
  const root = path.join(scratch, name);
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  const manifest = (dir, dependencies = {}) => write(`${dir}/package.json`, JSON.stringify({ name: `@t/${dir}`, dependencies }));
  write('package.json', JSON.stringify({ workspaces: ['shared-ui', 'mf-catalog', 'mf-checkout', 'e2e'] }));
  manifest('shared-ui');
  manifest('mf-catalog', { '@t/shared-ui': '*' });
  manifest('mf-checkout');
  manifest('e2e');
  write('e2e/tests/booking.spec.ts', '// Pipelines: catalog, checkout\n');
  write('e2e/tests/payment.spec.ts', '// Pipelines: checkout\n');
  const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'base');
  git('switch', '-q', '-c', 'team');
  return { root, write, git };
}

test('every browser spec names the pipelines that run it, with known names only', () => {
  const { map, problems } = readSpecMap(ROOT);
  assert.deepEqual(problems, []);
  const specs = readdirSync(path.join(ROOT, 'e2e', 'tests')).filter((file) => file.endsWith('.spec.ts'));
  assert.deepEqual([...map.keys()].sort(), specs.sort());
});

test('a spec without the line, or naming what is no pipeline, is reported by name', () => {
  const { root, write } = fakeRepo('unmapped');
  write('e2e/tests/new.spec.ts', "import { test } from '../support/test';\n");
  write('e2e/tests/typo.spec.ts', '// Pipelines: catalog, catalogue\n');
  const { problems } = readSpecMap(root);
  assert.equal(problems.length, 2);
  assert.match(problems[0], /^new\.spec\.ts has no "\/\/ Pipelines: …" line/);
  assert.match(problems[1], /^typo\.spec\.ts names catalogue, not one of catalog, dashboard, checkout, messages, shell/);
  assert.throws(() => loadRepo(root), /pipeline map is incomplete/);
});

test("the catalog's pipeline: its own checks, the shared packages' suites it uses, and the specs naming it", () => {
  const repo = loadRepo(ROOT);
  const catalog = pipelineOf('mf-catalog', repo);
  assert.deepEqual(catalog.typecheck, ['mf-catalog']);
  assert.deepEqual(catalog.lint, ['mf-catalog']);
  assert.deepEqual(catalog.jest, ['mf-catalog', 'shared-contract', 'federation', 'shared-ui', 'shared-api', 'shared-auth']);
  assert.ok(catalog.specs.includes('catalog-booking.spec.ts'));
  assert.ok(!catalog.specs.includes('payment.spec.ts'));
  assert.equal(catalog.stack, false);
  assert.deepEqual(pipelineOf('api', repo).jest, ['api', 'shared-contract', 'federation']);
  for (const whole of ['shell', 'api']) {
    assert.equal(pipelineOf(whole, repo).specs.length, repo.specMap.size);
    assert.equal(pipelineOf(whole, repo).stack, true);
  }
  assert.throws(() => pipelineOf('shared-ui', repo), /shared-ui has no pipeline of its own/);
});

test("a diff's files: a remote's or the API's run their pipelines, a spec itself, docs the lint stage; anything else everything", () => {
  const repo = loadRepo(ROOT);
  assert.deepEqual(affected(['mf-catalog/src/features/carList/components/CarCard.tsx'], repo), { packages: ['mf-catalog'], specs: [], docs: false });
  assert.deepEqual(affected(['api/src/app.ts', 'mf-checkout/src/x.ts', 'e2e/tests/search.spec.ts', 'docs/releases.md', 'README.md'], repo), {
    packages: ['api', 'mf-checkout'],
    specs: ['search.spec.ts'],
    docs: true,
  });
  for (const file of [
    'shared-ui/src/index.ts',
    'shell/src/App.tsx',
    'federation/src/x.ts',
    'scripts/test.mjs',
    'package.json',
    'eslint.config.mjs',
    'e2e/support/site.ts',
    'tooling/webpack/x.cjs',
  ])
    assert.deepEqual(affected(['mf-catalog/src/x.tsx', file], repo), { everything: [file] });
});

test('--since diffs from the commit in common, uncommitted and new files included; a shared change runs everything', () => {
  const { root, write, git } = fakeRepo('since');
  write('mf-catalog/src/CarCard.tsx', 'export {};\n');
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'card');
  write('e2e/tests/payment.spec.ts', '// Pipelines: checkout\n// changed\n');
  assert.deepEqual(changedSince('main', root), ['e2e/tests/payment.spec.ts', 'mf-catalog/src/CarCard.tsx']);
  const lines = [];
  const { plan } = scopeOf({ since: 'main' }, root, (line) => lines.push(line));
  assert.deepEqual(plan, {
    lint: ['mf-catalog'],
    lintAll: false,
    typecheck: ['mf-catalog'],
    jest: ['shared-ui', 'mf-catalog'],
    specs: ['booking.spec.ts', 'payment.spec.ts'],
    stack: false,
  });
  assert.match(lines[0], /^since main, 2 files changed \(mf-catalog\):$/);
  write('shared-ui/src/Button.tsx', 'export {};\n');
  assert.equal(
    scopeOf({ since: 'main' }, root, (line) => lines.push(line)),
    null,
  );
  assert.match(lines.at(-1), /shared-ui\/src\/Button\.tsx changed: everything runs$/);
});

/** Each `npm run <script> [-w <workspace>]` and `npm test` a workflow's steps run, with the caller's inputs put in. */
function npmCommands(text, inputs) {
  const filled = text.replace(/\$\{\{\s*inputs\.(\w+)\s*\}\}/g, (_, name) => inputs[name]);
  return [...filled.matchAll(/npm run (\S+)(?: -w (\S+))?/g)].map(([, script, workspace]) => ({ script, workspace }));
}

test('the example workflows parse, and every npm command they run exists in the workspace they name', () => {
  const dir = path.join(ROOT, 'docs', 'workflows');
  const scriptsOf = (workspace = '.') => JSON.parse(readFileSync(path.join(ROOT, workspace, 'package.json'), 'utf8')).scripts;
  const reusable = readFileSync(path.join(dir, 'team-pipeline.yml'), 'utf8');
  const callers = readdirSync(dir).filter((file) => file.endsWith('.yml') && file !== 'team-pipeline.yml' && file !== 'pull-request.yml');
  assert.deepEqual(callers.sort(), ['catalog.yml', 'checkout.yml', 'dashboard.yml', 'messages.yml']);
  const steps = (workflow) => Object.values(workflow.jobs).flatMap((job) => job.steps ?? []);
  for (const caller of callers) {
    const workflow = parse(readFileSync(path.join(dir, caller), 'utf8'));
    const { package: team } = workflow.jobs.pipeline.with;
    assert.deepEqual(workflow.on.pull_request.paths, [`${team}/**`], caller);
    assert.equal(workflow.jobs.pipeline.uses, './.github/workflows/team-pipeline.yml');
    const commands = npmCommands(
      steps(parse(reusable))
        .map((step) => step.run ?? '')
        .join('\n'),
      { package: team },
    );
    assert.deepEqual([...new Set(commands.map((c) => c.script))].sort(), ['build', 'ci', 'preflight', 'release'], caller);
    for (const { script, workspace } of commands) assert.ok(scriptsOf(workspace)?.[script], `${caller}: npm run ${script} -w ${workspace} does not exist`);
  }
  const pullRequest = steps(parse(readFileSync(path.join(dir, 'pull-request.yml'), 'utf8'))).map((step) => step.run ?? '');
  assert.ok(pullRequest.some((run) => /^npm test -- --since origin\//.test(run)));
  assert.ok(scriptsOf().test);
});
