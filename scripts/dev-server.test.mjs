import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { devServer } = createRequire(import.meta.url)('../tooling/webpack/dev-server.cjs');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'usedcars-dev-server-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

/** What a remote's dev server returns for a path, as its middleware does (null: passed on to webpack). */
function ask(env, url) {
  const saved = { DATA_DIR: process.env.DATA_DIR, SHELL_RUNTIME_DIR: process.env.SHELL_RUNTIME_DIR };
  Object.assign(process.env, env);
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete process.env[name];
  try {
    const [{ middleware }] = devServer({ dir: path.join(ROOT, 'mf-catalog'), port: 3001 }).setupMiddlewares([]);
    let body = null;
    middleware({ url }, { setHeader: () => undefined, end: (sent) => (body = String(sent)) }, () => undefined);
    return body;
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

test("a remote run alone serves the running site's config.json, so its page asks that site's API wherever it runs", () => {
  mkdirSync(path.join(dataDir, 'site'), { recursive: true });
  const config = { apiUrl: 'http://localhost:6210', authEmulatorUrl: 'http://127.0.0.1:6220' };
  writeFileSync(path.join(dataDir, 'site', 'config.json'), JSON.stringify(config));
  assert.deepEqual(JSON.parse(ask({ DATA_DIR: dataDir, SHELL_RUNTIME_DIR: undefined }, '/config.json?x=1')), config);
  // Nothing else is taken from it.
  assert.equal(ask({ DATA_DIR: dataDir, SHELL_RUNTIME_DIR: undefined }, '/remoteEntry.js'), null);
});

test('SHELL_RUNTIME_DIR names another site’s folder; without any site the page keeps its local defaults', () => {
  const other = path.join(dataDir, 'other');
  mkdirSync(other, { recursive: true });
  writeFileSync(path.join(other, 'config.json'), JSON.stringify({ apiUrl: 'http://localhost:7000' }));
  assert.equal(JSON.parse(ask({ DATA_DIR: dataDir, SHELL_RUNTIME_DIR: other }, '/config.json')).apiUrl, 'http://localhost:7000');
  assert.equal(ask({ DATA_DIR: path.join(dataDir, 'nothing-here'), SHELL_RUNTIME_DIR: undefined }, '/config.json'), null);
});
