#!/usr/bin/env node
/**
 * `npm run bench:stack` (docs/performance.md, "Through the shared cache"): the production shape (`npm run stack`)
 * on spare ports; autocannon through the page's front door on an anonymous page (fresh visitors, no cookie: the
 * edge gives each a bucket) against a static file through the same cache (a content-hashed file of the catalog on the
 * files' door), then the same page with a 10 % catalog canary, which the cache keeps once per bucket. Figures, not a test.
 *
 *   node scripts/stack-bench.mjs [--seconds 10] [--connections 50]
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { release } from './releases.mjs';
import { stackPorts, startStack } from './stack.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const SECONDS = arg('--seconds', 10);
const CONNECTIONS = arg('--connections', 50);

async function load(url) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return { perSecond: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

/** An admin's access token, signed in with the emulator as the site does. */
async function adminToken(auth, api) {
  const signIn = await fetch(`${auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@usedcars.test', password: process.env.DEMO_PASSWORD ?? 'usedcars-demo', returnSecureToken: true }),
  });
  const { idToken } = await signIn.json();
  const jwt = await fetch(`${api}/jwt?email=admin%40usedcars.test`, { headers: { Authorization: `Bearer ${idToken}` } });
  return (await jwt.json()).accessToken;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'usedcars-stack-bench-'));
const ports = stackPorts({
  STACK_PORT: String(Number(process.env.STACK_PORT ?? 8480)),
  STACK_PARTS_PORT: String(Number(process.env.STACK_PARTS_PORT ?? 8500)),
});
const stack = await startStack({ ports, dataDir, quiet: true, log: () => undefined });
const builds = mkdtempSync(path.join(os.tmpdir(), 'usedcars-stack-bench-builds-'));
try {
  const page = `http://127.0.0.1:${ports.pagesDoor}/hondas`;
  // A content-hashed file of the catalog's build: kept by the cache for a year, as a CDN would.
  const hashed = readdirSync(path.join(stack.siteDir, 'first-set', 'catalog')).find((name) => /\.[0-9a-f]{8}\.js$/.test(name));
  const file = `${stack.doors.files}/catalog/${hashed}`;
  // Warm: the page and the file in the cache.
  await (await fetch(page)).arrayBuffer();
  await (await fetch(file)).arrayBuffer();
  const rows = [
    ['static file through the cache', await load(file)],
    ['anonymous page through the cache', await load(page)],
  ];
  const admin = await adminToken(`http://127.0.0.1:${ports.auth}`, stack.doors.api);
  const deploy = await fetch(`${stack.doors.api}/deploy-tokens`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'stack bench', remote: 'catalog' }),
  });
  const env = { ...process.env, DEPLOY_TOKEN: (await deploy.json()).token };
  for (const name of ['live', 'canary']) cpSync(path.join(stack.siteDir, 'first-set', 'catalog'), path.join(builds, name), { recursive: true });
  writeFileSync(path.join(builds, 'canary', 'notes.txt'), 'the same build, released again as a canary\n');
  const quiet = () => undefined;
  await release('catalog', { api: stack.doors.api, dist: path.join(builds, 'live') }, quiet, env);
  await release('catalog', { api: stack.doors.api, dist: path.join(builds, 'canary'), canary: '10' }, quiet, env);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  rows.push(['anonymous page, 10 % canary (a copy per bucket)', await load(page)]);
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, through HAProxy and Varnish:\n`);
  for (const [name, figures] of rows)
    console.log(`  ${name.padEnd(50)} ${String(figures.perSecond).padStart(6)}/s  p99 ${figures.p99} ms  errors ${figures.errors}`);
} finally {
  await stack.stop();
  rmSync(builds, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
