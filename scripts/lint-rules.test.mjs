/**
 * The package boundaries of eslint.config.mjs bite (docs/how-to.md, "Lint and format"): in-memory
 * snippets placed in a package's folder, linted with the repository's own config.
 *
 *   node --test scripts/lint-rules.test.mjs
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: ROOT });

/** The rule ids of every problem ESLint reports for `code` as if it were the file at `filePath`. */
async function problems(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const BOUNDARY = /^(boundaries\/element-types|boundaries\/external|local\/package-imports):/;

async function assertRefused(filePath, code, what) {
  const found = await problems(filePath, code);
  assert.ok(
    found.some((problem) => BOUNDARY.test(problem)),
    `${what}: expected a boundary error, got ${JSON.stringify(found)}`,
  );
}

async function assertAllowed(filePath, code) {
  assert.deepEqual(await problems(filePath, code), []);
}

test('a remote may not import another remote, by package name or by a relative path', async () => {
  await assertRefused(
    'mf-catalog/src/features/probe/probe.ts',
    "import { dashboardKeys } from '@usedcars/mf-dashboard/src/lib/queryKeys';\nexport const keys = dashboardKeys;\n",
    'catalog → dashboard by name',
  );
  await assertRefused(
    'mf-catalog/src/features/probe/probe.ts',
    "import { dashboardKeys } from '../../../../mf-dashboard/src/lib/queryKeys';\nexport const keys = dashboardKeys;\n",
    'catalog → dashboard by a relative path',
  );
  // Even a path that resolves to nothing: the name alone is refused.
  await assertRefused(
    'mf-checkout/src/features/probe/probe.ts',
    "export { Anything } from '@usedcars/mf-catalog/not/a/file';\n",
    'checkout → catalog, unresolved',
  );
});

test('a remote may not import the shell', async () => {
  await assertRefused(
    'mf-dashboard/src/features/probe/probe.tsx',
    "import { Footer } from '../../../../shell/src/layout/Footer';\nexport const Probe = Footer;\n",
    'dashboard → shell',
  );
});

test('a remote reaches a shared package by its name only', async () => {
  await assertAllowed(
    'mf-catalog/src/features/probe/probe.ts',
    "import { Container } from '@usedcars/shared-ui';\nimport { carKeys } from '../../lib/carQueries';\nexport const parts = [Container, carKeys];\n",
  );
  await assertRefused(
    'mf-catalog/src/features/probe/probe.ts',
    "import { Container } from '../../../../shared-ui/src/Container';\nexport const parts = [Container];\n",
    'catalog → shared-ui by a relative path',
  );
});

test('a shared package may not import a remote or the shell', async () => {
  await assertRefused(
    'shared-ui/src/probe.ts',
    "import { carKeys } from '@usedcars/mf-catalog/src/lib/carQueries';\nexport const keys = carKeys;\n",
    'shared-ui → catalog',
  );
  await assertRefused(
    'shared-auth/src/probe.ts',
    "import { Navbar } from '../../shell/src/layout/Navbar';\nexport const Probe = Navbar;\n",
    'shared-auth → shell',
  );
});

test('platform code (federation, tooling) imports only the contract of the shared packages, so no package cycle', async () => {
  for (const [name, binding] of [
    ['shared-ui', 'Container'],
    ['shared-auth', 'pageSession'],
    ['shared-api', 'apiUrl'],
    ['shared-ui/appSettings', 'AppToaster'],
  ]) {
    const code = `import { ${binding} } from '@usedcars/${name}';\nexport const probe = ${binding};\n`;
    await assertRefused('federation/src/page/probe.ts', code, `federation → ${name}`);
    await assertRefused('federation/src/server/probe.ts', code, `federation/server → ${name}`);
    await assertRefused('tooling/probe.ts', code, `tooling → ${name}`);
  }
  await assertRefused(
    'federation/src/page/probe.ts',
    "import { GlobalStyle } from '../../../shared-ui/src/GlobalStyle';\nexport const probe = GlobalStyle;\n",
    'federation → shared-ui by a path',
  );
  await assertAllowed('federation/src/page/probe.ts', "import { parseModuleId } from '@usedcars/shared-contract';\nexport const probe = parseModuleId;\n");
  await assertAllowed('tooling/probe.ts', "import { TOPOLOGY } from '@usedcars/shared-contract/topology';\nexport const probe = TOPOLOGY;\n");
  // The other direction stays open: a shared package builds on the platform.
  await assertAllowed('shared-ui/src/probe.ts', "import { connect } from '@usedcars/federation';\nexport const probe = connect;\n");
});

test('the contract imports no other package', async () => {
  await assertRefused(
    'shared-contract/src/probe.ts',
    "import { connect } from '@usedcars/federation';\nexport const probe = connect;\n",
    'contract → federation',
  );
  await assertRefused(
    'shared-contract/src/probe.ts',
    "import { Container } from '@usedcars/shared-ui';\nexport const probe = Container;\n",
    'contract → shared-ui',
  );
});

test('the API may not import a UI package', async () => {
  await assertRefused('api/src/probe.ts', "import { Container } from '@usedcars/shared-ui';\nexport const probe = Container;\n", 'api → shared-ui');
  await assertRefused('api/src/probe.ts', "import { useSession } from '@usedcars/shared-auth';\nexport const probe = useSession;\n", 'api → shared-auth');
  await assertRefused('api/src/probe.ts', "import { apiUrl } from '@usedcars/shared-api';\nexport const probe = apiUrl;\n", 'api → shared-api');
  await assertRefused('api/src/probe.ts', "import { useState } from 'react';\nexport const probe = useState;\n", 'api → react');
  await assertAllowed('api/src/probe.ts', "import { ROLES } from '@usedcars/shared-contract';\nexport const probe = ROLES;\n");
});

test("inside the federation package, the page's connection is imported by the package name only", async () => {
  const restricted = (found) => found.filter((problem) => problem.startsWith('no-restricted-imports:'));
  for (const source of ['../page/connection', '../page', '../page/index']) {
    const found = await problems('federation/src/browser/probe.ts', `import { connection } from '${source}';\nexport const probe = connection;\n`);
    assert.equal(restricted(found).length, 1, `${source}: ${JSON.stringify(found)}`);
  }
  await assertAllowed('federation/src/browser/probe.ts', "import { connection } from '@usedcars/federation';\nexport const probe = connection;\n");
  // Within the page's own folder its files import each other.
  await assertAllowed('federation/src/page/probe.ts', "import { connection } from './connection';\nexport const probe = connection;\n");
});

test('a disable comment must say why', async () => {
  const found = await problems('shared-ui/src/probe.ts', '// eslint-disable-next-line no-console\nconsole.log(1);\n');
  assert.ok(
    found.some((problem) => problem.startsWith('@eslint-community/eslint-comments/require-description')),
    JSON.stringify(found),
  );
});

test('the API client may not import the session package', async () => {
  const found = await problems('shared-api/src/probe.ts', "import { useSession } from '@usedcars/shared-auth';\nexport const probe = useSession;\n");
  assert.ok(
    found.some((problem) => problem.startsWith('no-restricted-imports: ') && problem.includes('shared-api never imports shared-auth')),
    JSON.stringify(found),
  );
});

test('front-end code imports zod as a namespace, never its `z` object', async () => {
  const restricted = (found) => found.filter((problem) => problem.startsWith('no-restricted-syntax:') && problem.includes('import zod as a namespace'));
  for (const [file, code] of [
    ['shared-contract/src/probe.ts', "import { z } from './zod';\nexport const probe = z.string();\n"],
    ['mf-catalog/src/probe.ts', "import { z } from 'zod';\nexport const probe = z.string();\n"],
    ['shared-ui/src/probe.ts', "import z from 'zod';\nexport const probe = z.string();\n"],
  ]) {
    const found = await problems(file, code);
    assert.equal(restricted(found).length, 1, `${file}: ${JSON.stringify(found)}`);
  }
  await assertAllowed('shared-contract/src/probe.ts', "import * as z from './zod';\nexport const probe = z.string();\n");
  // The API runs in Node, where bundle size does not matter.
  const api = await problems('api/src/probe.ts', "import { z } from 'zod';\nexport const probe = z.string();\n");
  assert.deepEqual(restricted(api), []);
});

test('an import cycle is refused, even through a third module', async () => {
  const dir = mkdtempSync(path.join(ROOT, 'shared-ui', 'src', 'cycle-probe-'));
  try {
    writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(path.join(dir, 'b.ts'), "import { c } from './c';\nexport const b = () => c;\n");
    writeFileSync(path.join(dir, 'c.ts'), "import { a } from './a';\nexport const c = () => a;\n");
    const [result] = await eslint.lintFiles([path.join(dir, 'a.ts')]);
    assert.ok(
      result.messages.some((message) => message.ruleId === 'import-x/no-cycle'),
      JSON.stringify(result.messages),
    );
    const [acyclic] = await eslint.lintFiles([path.join(dir, 'c.ts')]);
    writeFileSync(path.join(dir, 'c.ts'), 'export const c = () => 1;\n');
    const [fixed] = await new ESLint({ cwd: ROOT, cache: false }).lintFiles([path.join(dir, 'a.ts')]);
    assert.ok(acyclic.messages.some((message) => message.ruleId === 'import-x/no-cycle'));
    assert.deepEqual(
      fixed.messages.map((message) => message.ruleId),
      [],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a feature may not import another feature, by a relative path or by its package path', () => {
  // Feature folders are read when the config loads, once a process: lint in a fresh one once they exist.
  const features = path.join(ROOT, 'mf-dashboard', 'src', 'features');
  const one = mkdtempSync(path.join(features, 'probe-one-'));
  const other = mkdtempSync(path.join(features, 'probe-other-'));
  const otherName = path.basename(other);
  try {
    writeFileSync(path.join(other, 'Thing.tsx'), 'export const Thing = () => null;\n');
    writeFileSync(path.join(one, 'Own.tsx'), 'export const Own = () => null;\n');
    mkdirSync(path.join(one, 'parts'));
    const sources = [`../../${otherName}/Thing`, `@usedcars/mf-dashboard/src/features/${otherName}/Thing`, `../../../features/${otherName}/Thing`];
    sources.forEach((source, index) =>
      writeFileSync(path.join(one, 'parts', `refused${index}.tsx`), `import { Thing } from '${source}';\nexport const Probe = Thing;\n`),
    );
    // The remote's shared folders, and the feature's own files, are open to it.
    writeFileSync(
      path.join(one, 'parts', 'allowed.tsx'),
      "import { DataTable } from '../../../components/DataTable';\nimport { dashboardKeys } from '../../../lib/queryKeys';\nimport { Own } from '../Own';\nexport const parts = [DataTable, dashboardKeys, Own];\n",
    );
    const run = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--format', 'json', path.join(one, 'parts')], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    const problems = Object.fromEntries(
      JSON.parse(run.stdout).map((result) => [path.basename(result.filePath), result.messages.map((message) => `${message.ruleId}: ${message.message}`)]),
    );
    sources.forEach((source, index) => {
      const found = problems[`refused${index}.tsx`];
      const refused = found.filter((problem) => problem.startsWith('import-x/no-restricted-paths:') && problem.includes('docs/how-to.md, "House rules"'));
      assert.equal(refused.length, 1, `${source}: ${JSON.stringify(found)}`);
    });
    assert.deepEqual(problems['allowed.tsx'], []);
  } finally {
    rmSync(one, { recursive: true, force: true });
    rmSync(other, { recursive: true, force: true });
  }
});

test('front-end source keeps no module-level let (a test may), and reads the federation runtime’s private globals only in its adapter', async () => {
  const LET = /^no-restricted-syntax: no module-level `let`/;
  const GLOBALS = /^no-restricted-syntax: the federation runtime's private globals/;
  const slot = 'let boot: string | null = null;\nexport const bootOf = () => (boot ??= document.title);\n';
  assert.ok((await problems('shell/src/app/probe.ts', slot)).some((problem) => LET.test(problem)));
  assert.ok((await problems('shared-auth/src/probe.ts', `export ${slot}`)).some((problem) => LET.test(problem)));
  assert.deepEqual(await problems('shell/src/app/probe.test.ts', slot), []);
  // The files converted to a factory, a provider or a closure are held to the rule again.
  for (const converted of [
    'shell/src/features/navigation/prerender.ts',
    'shell/src/features/navigation/linkNavigation.ts',
    'mf-catalog/src/hooks/useCompareList.ts',
  ]) {
    assert.ok(
      (await problems(converted, slot)).some((problem) => LET.test(problem)),
      converted,
    );
  }
  assert.deepEqual(
    await problems('federation/src/probe.ts', 'declare let __webpack_public_path__: string;\nexport const at = () => __webpack_public_path__;\n'),
    [],
  );
  const peek = 'export const instances = () => (globalThis as { __FEDERATION__?: unknown }).__FEDERATION__;\n';
  assert.ok((await problems('federation/src/server/probe.ts', peek)).some((problem) => GLOBALS.test(problem)));
  assert.deepEqual(await problems('federation/src/server/runtimeGlobals.ts', peek), []);
});

test('front-end code makes no Intl formatter at module level; one made on first use is fine', async () => {
  const INTL = /^no-restricted-syntax: no `new Intl\.\*` at module level/;
  const eager = "const day = new Intl.DateTimeFormat('en-US');\nexport const dayOf = (date: Date) => day.format(date);\n";
  assert.ok((await problems('mf-catalog/src/lib/probe.ts', eager)).some((problem) => INTL.test(problem)));
  assert.ok((await problems('shared-contract/src/probe.ts', `export ${eager.split('\n')[0]}\n`)).some((problem) => INTL.test(problem)));
  const lazy =
    "import { lazily } from '@usedcars/shared-contract';\nconst day = lazily(() => new Intl.DateTimeFormat('en-US'));\nexport const dayOf = (date: Date) => day().format(date);\n";
  assert.deepEqual(await problems('mf-catalog/src/lib/probe.ts', lazy), []);
});

test('the API opens a server-sent event stream only through its one writer', async () => {
  const SSE = /^no-restricted-syntax: open an event stream with openEventStream/;
  const own =
    "import type { ServerResponse } from 'node:http';\nexport const open = (response: ServerResponse) => response.writeHead(200, { 'Content-Type': 'text/event-stream' });\n";
  assert.ok((await problems('api/src/features/probe/stream.ts', own)).some((problem) => SSE.test(problem)));
  assert.deepEqual(
    (await problems('api/src/http/eventStream.ts', own)).filter((problem) => SSE.test(problem)),
    [],
  );
});

test("the API's buildApp registers each route folder's plugin as it is, and a route folder exports a plugin, not a factory of one", async () => {
  const SHAPE = /^no-restricted-syntax: (no route in buildApp|register a route folder's plugin as it is|a route folder exports its plugin)/;
  const shapeProblems = async (filePath, code) => (await problems(filePath, code)).filter((problem) => SHAPE.test(problem));
  const app = (body) =>
    `import type { FastifyInstance } from 'fastify';\nimport { carRoutes } from './features/cars/routes';\nexport async function build(app: FastifyInstance, context: object) {\n${body}\n}\n`;
  assert.equal((await shapeProblems('api/src/app.ts', app("  app.get('/health', async () => ({ status: 'ok' }));"))).length, 1, 'a route added inline');
  assert.equal((await shapeProblems('api/src/app.ts', app("  app.route({ method: 'GET', url: '/x', handler: async () => ({}) });"))).length, 1, 'app.route');
  assert.equal((await shapeProblems('api/src/app.ts', app('  await app.register(carRoutes(context));'))).length, 1, 'a plugin factory');
  assert.equal((await shapeProblems('api/src/app.ts', app('  carRoutes(context)(app);'))).length, 2, 'a function called with the app');
  assert.deepEqual(await shapeProblems('api/src/app.ts', app('  await app.register(carRoutes, context);')), []);

  const factory =
    "import type { FastifyInstance } from 'fastify';\nexport function probeRoutes(path: string) {\n  return async (app: FastifyInstance) => {\n    app.get(path, async () => ({}));\n  };\n}\n";
  assert.equal((await shapeProblems('api/src/features/probe/routes.ts', factory)).length, 1, 'a factory of routes');
  const plugin =
    "import { featureRoutes } from '../../context';\nexport const probeRoutes = featureRoutes<{ path: string }>('probe-routes', async (app, { path }) => {\n  app.get(path, async () => ({}));\n});\n";
  assert.deepEqual(await shapeProblems('api/src/features/probe/routes.ts', plugin), []);
});

test('a test waits for a state, never a fixed time; the poll helpers and a zero-delay turn of the event loop are fine', async () => {
  const WAIT = /^tests\/no-fixed-wait:/;
  const waits = async (filePath, code) => (await problems(filePath, code)).filter((problem) => WAIT.test(problem));
  const spec = (body) => `import { test } from '@playwright/test';\ntest('probe', async ({ page }) => {\n${body}\n});\n`;
  assert.equal((await waits('e2e/tests/probe.spec.ts', spec('  await page.waitForTimeout(150);'))).length, 1, 'waitForTimeout');
  assert.equal((await waits('e2e/tests/probe.spec.ts', spec('  await new Promise((resolve) => setTimeout(resolve, 700));'))).length, 1, 'a sleep in a spec');
  assert.equal(
    (await waits('e2e/tests/probe.spec.ts', spec('  await new Promise((r) => setTimeout(() => r(), 100));'))).length,
    1,
    'a sleep through a callback',
  );
  const jestTest = (body) => `test('probe', async () => {\n${body}\n});\n`;
  assert.equal(
    (await waits('shell/src/features/probe/probe.test.ts', jestTest('  await new Promise(function (done) { setTimeout(done, 100); });'))).length,
    1,
    'a sleep in a jest test',
  );
  assert.deepEqual(await waits('shell/src/features/probe/probe.test.ts', jestTest('  await new Promise((resolve) => setTimeout(resolve, 0));')), []);
  assert.deepEqual(await waits('shell/src/features/probe/probe.test.ts', jestTest("  await until(() => 1, (n) => n === 1, 'one');")), []);
  // Production code keeps its timers: the rule is the tests'.
  assert.deepEqual(await waits('shell/src/features/probe/probe.ts', 'export const later = () => new Promise((resolve) => setTimeout(resolve, 100));\n'), []);
});
