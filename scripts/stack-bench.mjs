#!/usr/bin/env node
// docs/performance.md, "Through the shared cache": [--seconds 10] [--connections 50] [--runs 3] [--lighthouse-only] [--save <dir>]
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { demoAccessToken, lighthouseRuns, median, signInFirst } from './lighthouse.mjs';
import { release } from './releases.mjs';
import { stackPorts, startStack } from './stack.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const SECONDS = arg('--seconds', 10);
const CONNECTIONS = arg('--connections', 50);
const RUNS = arg('--runs', 3);
/** docs/performance.md, "Goals": a public page's, a signed-in page's. */
const GOALS = { public: { lcp: 1000, tbt: 50 }, signedIn: { lcp: 1200, tbt: 100 } };
/** `--save <dir>`: each Lighthouse report kept there as JSON, to see what the LCP waited for. */
const SAVE = process.argv.includes('--save') ? process.argv[process.argv.indexOf('--save') + 1] : null;

async function pageSpeed(pages) {
  console.log(`Lighthouse mobile through ${new URL(pages[0][1]).origin}, ${RUNS} runs per page:`);
  const rows = [];
  for (const [label, url, signedInAs] of pages) {
    const loadAverage = os.loadavg()[0].toFixed(1);
    const results = await lighthouseRuns(url, RUNS, signedInAs ? { prepare: (port) => signInFirst(port, new URL(url).origin, signedInAs, url) } : {});
    if (SAVE) results.forEach((result, i) => writeFileSync(path.join(SAVE, `${label.replace(/\W+/g, '_')}-${i + 1}.json`), JSON.stringify(result.lhr)));
    const [lcp, tbt] = [median(results.map((result) => result.lcp)), median(results.map((result) => result.tbt))];
    const goal = signedInAs ? GOALS.signedIn : GOALS.public;
    const row = {
      page: label,
      'LCP (median)': `${(lcp / 1000).toFixed(2)} s`,
      'TBT (median)': `${Math.round(tbt)} ms`,
      runs: results.map((r) => `${(r.lcp / 1000).toFixed(2)} s/${Math.round(r.tbt)} ms`).join(' '),
      goal: lcp <= goal.lcp && tbt <= goal.tbt ? 'met' : 'NOT met',
    };
    console.log(
      `  ${label}: LCP ${row['LCP (median)']}, TBT ${row['TBT (median)']} (runs ${row.runs}; load average ${loadAverage}, benchmarkIndex ${results.map((r) => r.benchmarkIndex).join(' ')}; ` +
        `≤ ${goal.lcp / 1000} s and ${goal.tbt} ms: ${row.goal})`,
    );
    rows.push(row);
  }
  console.table(rows);
}

async function load(url) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return { perSecond: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

async function throughput(builds) {
  const page = `http://127.0.0.1:${ports.pagesFrontend}/hondas`;
  // A content-hashed file of the catalog's build: cached for a year, as a CDN would.
  const hashed = readdirSync(path.join(stack.siteDir, 'baseline-set', 'catalog')).find((name) => /\.[0-9a-f]{8}\.js$/.test(name));
  const file = `${stack.publicAddresses.files}/catalog/${hashed}`;
  await (await fetch(page)).arrayBuffer();
  await (await fetch(file)).arrayBuffer();
  const rows = [
    ['static file through the cache', await load(file)],
    ['anonymous page through the cache', await load(page)],
  ];
  const admin = await demoAccessToken(`http://127.0.0.1:${ports.auth}`, stack.publicAddresses.api, 'admin@usedcars.test');
  const deploy = await fetch(`${stack.publicAddresses.api}/deploy-tokens`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'stack bench', remote: 'catalog' }),
  });
  const env = { ...process.env, DEPLOY_TOKEN: (await deploy.json()).token };
  for (const name of ['live', 'canary']) cpSync(path.join(stack.siteDir, 'baseline-set', 'catalog'), path.join(builds, name), { recursive: true });
  writeFileSync(path.join(builds, 'canary', 'notes.txt'), 'the same build, released again as a canary\n');
  const quiet = () => undefined;
  await release('catalog', { api: stack.publicAddresses.api, dist: path.join(builds, 'live') }, quiet, env);
  await release('catalog', { api: stack.publicAddresses.api, dist: path.join(builds, 'canary'), canary: '10' }, quiet, env);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  rows.push(['anonymous page, 10 % canary (a copy per bucket)', await load(page)]);
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, through HAProxy and Varnish:\n`);
  for (const [name, figures] of rows)
    console.log(`  ${name.padEnd(50)} ${String(figures.perSecond).padStart(6)}/s  p99 ${figures.p99} ms  errors ${figures.errors}`);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'usedcars-stack-bench-'));
const ports = stackPorts({
  STACK_PORT: String(Number(process.env.STACK_PORT ?? 8480)),
  STACK_PARTS_PORT: String(Number(process.env.STACK_PARTS_PORT ?? 8500)),
});
const stack = await startStack({ ports, dataDir, quiet: true, log: () => undefined });
const builds = mkdtempSync(path.join(os.tmpdir(), 'usedcars-stack-bench-builds-'));
try {
  const hondas = await (await fetch(`${stack.publicAddresses.api}/hondas?limit=1`)).json();
  // Signed out, a brand list is the sign-in form in place: a public page (docs/performance.md, "The sign-in form in place").
  const publicPages = ['/', '/about', '/blogs', '/login', '/register', `/hondas/${hondas[0]._id}`, '/no/such/page', '/hondas'];
  // Each page once first, so Lighthouse measures what the cache keeps, as a CDN serves it.
  for (const address of publicPages) await (await fetch(`${stack.publicAddresses.pages}${address}`)).arrayBuffer();
  await pageSpeed([
    ...publicPages.map((address) => [address === '/' ? 'home' : address, `${stack.publicAddresses.pages}${address}`]),
    ['buyer: /hondas', `${stack.publicAddresses.pages}/hondas`, 'buyer@usedcars.test'],
  ]);
  if (!process.argv.includes('--lighthouse-only')) await throughput(builds);
} finally {
  await stack.stop();
  rmSync(builds, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
