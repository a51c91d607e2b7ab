#!/usr/bin/env node
// `npm run bench:render` (docs/performance.md, "Measuring").
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { release } from './releases.mjs';
import { ROOT, buildMissing, startSite } from './site.mjs';
import { publish } from './releases.mjs';
import { traceSampling } from './stack/edge.mjs';
import { movedPorts } from './topology.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const SECONDS = arg('--seconds', 10);
const CONNECTIONS = arg('--connections', 100);
const GOALS = { share: 0.5, p99: 100, leftForBrowser: 0, errors: 0, registry: 0.95, canary: 0.95, hostile: 0.9 };

/** autocannon puts a new random id in each request's `[<id>]`. */
async function load(url, headers = {}) {
  const result = await autocannon({ url, headers, idReplacement: true, connections: CONNECTIONS, duration: SECONDS });
  return {
    perSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const leftForBrowser = (logFile) =>
  readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('left for the browser')).length;

async function account(ports, role) {
  const email = `${role.toLowerCase()}-${Date.now()}@bench.test`;
  const post = (url, body, headers = {}) =>
    fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const signUp = await post(`http://127.0.0.1:${ports.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
    email,
    password: 'bench-password-1',
    returnSecureToken: true,
  });
  const identity = { Authorization: `Bearer ${(await signUp.json()).idToken}` };
  await post(`http://localhost:${ports.api}/users`, { name: `Bench ${role}`, email, role }, identity);
  const jwt = await fetch(`http://localhost:${ports.api}/jwt?email=${encodeURIComponent(email)}`, { headers: identity });
  const { accessToken } = await jwt.json();
  return { post: (route, body) => post(`http://localhost:${ports.api}${route}`, body, { Authorization: `Bearer ${accessToken}` }) };
}

/** How long after a booking's response the car's anonymous page shows it booked (the page cache on). */
async function changeSeenAfter(origin, ports) {
  const seller = await account(ports, 'Seller');
  const buyer = await account(ports, 'Buyer');
  const [{ img }] = await (await fetch(`http://localhost:${ports.api}/audis?limit=1`)).json();
  const listed = await seller.post('/audis', {
    carName: `Bench car ${Date.now()}`,
    img,
    currentPrice: 21500,
    price: 39900,
    purchaseYear: '2019',
    condition: 'Excellent',
    contact: '+1 415 555 0101',
    details: 'Listed by the render bench.',
    location: 'San Francisco, CA',
    used: '4 years',
    sellerName: 'Bench Seller',
    time: '2024-05-01',
    categoryName: 'audi',
  });
  const { insertedId } = await listed.json();
  const page = () => fetch(`${origin}/audis/${insertedId}`).then((response) => response.text());
  await page();
  await page();
  await buyer.post('/bookings', { carId: insertedId, phone: '+1 415 555 0177', address: '1 Bench Street' });
  const booked = performance.now();
  while (!(await page()).includes('Booked')) await new Promise((resolve) => setTimeout(resolve, 20));
  return Math.round(performance.now() - booked);
}

async function adminToken(ports) {
  const email = 'admin@usedcars.test';
  const signIn = await fetch(`http://127.0.0.1:${ports.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: process.env.DEMO_PASSWORD ?? 'usedcars-demo', returnSecureToken: true }),
  });
  const jwt = await fetch(`http://localhost:${ports.api}/jwt?email=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${(await signIn.json()).idToken}` },
  });
  return (await jwt.json()).accessToken;
}

/** As `npm run release` would: every page is then rendered with the registry's set. */
async function registerRunningBuilds(origin, ports, siteDir, token) {
  const api = `http://localhost:${ports.api}`;
  const remotes = await (await fetch(`${origin}/remotes.json`)).json();
  const tag = Date.now().toString(16).slice(-8);
  const register = async (remote, version) => {
    const manifestUrl = await publish({ api, token, remote, dist: path.join(siteDir, 'baseline-set', remote), version });
    const response = await fetch(`${api}/releases`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ remote, version, manifestUrl, commit: tag }),
    });
    if (response.status !== 201) throw new Error(`registering ${remote} ${version}: ${response.status} ${await response.text()}`);
  };
  for (const remote of Object.keys(remotes)) await register(remote, `0.1.0-${tag}01`);
  // A registry change reaches every render server within 2 s (docs/releases.md).
  await new Promise((resolve) => setTimeout(resolve, 2_500));
}

/** One file more makes it a second build of the same code. */
async function releaseSecondBuild(ports, token) {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'usedcars-render-bench-canary-'));
  try {
    cpSync(path.join(ROOT, 'mf-catalog', 'dist'), dist, { recursive: true });
    writeFileSync(path.join(dist, 'bench.txt'), `a second build of the same code, ${new Date().toISOString()}\n`);
    await release('catalog', { api: `http://localhost:${ports.api}`, dist, canary: '50' }, () => undefined, { DEPLOY_TOKEN: token });
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
  await new Promise((resolve) => setTimeout(resolve, 2_500));
}

/** An OTLP/HTTP receiver that takes the JSON exports and counts their spans, standing in for a tracing backend. */
async function otlpReceiver() {
  let spans = 0;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      for (const resource of JSON.parse(body || '{}').resourceSpans ?? []) for (const scope of resource.scopeSpans ?? []) spans += scope.spans?.length ?? 0;
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { endpoint: `http://127.0.0.1:${server.address().port}`, spans: () => spans, close: () => server.close() };
}

await buildMissing();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'usedcars-render-bench-'));
const OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 0);
const ports = movedPorts(240 + OFFSET);
// `--traces`: the render server and the API export their spans to a receiver in this process, sampled as under
// `npm run stack` unless OTEL_TRACES_SAMPLER(_ARG) say otherwise (docs/performance.md, "Tracing").
const traces = process.argv.includes('--traces') ? await otlpReceiver() : null;
if (traces) Object.assign(process.env, { OTEL_EXPORTER_OTLP_ENDPOINT: traces.endpoint, ...traceSampling() });
const site = await startSite({ ports, dataDir, quiet: true, renderEnv: { LOG_LEVEL: 'warn' } });
try {
  const origin = `http://localhost:${ports.shell}`;
  // A picture of the shell's build: a content-hashed static file, served as a page's own files are.
  const picture = readdirSync(path.join(ROOT, 'shell', 'dist', 'assets')).find((name) => /^[\w-]+\.[0-9a-f]{8}\.svg$/.test(name));
  if (!picture) throw new Error('render bench: no content-hashed picture in shell/dist/assets to measure a static file by');
  const [car] = await (await fetch(`http://localhost:${ports.api}/audis?limit=1`)).json();
  const fileUrl = new URL(`/assets/${picture}`, origin).href;
  const pages = [
    ['home', `${origin}/`],
    ['Blogs', `${origin}/blogs`],
    ["a car's page", `${origin}/audis/${car._id}`],
  ];
  console.log(
    `render bench${traces ? `, traces exported (${process.env.OTEL_TRACES_SAMPLER} ${process.env.OTEL_TRACES_SAMPLER_ARG})` : ''}: ${CONNECTIONS} connections, ${SECONDS} s each, RENDER_WORKERS=${process.env.RENDER_WORKERS ?? `(one per core: ${os.availableParallelism()})`}, load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
  const logFile = path.join(site.logDir, 'shell.log');
  const line = (name, figures, left, verdict = '') =>
    console.log(
      `  ${name.padEnd(20)} ${figures.perSecond.toFixed(0).padStart(6)} req/s  p99 ${String(figures.p99).padStart(4)} ms  errors ${figures.errors}  left for the browser ${left}${verdict}`,
    );
  /** Right after a run of the static file: the machine's other work drifts. */
  const measure = async (name, url, headers) => {
    const fileFigures = await load(fileUrl);
    line('static file', fileFigures, 0);
    if (fileFigures.errors > 0) throw new Error(`render bench: the static file ${fileUrl} failed ${fileFigures.errors} requests; its rate measures nothing`);
    const before = leftForBrowser(logFile);
    const figures = await load(url, headers);
    const left = leftForBrowser(logFile) - before;
    const share = figures.perSecond / fileFigures.perSecond;
    line(
      name,
      figures,
      left,
      ` | ${share.toFixed(2)} of the static file (goal ≥ ${GOALS.share}) ${share >= GOALS.share ? 'met' : 'NOT met'}; p99 goal ≤ ${GOALS.p99} ms ${figures.p99 <= GOALS.p99 ? 'met' : 'NOT met'}`,
    );
    return { share, perSecond: figures.perSecond, left };
  };
  // Every address under the full load first: a pass would otherwise pay for cold caches and code the JIT has not yet compiled.
  const warmUp = async () => {
    for (const url of [fileUrl, ...pages.map(([, page]) => page)]) await autocannon({ url, connections: CONNECTIONS, duration: 3 });
  };
  await warmUp();
  const withoutRegistry = {};
  for (const [name, url] of pages) withoutRegistry[name] = await measure(name, url);
  // Hostile visitors: each request a query string no screen reads, or a forged pin (docs/operations.md, "The page cache").
  console.log("  Blogs asked by hostile visitors, against Blogs' own rate:");
  for (const [name, url, headers] of [
    ['random unknown query', `${origin}/blogs?utm_source=[<id>]&fbclid=[<id>]&x=[<id>]`],
    ['random pin cookie', `${origin}/blogs`, { cookie: 'release_pin=[<id>].[<id>]' }],
  ]) {
    const { share, perSecond } = await measure(`  ${name}`, url, headers);
    const ratio = share / withoutRegistry.Blogs.share;
    console.log(
      `    ${name}: ${ratio.toFixed(2)} of Blogs' rate, each against its static-file run (goal ≥ ${GOALS.hostile}) ${ratio >= GOALS.hostile ? 'met' : 'NOT met'}; ${(perSecond / withoutRegistry.Blogs.perSecond).toFixed(2)} in plain requests per second`,
    );
  }
  const token = await adminToken(ports);
  await registerRunningBuilds(origin, ports, site.siteDir, token);
  // A new release set starts with an empty page cache, as after any release.
  await warmUp();
  console.log('  with every remote released through the registry:');
  const registry = {};
  for (const [name, url] of pages) {
    registry[name] = await measure(name, url);
    const { share, perSecond } = registry[name];
    const ratio = share / withoutRegistry[name].share;
    console.log(
      `    ${name}: ${ratio.toFixed(2)} of its rate from remotes.json, each against its static-file run (goal ≥ ${GOALS.registry}) ${ratio >= GOALS.registry ? 'met' : 'NOT met'}; ${(perSecond / withoutRegistry[name].perSecond).toFixed(2)} in plain requests per second`,
    );
  }
  await releaseSecondBuild(ports, token);
  await warmUp();
  console.log('  with a 50 % catalog canary, a second build of the same code:');
  for (const [name, url] of pages) {
    const { share, perSecond, left } = await measure(name, url);
    const ratio = share / registry[name].share;
    console.log(
      `    ${name}: ${ratio.toFixed(2)} of its rate without the canary, each against its static-file run (goal ≥ ${GOALS.canary}) ${ratio >= GOALS.canary ? 'met' : 'NOT met'}; ${(perSecond / registry[name].perSecond).toFixed(2)} in plain requests per second; left for the browser ${left} (without it ${registry[name].left})`,
    );
  }
  console.log(`  a car booked, seen in its next anonymous page: ${await changeSeenAfter(origin, ports)} ms (goal ≤ 1000)`);
  if (traces) console.log(`  spans received: ${traces.spans()}`);
} finally {
  await site.stop();
  traces?.close();
  rmSync(dataDir, { recursive: true, force: true });
}
