import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { analysesText, durationMs, historyTable, watchCanaries } from './release-views.mjs';
import { filesToPublish, run } from './releases.mjs';

/** A fake of the site and its API on loopback: it records what the commands send and refuses what a real one would. */
const calls = [];
let refuseWith = null;
/** The registry as the fake keeps it: what POST /releases registered, or what a test sets. */
let history = [];
/** What GET /releases/analysis returns. */
let analyses = [];
/** What GET /previews returns. */
let links = [];
const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString();
    calls.push({ method: request.method, url: request.url, authorization: request.headers.authorization, body });
    const send = (status, body) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (refuseWith) return send(refuseWith.status, { message: refuseWith.message });
    if (request.url === '/config.json') return send(200, { apiUrl: origin });
    if (request.method === 'PUT') return send(201, { url: request.url });
    if (request.url === '/releases' && request.method === 'POST') {
      const posted = JSON.parse(body);
      const known = history.find((row) => row.version === posted.version);
      const status = posted.preview ? 'preview' : posted.canary ? 'canary' : 'live';
      const row = { ...posted, status, preflight: 'passed', createdAt: '2026-11-25T10:05:00.000Z', releasedBy: 'team' };
      if (!known) history.push(row);
      return send(known ? 200 : 201, row);
    }
    if (request.url.startsWith('/releases/analysis')) return send(200, analyses);
    if (request.url.startsWith('/previews')) return send(200, links);
    if (/^\/releases\/\w+\/previews$/.test(request.url))
      return send(201, { id: 'p1', link: 'eyJpZCI6InAxIn0.sig', expiresAt: '2026-12-02T10:05:00.000Z', version: JSON.parse(body).version });
    if (request.method === 'DELETE' && request.url.endsWith('/previews')) return send(200, [{ id: 'p1' }, { id: 'p2' }]);
    if (request.url.startsWith('/releases?') || request.url === '/releases') return send(200, history);
    return send(200, { version: '1.0.0-abc', status: 'live' });
  });
});
let origin = '';
let dist = '';

before(async () => {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  dist = mkdtempSync(path.join(tmpdir(), 'release-dist-'));
  mkdirSync(path.join(dist, 'server'));
  for (const [file, text] of [
    ['mf-manifest.json', '{"name":"catalog"}'],
    ['remoteEntry.js', 'var catalog;'],
    ['remoteEntry.js.map', '{}'],
    ['remoteEntry.js.br', 'x'],
    ['server/remoteEntry.js', 'module.exports = {};'],
  ])
    writeFileSync(path.join(dist, file), text);
});
after(() => {
  server.close();
  rmSync(dist, { recursive: true, force: true });
});

const quiet = () => undefined;
const TEAM = { DEPLOY_TOKEN: 'ucd_team' };

test('publishes a build under a version of its own, its source maps apart where nothing serves them, then registers it as a canary; the API runs the preflight', async () => {
  calls.length = 0;
  const lines = [];
  const registered = await run(['release', 'catalog', '--api', origin, '--dist', dist, '--canary', '10'], (line) => lines.push(line), TEAM);
  const uploads = calls.filter((call) => call.method === 'PUT').map((call) => call.url);
  assert.match(registered.version, /^0\.1\.0-[0-9a-f]{10}$/);
  assert.deepEqual(uploads.sort(), [
    `/release-files/catalog/${registered.version}/mf-manifest.json`,
    `/release-files/catalog/${registered.version}/remoteEntry.js`,
    `/release-files/catalog/${registered.version}/server/remoteEntry.js`,
    `/release-maps/catalog/${registered.version}/remoteEntry.js.map`,
  ]);
  // The maps go before the release is registered: a registered version's files never change.
  assert.ok(calls.findIndex((call) => call.url.startsWith('/release-maps/')) < calls.findIndex((call) => call.url === '/releases' && call.method === 'POST'));
  assert.ok(calls.every((call) => call.authorization === 'Bearer ucd_team'));
  const posted = JSON.parse(calls.at(-1).body);
  assert.deepEqual(
    { remote: posted.remote, canary: posted.canary, manifestUrl: posted.manifestUrl, preflight: posted.preflight },
    { remote: 'catalog', canary: 10, manifestUrl: `${origin}/release-files/catalog/${registered.version}/mf-manifest.json`, preflight: undefined },
  );
  assert.equal(lines.at(-1), `catalog ${registered.version} is the canary for 10 % of visitors (the API's preflight: passed)`);
});

test('releases the same build again without uploading it, and says so', async () => {
  calls.length = 0;
  const lines = [];
  const again = await run(['release', 'catalog', '--api', origin, '--dist', dist, '--canary', '20'], (line) => lines.push(line), TEAM);
  assert.equal(calls.filter((call) => call.method === 'PUT').length, 0, 'nothing uploaded');
  assert.deepEqual(JSON.parse(calls.at(-1).body), {
    remote: 'catalog',
    version: again.version,
    manifestUrl: `${origin}/release-files/catalog/${again.version}/mf-manifest.json`,
    canary: 20,
  });
  assert.equal(
    lines.join('\n'),
    `catalog ${again.version} is this very build, registered on 2026-11-25 10:05 UTC: nothing uploaded; it is the canary for 20 % of visitors again`,
  );
});

test('takes the token from DEPLOY_TOKEN only, and refuses a share out of range before sending anything; reports the API refusal', async () => {
  calls.length = 0;
  await assert.rejects(run(['release', 'catalog', '--api', origin, '--dist', dist, '--canary', '100'], quiet, TEAM), /1 to 99/);
  await assert.rejects(run(['promote', 'catalog', '--api', origin], quiet, {}), /DEPLOY_TOKEN is not set/);
  await assert.rejects(run(['promote', 'catalog', '--api', origin, '--token', 'ucd_team'], quiet, TEAM), /--token is not taken: npm prints/);
  await assert.rejects(run(['release', 'shop', '--api', origin], quiet, TEAM), /catalog, dashboard, checkout/);
  assert.equal(calls.length, 0);
  refuseWith = { status: 403, message: 'This deploy token releases catalog, not checkout' };
  try {
    await assert.rejects(run(['rollback', 'checkout', '--api', origin], quiet, TEAM), /403 This deploy token releases catalog, not checkout/);
  } finally {
    refuseWith = null;
  }
});

test('promote and rollback call the API the site names in its config.json', async () => {
  calls.length = 0;
  await run(['promote', 'catalog', '--site', origin], quiet, TEAM);
  await run(['rollback', 'catalog', '--site', origin, '--to', '1.0.0-abc'], quiet, TEAM);
  assert.deepEqual(
    calls.map((call) => `${call.method} ${call.url} ${call.body}`),
    ['GET /config.json ', 'POST /releases/catalog/promote {}', 'GET /config.json ', 'POST /releases/catalog/rollback {"to":"1.0.0-abc"}'],
  );
});

const NUMBERS = {
  pageViews: 13,
  errors: 0,
  errorRate: 0,
  networks: 5,
  errorNetworks: 0,
  renders: 20,
  renderFallbacks: 0,
  renderFallbackRate: 0,
  renderFailures: 0,
  renderFailureRate: 0,
  busyFallbacks: 0,
  busyFallbackRate: 0,
  lcpP75: 1850,
  inpP75: null,
};
const CANARY = {
  remote: 'catalog',
  canary: { version: '1.1.0-b', share: 10, since: '2026-11-25T10:05:00.000Z' },
  baseline: { kind: 'live', version: '1.0.0-a' },
  verdict: 'undecided',
  reason: '13 page views from 5 of 12 networks, 20 renders: waiting for 12 networks (error rate)',
  checks: [{ check: 'error_rate', state: 'waiting', text: 'error rate 0.0 % over 13 page views from 5 networks: waiting for 12 networks' }],
  progress: { views: 13, networks: 5, minNetworks: 12, renders: 20, ageMs: 60_000, minAgeMs: 1_800_000 },
  numbers: {
    canary: NUMBERS,
    baseline: { ...NUMBERS, pageViews: 950, networks: 700, errors: 4, errorNetworks: 4, errorRate: 0.0042, renders: 900, lcpP75: 1700, inpP75: 120 },
  },
  // As the API writes it (api/src/features/releases/numbers-table.ts); the command prints it as it is.
  table: [
    '                        canary                 live 1.0.0-a',
    'page views              13 (5 networks)        950 (700 networks)',
    'error rate              0.0 % (0, 0 networks)  0.4 % (4, 4 networks)',
    'renders                 20                     900',
    'render failures         0.0 % (0)              0.0 % (0)',
    'busy-machine fallbacks  0.0 % (0)              0.0 % (0)',
    'p75 LCP                 1850 ms                1700 ms',
    'p75 INP                 –                      120 ms',
  ],
  ramp: { steps: [10, 25, 50, 100], everyMs: 600_000, step: 0, nextAt: '2026-11-25T10:15:00.000Z', held: null },
  suspectSince: null,
};
const AT = new Date('2026-11-25T10:06:00Z');

test('releases with a ramp: --ramp and --every are sent as the API takes them, and refused before anything is sent when they make no sense', async () => {
  calls.length = 0;
  const lines = [];
  await run(['release', 'catalog', '--api', origin, '--dist', dist, '--ramp', '5,50,100', '--every', '90s'], (line) => lines.push(line), TEAM);
  assert.deepEqual(JSON.parse(calls.at(-1).body).ramp, { steps: [5, 50, 100], everyMs: 90_000 });
  assert.equal(JSON.parse(calls.at(-1).body).canary, 5);
  assert.match(lines.at(-1), /is the canary for 5 % of visitors, ramping 5 → 50 → 100 % every 90 s while healthy/);
  calls.length = 0;
  for (const [args, message] of [
    [['--ramp', '10,25,50,100'], /--ramp needs --every/],
    [['--ramp', '25,10,100', '--every', '10m'], /increasing shares from 1 to 100/],
    [['--ramp', '10,25', '--every', 'soon'], /--ramp needs --every/],
    [['--every', '10m'], /--every goes with --ramp/],
    [['--canary', '20', '--ramp', '10,100', '--every', '1h'], /--canary 20 and --ramp 10,100 disagree/],
  ])
    await assert.rejects(run(['release', 'catalog', '--api', origin, '--dist', dist, ...args], quiet, TEAM), message);
  assert.equal(calls.length, 0);
  assert.deepEqual(['10m', '90s', '1h', '500ms', '30', '1.5h', '10 m'].map(durationMs), [600_000, 90_000, 3_600_000, 500, 30_000, 5_400_000, null]);
});

test('--watch prints each canary’s verdict, progress and numbers beside its baseline’s, again every few seconds until stopped', async () => {
  assert.equal(
    analysesText([CANARY], 'catalog', { now: AT }),
    [
      'catalog 1.1.0-b at 10 % (ramp 10 → 25 → 50 → 100 %, next step 10:15 UTC if healthy): undecided: 13 page views from 5 of 12 networks, 20 renders: waiting for 12 networks (error rate)',
      '                          canary                 live 1.0.0-a',
      '  page views              13 (5 networks)        950 (700 networks)',
      '  error rate              0.0 % (0, 0 networks)  0.4 % (4, 4 networks)',
      '  renders                 20                     900',
      '  render failures         0.0 % (0)              0.0 % (0)',
      '  busy-machine fallbacks  0.0 % (0)              0.0 % (0)',
      '  p75 LCP                 1850 ms                1700 ms',
      '  p75 INP                 –                      120 ms',
      '  - waiting: error rate 0.0 % over 13 page views from 5 networks: waiting for 12 networks',
    ].join('\n'),
  );
  assert.equal(analysesText([], 'catalog'), 'No canary of catalog running.');
});

test('--watch never shows a next step in the past: a due step held says why, a suspect canary says its ramp is paused', () => {
  const later = new Date('2026-11-25T10:20:00Z');
  const due = { ...CANARY, ramp: { ...CANARY.ramp, held: 'undecided' } };
  assert.match(
    analysesText([due], 'catalog', { now: later }),
    /^catalog 1\.1\.0-b at 10 % \(ramp 10 → 25 → 50 → 100 %, next step once healthy \(due since 10:15 UTC\)\): undecided/,
  );
  assert.match(analysesText([{ ...CANARY, verdict: 'healthy' }], 'catalog', { now: later }), /next step at the next check\): healthy/);
  const suspect = {
    ...CANARY,
    verdict: 'suspect',
    reason: 'error rate 40.0 % over 10 page views from 10 networks, …: a person decides',
    ramp: { ...CANARY.ramp, held: 'suspect' },
  };
  assert.match(
    analysesText([suspect], 'catalog', { now: later }),
    /\(ramp 10 → 25 → 50 → 100 %, paused while suspect: a person decides\): suspect: error rate 40\.0 %/,
  );
});

test('--watch says what became of a canary once it is gone: rolled back and why, or promoted', () => {
  const rolledBack = {
    remote: 'catalog',
    version: '1.1.0-b',
    status: 'rolled_back',
    reason: 'rolled back by automatic: error rate 100.0 % over 12 page views from 12 networks, live release 0.4 % (margin 5 points)',
    updatedAt: '2026-11-25T10:07:31.000Z',
  };
  const watched = new Map([['catalog', '1.1.0-b']]);
  assert.equal(
    analysesText([], 'catalog', { history: [rolledBack], watched }),
    'catalog 1.1.0-b is rolled back since 2026-11-25 10:07 UTC (rolled back by automatic: error rate 100.0 % over 12 page views from 12 networks, live release 0.4 % (margin 5 points))',
  );
  const promoted = { ...rolledBack, status: 'live', reason: 'promoted by automatic ramp' };
  assert.equal(
    analysesText([], 'catalog', { history: [promoted] }),
    'No canary of catalog running. Last change: catalog 1.1.0-b is live since 2026-11-25 10:07 UTC (promoted by automatic ramp)',
  );
});

test('--watch reads again every few seconds until stopped, and says when it could not', async () => {
  const stop = new AbortController();
  const printed = [];
  let reads = 0;
  const read = async () => {
    reads += 1;
    if (reads === 2) throw new Error('GET /releases/analysis: 502');
    if (reads === 3) stop.abort();
    return `read ${reads}`;
  };
  await watchCanaries({
    read,
    log: (text) => printed.push(text),
    signal: stop.signal,
    terminal: false,
    everyMs: 10,
    clock: () => new Date('2026-11-25T10:06:00Z'),
  });
  assert.equal(printed.length, 3);
  assert.equal(printed[0], 'canaries at 2026-11-25 10:06:00 UTC (every 0.01 s; Ctrl-C stops)\n\nread 1\n');
  assert.match(printed[1], /could not read the canaries \(GET \/releases\/analysis: 502\); asking again in 0\.01 s/);
  await assert.rejects(run(['list', '--site', origin, '--watch'], quiet, {}), /--watch reads the canaries’ verdicts, which need DEPLOY_TOKEN/);
});

test('lists each remote’s history as a table, who did what only with a token', async () => {
  history = [
    {
      remote: 'catalog',
      version: '1.1.0-b',
      createdAt: '2026-11-25T10:05:00.000Z',
      releasedBy: 'Catalog team (catalog token)',
      share: 10,
      status: 'canary',
      reason: null,
    },
    {
      remote: 'catalog',
      version: '1.0.0-a',
      createdAt: '2026-11-24T09:00:00.000Z',
      releasedBy: 'ops@example.test',
      share: null,
      status: 'rolled_back',
      reason: 'errors',
    },
  ];
  analyses = [{ ...CANARY, ramp: { ...CANARY.ramp, nextAt: '2099-11-25T10:15:00.000Z' } }];
  const lines = [];
  await run(['list', '--site', origin], (line) => lines.push(line), TEAM);
  assert.equal(calls.at(-1).authorization, 'Bearer ucd_team');
  assert.equal(
    lines.join('\n'),
    [
      'catalog',
      'version  when              who                           share  status',
      '1.1.0-b  2026-11-25 10:05  Catalog team (catalog token)  10 %   canary',
      '1.0.0-a  2026-11-24 09:00  ops@example.test                     rolled back (errors)',
      '',
      'catalog 1.1.0-b at 10 % (ramp 10 → 25 → 50 → 100 %, next step 10:15 UTC if healthy): undecided: 13 page views from 5 of 12 networks, 20 renders: waiting for 12 networks (error rate)',
      '\nNo preview link is live.',
    ].join('\n'),
  );
  // Without a token, no verdicts: the API returns them to admins and deploy tokens only.
  calls.length = 0;
  await run(['list', '--site', origin], quiet, {});
  assert.deepEqual(
    calls.map((call) => call.url),
    ['/config.json', '/releases'],
  );
  assert.equal(
    historyTable(history.map((row) => ({ ...row, releasedBy: null, reason: null }))),
    [
      'catalog',
      'version  when              share  status',
      '1.1.0-b  2026-11-25 10:05  10 %   canary',
      '1.0.0-a  2026-11-24 09:00         rolled back',
      '',
    ].join('\n'),
  );
  assert.match(historyTable([]), /No releases yet/);
  assert.deepEqual(filesToPublish(dist), ['mf-manifest.json', 'remoteEntry.js', 'server/remoteEntry.js']);
});

test('releases a build as a preview and prints its link; makes new links to any registered version, withdraws them, and promotes a preview without uploading it', async () => {
  history = [];
  calls.length = 0;
  const lines = [];
  const site = origin;
  const registered = await run(['release', 'catalog', '--api', origin, '--dist', dist, '--preview'], (line) => lines.push(line), TEAM).catch((error) => error);
  assert.match(String(registered), /a preview link opens the site: give --site/);
  assert.equal(calls.length, 0, 'refused before anything is sent');

  // As `npm run release` registers it: the same build, its version known; then links to it.
  const version = (await run(['release', 'catalog', '--api', origin, '--dist', dist], quiet, TEAM)).version;
  history = history.map((row) => ({ ...row, status: 'preview' }));
  calls.length = 0;
  await run(['preview', 'catalog', '--site', site, '--expires', '3d', '--path', '/audis'], (line) => lines.push(line), TEAM);
  assert.deepEqual(
    calls.map((call) => `${call.method} ${call.url} ${call.body}`),
    ['GET /config.json ', 'GET /releases?remote=catalog&limit=1 ', `POST /releases/catalog/previews {"version":"${version}","expiresInSeconds":259200}`],
  );
  assert.equal(
    lines.at(-1),
    `Preview link to catalog ${version} (anyone with it sees the whole site with this build; expires 2026-12-02 10:05 UTC):\n  ${site}/audis?preview=eyJpZCI6InAxIn0.sig`,
  );
  await assert.rejects(run(['preview', 'catalog', '--site', site, '--expires', '2y'], quiet, TEAM), /--expires takes 10s to 30d/);

  lines.length = 0;
  await run(['preview', 'catalog', '--site', site, '--version', version, '--withdraw'], (line) => lines.push(line), TEAM);
  assert.equal(calls.at(-1).method, 'DELETE');
  assert.equal(calls.at(-1).url, `/releases/catalog/${version}/previews`);
  assert.match(lines.at(-1), /2 preview links withdrawn/);

  calls.length = 0;
  lines.length = 0;
  await run(['promote', 'catalog', '--api', origin, '--canary', '10'], (line) => lines.push(line), TEAM);
  assert.equal(calls.filter((call) => call.method === 'PUT').length, 0, 'nothing uploaded');
  assert.deepEqual(JSON.parse(calls.at(-1).body), { remote: 'catalog', version, manifestUrl: history[0].manifestUrl, canary: 10 });
  assert.match(lines.at(-1), new RegExp(`catalog ${version} is the canary for 10 % of visitors \\(nothing uploaded`));
  await assert.rejects(run(['promote', 'catalog', '--api', origin, '--version', '9.9.9-none'], quiet, TEAM), /catalog has no release 9\.9\.9-none/);
  await assert.rejects(run(['release', 'catalog', '--api', origin, '--preview', '--canary', '10'], quiet, TEAM), /give --preview, or --canary/);
});
