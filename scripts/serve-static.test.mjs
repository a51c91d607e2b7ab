import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { serveStatic } from './serve-static.mjs';

const SITE = 'http://localhost:3000';
let dir;
let listed;
let open;

const base = (server) => `http://127.0.0.1:${server.address().port}`;
const manifest = (server, origin) => fetch(`${base(server)}/mf-manifest.json`, { headers: origin ? { Origin: origin } : {} });

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'serve-static-'));
  writeFileSync(path.join(dir, 'mf-manifest.json'), '{}');
  listed = await serveStatic({ dir, origins: [SITE] });
  open = await serveStatic({ dir });
});

after(() => {
  listed.close();
  open.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a listed origin may read the files, by name, and caches keep origins apart', async () => {
  const response = await manifest(listed, SITE);
  assert.equal(response.headers.get('access-control-allow-origin'), SITE);
  assert.match(response.headers.get('vary'), /Origin/);
});

test('another origin gets no permission to read, on files and on misses alike', async () => {
  assert.equal((await manifest(listed, 'https://elsewhere.example')).headers.get('access-control-allow-origin'), null);
  const missing = await fetch(`${base(listed)}/nope.js`, { headers: { Origin: 'https://elsewhere.example' } });
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get('access-control-allow-origin'), null);
});

test('without a list, any page may read (a team serving a build by hand)', async () => {
  assert.equal((await manifest(open, 'https://elsewhere.example')).headers.get('access-control-allow-origin'), '*');
});

test('an address that is not valid percent-encoding is the client’s mistake: 400, never 500', async () => {
  for (const address of ['/%ff', '/%', '/a%zz', '/assets/%E0%A4%A']) {
    const response = await fetch(`${base(open)}${address}`);
    assert.equal(response.status, 400, address);
    assert.match(await response.text(), /Bad path/);
  }
  assert.equal((await fetch(`${base(open)}/mf-manifest.json`)).status, 200);
});
