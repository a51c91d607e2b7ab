/** The site's parts come from shared-contract/topology.json alone: a remote added there reaches every script. */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const topology = JSON.parse(readFileSync(path.join(ROOT, 'shared-contract', 'topology.json'), 'utf8'));

/** scripts/topology.mjs loaded beside a copy of the topology with one more remote in it. */
async function withThrowawayRemote() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'usedcars-topology-'));
  const contract = path.join(dir, 'node_modules', '@usedcars', 'shared-contract');
  mkdirSync(contract, { recursive: true });
  mkdirSync(path.join(dir, 'scripts'));
  writeFileSync(path.join(contract, 'package.json'), JSON.stringify({ name: '@usedcars/shared-contract', exports: { './topology.json': './topology.json' } }));
  const garage = { folder: 'mf-garage', port: 3009, portEnv: 'GARAGE_PORT', title: 'The garage' };
  writeFileSync(path.join(contract, 'topology.json'), JSON.stringify({ ...topology, remotes: { ...topology.remotes, garage } }));
  copyFileSync(path.join(ROOT, 'scripts', 'topology.mjs'), path.join(dir, 'scripts', 'topology.mjs'));
  try {
    return await import(path.join(dir, 'scripts', 'topology.mjs'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a remote added to topology.json is built, served, given a port, a setting and a manifest address', async () => {
  const site = await withThrowawayRemote();
  assert.deepEqual(site.FRONT_ENDS.at(-1), { name: 'garage', dir: 'mf-garage', portVar: 'GARAGE_PORT', port: 3009 });
  const ports = site.defaultPorts({ GARAGE_PORT: '4004' });
  assert.equal(ports.garage, 4004);
  assert.ok(site.sitePorts(ports).some((p) => p.part === 'garage' && p.port === 4004));
  assert.equal(site.PORT_SETTINGS.garage, 'GARAGE_PORT');
  assert.equal(site.LABELS.garage, 'garage remote');
  assert.equal(site.remoteManifests((name) => `http://localhost:${ports[name]}`).garage, 'http://localhost:4004/mf-manifest.json');
  assert.ok(site.frontEndOrigins(ports).includes('http://127.0.0.1:4004'));
  // The benchmarks' sites give it a port too.
  assert.equal(site.movedPorts(200).garage, 3009 + 200);
});

test('a site on other ports lets a remote run alone at its usual port read its API (npm run dev -w mf-catalog)', async () => {
  const site = await import('./topology.mjs');
  const moved = site.movedPorts(3200);
  const origins = site.siteCorsOrigins(moved);
  for (const origin of ['http://localhost:6200', 'http://127.0.0.1:6201', 'http://localhost:3001', 'http://127.0.0.1:3004'])
    assert.ok(origins.includes(origin), origin);
  assert.equal(new Set(origins).size, origins.length);
  // The shell is never run alone: its usual port is only allowed when the site is on it.
  assert.ok(!origins.includes('http://localhost:3000'));
  assert.ok(site.siteCorsOrigins(site.defaultPorts({})).includes('http://localhost:3000'));
});

test('the ports and settings of the real topology are those the README lists', async () => {
  const site = await import('./topology.mjs');
  assert.deepEqual(site.defaultPorts({}), { shell: 3000, catalog: 3001, dashboard: 3002, checkout: 3003, messages: 3004, api: 5000, auth: 9099, mail: 2525 });
  assert.deepEqual(site.defaultPorts({ CATALOG_PORT: '4001', API_PORT: '6000' }).catalog, 4001);
});

test("a bench's own site: every part of the topology at its usual port moved up, none missing", async () => {
  const site = await import('./topology.mjs');
  const usual = site.defaultPorts({});
  const moved = site.movedPorts(200);
  assert.deepEqual(Object.keys(moved), Object.keys(usual));
  for (const [part, port] of Object.entries(usual)) assert.equal(moved[part], port + 200);
  process.env.SHELL_PORT = '1';
  try {
    assert.deepEqual(site.movedPorts(200), moved, 'the settings of the npm start beside it do not move a bench');
  } finally {
    delete process.env.SHELL_PORT;
  }
});

test("the shell's first remotes.json names every remote of the topology at its usual port", async () => {
  const site = await import('./topology.mjs');
  const first = JSON.parse(readFileSync(path.join(ROOT, 'shell', 'public', 'remotes.json'), 'utf8'));
  assert.deepEqual(
    first,
    site.remoteManifests((name) => `http://localhost:${topology.remotes[name].port}`),
  );
});
