#!/usr/bin/env node
// `npm test` (docs/how-to.md, "Tests"): `-- --unit` for lint, type checks and jest; `-- --e2e` for the browser suites;
// `-- --package mf-catalog` or `-- --since <ref>` for what one package's or one diff's change can break (docs/pipeline.md, "What a pipeline runs").
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { scopeOf } from './pipeline.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');
const { values: args } = parseArgs({
  options: { unit: { type: 'boolean' }, e2e: { type: 'boolean' }, package: { type: 'string' }, since: { type: 'string' } },
});
const runUnit = !args.e2e;
const runE2e = !args.unit;
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const PG_PORT = process.env.PG_THROWAWAY_PORT ?? '55432';

const tally = { passed: 0, failed: 0 };
let broken = false;
const out = mkdtempSync(path.join(os.tmpdir(), 'usedcars-test-'));

function run(command, argv, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, argv, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    const forward = () => child.kill('SIGINT');
    process.once('SIGINT', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function startPostgres() {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: () => {} };
  if (!existsSync(path.join(PG_BIN, 'initdb'))) {
    if (process.env.REQUIRE_POSTGRES === '1') {
      console.error(`[test] PostgreSQL not found in ${PG_BIN}, and REQUIRE_POSTGRES=1: install Debian's postgresql.`);
      broken = true;
    } else {
      console.log(`[test] PostgreSQL not found in ${PG_BIN}: the API suite runs on PGlite only.`);
    }
    return null;
  }
  const started = spawnSync('bash', [path.join(ROOT, 'scripts', 'pg-throwaway.sh'), 'start', PG_PORT], { encoding: 'utf8' });
  if (started.status !== 0) {
    console.error(`[test] the throwaway PostgreSQL did not start:\n${started.stderr}`);
    broken = true;
    return null;
  }
  const url = started.stdout.trim().split('\n').pop();
  console.log(`[test] throwaway PostgreSQL at ${url}`);
  return { url, stop: () => spawnSync('bash', [path.join(ROOT, 'scripts', 'pg-throwaway.sh'), 'stop', PG_PORT], { stdio: 'inherit' }) };
}

async function unitSuites(projects) {
  if (projects?.length === 0) return;
  const pg = !projects || projects.includes('api') ? startPostgres() : null;
  try {
    const file = path.join(out, 'jest.json');
    // One worker per core: jest's default leaves one core to its own process, which idles (on 2 cores, 356 s against 215 s).
    const workers = `--maxWorkers=${os.availableParallelism()}`;
    const only = projects ? ['--selectProjects', ...projects] : [];
    const code = await run(path.join(BIN, 'jest'), ['--ci', workers, ...only, '--json', `--outputFile=${file}`], pg ? { TEST_DATABASE_URL: pg.url } : {});
    const report = readJson(file);
    if (!report) {
      console.error('[test] jest produced no report');
      broken = true;
      return;
    }
    tally.passed += report.numPassedTests;
    tally.failed += report.numFailedTests;
    // A suite that fails to load has no failed test but must still fail the run.
    if (report.numRuntimeErrorTestSuites > 0 || (code !== 0 && report.numFailedTests === 0)) {
      console.error(`[test] ${report.numRuntimeErrorTestSuites} jest suite(s) could not run`);
      tally.failed += Math.max(1, report.numRuntimeErrorTestSuites);
    }
    console.log(`[test] jest: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } finally {
    pg?.stop();
  }
}

function tallied(stage, code) {
  if (code === 0) tally.passed += 1;
  else tally.failed += 1;
  console.log(`[test] ${stage}: ${code === 0 ? 'clean' : 'failed'}`);
}

/** One pipeline's lint: ESLint, knip and Prettier over its packages only. */
async function lintPackages(dirs) {
  if (dirs.length === 0) return;
  tallied(`lint ${dirs.join(', ')}`, await run(path.join(BIN, 'eslint'), ['--max-warnings', '0', ...dirs]));
  tallied(`knip ${dirs.join(', ')}`, await run(path.join(BIN, 'knip'), ['--no-progress', ...dirs.flatMap((dir) => ['--workspace', dir])]));
  tallied(`format ${dirs.join(', ')}`, await run(path.join(BIN, 'prettier'), ['--check', ...dirs]));
}

async function lint() {
  tallied('lint', await run('npm', ['run', '--silent', 'lint']));
  // One formatting everywhere (Prettier, .prettierrc.json): a file written another way fails here.
  tallied('format', await run('npm', ['run', '--silent', 'format:check']));

  const tap = path.join(out, 'lint-rules.tap');
  const rulesCode = await run(process.execPath, [
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tap}`,
    ...readdirSync(path.join(ROOT, 'scripts'))
      .filter((name) => name.endsWith('.test.mjs'))
      .map((name) => path.join(ROOT, 'scripts', name)),
  ]);
  const report = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(report)?.[1] ?? 0);
  const passed = count('pass');
  const failed = count('fail') + count('cancelled');
  tally.passed += passed;
  tally.failed += failed;
  if (rulesCode !== 0 && failed === 0) {
    console.error("[test] the lint rules' and scripts' tests could not run");
    tally.failed += 1;
  }
  console.log(`[test] lint rules and scripts: ${passed} passed, ${failed} failed`);
}

function workspaces() {
  return readJson(path.join(ROOT, 'package.json')).workspaces;
}

async function typeChecks(dirs = workspaces()) {
  const failed = [];
  const waiting = [...dirs];
  // One type check per core at a time: each is a separate tsc process, mostly start-up.
  const checker = async () => {
    for (let dir = waiting.shift(); dir; dir = waiting.shift()) {
      // The package's own script, so this runs what `npm run typecheck` runs, nothing spelt again.
      const code = await run('npm', ['run', '--silent', 'typecheck', '-w', dir]);
      if (code === 0) tally.passed += 1;
      else {
        tally.failed += 1;
        failed.push(dir);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(4, os.availableParallelism())) }, checker));
  console.log(`[test] typecheck: ${dirs.length - failed.length} passed, ${failed.length} failed${failed.length ? ` (${failed.join(', ')})` : ''}`);
}

/** Each test's last result decides. */
function countPlaywright(report) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const status = test.status; // expected | unexpected | flaky | skipped
        if (status === 'expected' || status === 'flaky') counts.passed += 1;
        else if (status === 'skipped') counts.skipped += 1;
        else counts.failed += 1;
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return counts;
}

/** `specs`: only those spec files (a pipeline's), with only the stale builds made again. */
async function browserSuite(specs) {
  if (specs?.length === 0) return console.log('[test] browser suite: no spec to run');
  if (process.env.SKIP_BUILD !== '1') {
    console.log('[test] building the shell and the remotes');
    try {
      // The launcher's own build step, so the suite's start-up finds the builds current.
      const { buildMissing } = await import('./site/build.mjs');
      await buildMissing(console.log, ROOT, { force: !specs });
    } catch (error) {
      console.error(`[test] the front-end build failed: ${error.message}`);
      tally.failed += 1;
      return;
    }
  }
  // A filter is a pattern over the file's path: "tests/releases.spec.ts" leaves out admin-releases.spec.ts.
  await playwrightSuite(
    'browser',
    'playwright.config.ts',
    (specs ?? []).map((spec) => `tests/${spec}`),
  );
}

async function playwrightSuite(name, config, filters = []) {
  const file = path.join(out, `${name}.json`);
  const code = await run(path.join(BIN, 'playwright'), ['test', '--config', path.join(ROOT, 'e2e', config), ...filters], {
    PLAYWRIGHT_JSON_OUTPUT: file,
  });
  const report = readJson(file);
  if (!report) {
    console.error(`[test] Playwright produced no report (${name})`);
    tally.failed += 1;
    return;
  }
  const counts = countPlaywright(report);
  tally.passed += counts.passed;
  tally.failed += counts.failed;
  if ((report.errors ?? []).length > 0 || (code !== 0 && counts.failed === 0)) {
    console.error(`[test] the ${name} suite could not run:`, (report.errors ?? []).map((e) => e.message).join('\n'));
    tally.failed += 1;
  }
  console.log(`[test] ${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
}

/** Skipped without Varnish or HAProxy, unless REQUIRE_STACK=1 (set by .ci/run). */
async function stackSuite() {
  const monitoring = ['prometheus', 'prometheus-alertmanager', 'prometheus-varnish-exporter', 'prometheus-postgres-exporter'].map((name) => `/usr/bin/${name}`);
  const missing = ['/usr/sbin/varnishd', '/usr/sbin/haproxy', path.join(PG_BIN, 'initdb'), ...monitoring].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    if (process.env.REQUIRE_STACK === '1') {
      console.error(
        `[test] the stack needs ${missing.join(', ')}, and REQUIRE_STACK=1: install Debian's varnish, varnish-modules, haproxy, postgresql, prometheus, prometheus-alertmanager, prometheus-varnish-exporter, prometheus-postgres-exporter.`,
      );
      tally.failed += 1;
    } else console.log(`[test] the stack's suite is skipped: ${missing.join(', ')} not installed.`);
    return;
  }
  await playwrightSuite('stack', 'playwright.stack.config.ts');
}

/** So a slow CI run shows where the time went. */
async function timed(stage, work) {
  const begun = Date.now();
  await work();
  console.log(`[test] ${stage} took ${Math.round((Date.now() - begun) / 1000)} s`);
}

const started = Date.now();
let scope = null;
try {
  scope = scopeOf(args, ROOT, (line) => console.log(`[test] ${line}`));
} catch (error) {
  console.error(`[test] ${error.message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
try {
  if (runUnit) {
    await timed('lint', () => (!scope || scope.plan.lintAll ? lint() : lintPackages(scope.plan.lint)));
    await timed('typecheck', () => typeChecks(scope?.plan.typecheck));
    await timed('jest', () => unitSuites(scope?.plan.jest));
  }
  if (runE2e) {
    await timed('browser suite', () => browserSuite(scope?.plan.specs));
    if (!scope || scope.plan.stack) await timed('stack suite', stackSuite);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
if (broken) tally.failed += 1;
console.log(`[test] took ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed > 0 ? 1 : 0);
