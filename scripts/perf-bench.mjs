#!/usr/bin/env node
// docs/performance.md, "Measuring" and "Pictures"; --url/--api, --runs N, --cpu-time, --original URL, --only TEXT, --pictures-only.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoAccessToken, lighthouseRuns, median, signInFirst } from './lighthouse.mjs';
import { layoutShifts, pictureBytes } from './perf-checks.mjs';
import { movedPorts } from './topology.mjs';

/** docs/performance.md, "Goals": the public pages' and the signed-in pages'. */
const GOALS = {
  public: { score: 97, lcp: 1000, tbt: 50, cls: 0.01 },
  signedIn: { score: 97, lcp: 1200, tbt: 100, cls: 0.01 },
  js: 130 * 1024,
  cardPicture: 30 * 1024,
};
/** The original single-bundle app's home, as recorded on this machine before the federated site (Lighthouse 12.8, median of 3); `--original URL` measures a copy instead. */
const ORIGINAL_APP = { score: 94, lcp: 2700, tbt: 181, cls: 0, js: 141.8 * 1024 };

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const runs = Number(arg('--runs', 3));
const only = arg('--only', null);
const picturesOnly = process.argv.includes('--pictures-only');
// The guard's simulation, over each task's CPU time: on a busy machine, what the pages' code costs rather than the moment.
const cpuTime = process.argv.includes('--cpu-time');
const originalUrl = arg('--original', null);
let origin = arg('--url', null)?.replace(/\/$/, '') ?? null;

let site = null;
let dataDir = null;
if (!origin) {
  const { startSite, buildMissing } = await import('./site.mjs');
  await buildMissing();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'usedcars-perf-'));
  // BENCH_PORT_OFFSET: beside another bench's site.
  const ports = movedPorts(220 + Number(process.env.BENCH_PORT_OFFSET ?? 0));
  site = await startSite({ ports, dataDir, quiet: true });
  origin = `http://localhost:${ports.shell}`;
}
// The page's own settings name the API and the identity service, as the page reads them.
const config = await (await fetch(`${origin}/config.json`)).json();
const api = arg('--api', null)?.replace(/\/$/, '') ?? config.apiUrl.replace(/\/$/, '');

const [car] = await (await fetch(`${api}/audis?limit=1`)).json();
const carPath = `/audis/${car._id}`;

/** A conversation of the demo buyer's with the car's seller, for its page. */
async function conversationPath() {
  const token = await demoAccessToken(config.authEmulatorUrl, api, 'buyer@usedcars.test');
  const response = await fetch(`${api}/conversations`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ carId: car._id, text: 'Is it still for sale?' }),
  });
  if (!response.ok) throw new Error(`asking the seller failed: ${response.status} ${await response.text()}`);
  return `/messages/${(await response.json())._id}`;
}
const conversation = await conversationPath();

const PAGES = [
  ['home', '/'],
  ['About', '/about'],
  ['Blogs', '/blogs'],
  ["a car's page", carPath],
  ['Login', '/login'],
  ['Register', '/register'],
  ['404', '/no/such/page'],
  ['/hondas, signed out (the sign-in form)', '/hondas'],
  ['buyer: /audis', '/audis', 'buyer@usedcars.test'],
  ['buyer: /dashboard (My Orders)', '/dashboard', 'buyer@usedcars.test'],
  ['seller: /dashboard (My Products)', '/dashboard', 'seller@usedcars.test'],
  ['admin: /dashboard (accounts)', '/dashboard', 'admin@usedcars.test'],
  ['buyer: /messages (the inbox)', '/messages', 'buyer@usedcars.test'],
  ['buyer: a conversation', conversation, 'buyer@usedcars.test'],
  ['admin: /dashboard/releases', '/dashboard/releases', 'admin@usedcars.test'],
].filter(([label]) => !only || label.includes(only));

const mark = (met) => (met ? 'met' : 'NOT met');
const s = (value) => `${(value / 1000).toFixed(2)} s`;
const load = () => os.loadavg()[0].toFixed(1);

async function measure(label, url, signedInAs) {
  const loadAverage = load();
  const results = await lighthouseRuns(url, runs, {
    cpuTime,
    prepare: signedInAs ? (port) => signInFirst(port, new URL(url).origin, signedInAs, url) : undefined,
  });
  results.forEach((result, i) =>
    console.log(
      `  ${label}, run ${i + 1}: score ${result.score}, LCP ${s(result.lcp)}, TBT ${Math.round(result.tbt)} ms, CLS ${result.cls.toFixed(3)}, ` +
        `JS ${(result.js / 1024).toFixed(1)} KB (load average ${i === 0 ? loadAverage : load()}, benchmarkIndex ${result.benchmarkIndex})`,
    ),
  );
  const pick = (key) => median(results.map((result) => result[key]));
  const typical = results.find((result) => result.tbt === pick('tbt'));
  return {
    label,
    signedIn: !!signedInAs,
    score: pick('score'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    js: pick('js'),
    benchmarkIndex: pick('benchmarkIndex'),
    typical,
  };
}

/** What the page loads before it is interactive, script by script: bytes on the wire and main-thread time at 4× (its median-TBT run). */
function startCost({ label, typical }) {
  const time = new Map(typical.scriptTime.map((item) => [item.url, item.ms]));
  const rows = typical.scripts.map((script) => ({
    script: script.url.replace(origin, ''),
    KB: (script.bytes / 1024).toFixed(1),
    'ms at 4×': Math.round(time.get(script.url) ?? 0),
  }));
  const other = typical.scriptTime.filter((item) => !typical.scripts.some((script) => script.url === item.url));
  for (const item of other) rows.push({ script: item.url.replace(origin, ''), KB: '', 'ms at 4×': Math.round(item.ms) });
  console.log(`\n${label}: what loads before it is interactive`);
  console.table(rows);
  const long = typical.longTasks.filter((task) => task.ms > 50);
  if (long.length > 0) console.log(`  tasks over 50 ms at 4×: ${long.map((task) => `${Math.round(task.ms)} ms ${task.url.replace(origin, '')}`).join(', ')}`);
}

console.log(
  `Page speed of ${origin} (${runs} Lighthouse runs per page, simulated mobile${cpuTime ? " over each task's CPU time" : ''}; load average ${os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')})`,
);
if (!picturesOnly) {
  const rows = [];
  if (originalUrl) rows.push(await measure('original app, home', originalUrl));
  for (const [label, address, signedInAs] of PAGES) rows.push(await measure(label, `${origin}${address}`, signedInAs));
  const original = originalUrl ? rows.shift() : { label: 'original app, home (recorded 2026-11-23)', ...ORIGINAL_APP, benchmarkIndex: '' };
  console.log(`\nMedians of ${runs} runs, the original app beside them:`);
  console.table(
    [original, ...rows].map((row) => ({
      page: row.label,
      score: row.score,
      LCP: s(row.lcp),
      TBT: `${Math.round(row.tbt)} ms`,
      CLS: row.cls.toFixed(3),
      JS: `${(row.js / 1024).toFixed(1)} KB`,
      benchmarkIndex: row.benchmarkIndex,
    })),
  );
  for (const row of rows) {
    const goal = row.signedIn ? GOALS.signedIn : GOALS.public;
    const judged = [
      `score ${row.score} (≥ ${goal.score}: ${mark(row.score >= goal.score)})`,
      `LCP ${s(row.lcp)} (≤ ${s(goal.lcp)}: ${mark(row.lcp <= goal.lcp)})`,
      `TBT ${Math.round(row.tbt)} ms (≤ ${goal.tbt}: ${mark(row.tbt <= goal.tbt)})`,
      `CLS ${row.cls.toFixed(3)} (≤ ${goal.cls}: ${mark(row.cls <= goal.cls)})`,
    ];
    console.log(`${row.label}: ${judged.join(', ')}`);
  }
  const home = rows.find((row) => row.label === 'home');
  if (home) console.log(`home JS on the wire ${(home.js / 1024).toFixed(1)} KB (goal ≤ 130 KB: ${mark(home.js <= GOALS.js)})`);
  for (const row of rows) startCost(row);

  const shifts = await layoutShifts(origin, conversation);
  console.log('\nLayout shift of a first load in Chromium (no throttling), goal ≤ 0.01 everywhere:');
  console.table(
    shifts.map((row) => ({ who: row.who, screen: row.screen, width: row.width, CLS: row.cls.toFixed(4), goal: mark(row.cls <= GOALS.public.cls) })),
  );
  const worst = shifts.reduce((a, b) => (b.cls > a.cls ? b : a));
  console.log(`worst: ${worst.cls.toFixed(4)} (${worst.who}, ${worst.screen} at ${worst.width} px): ${mark(worst.cls <= GOALS.public.cls)}`);
}

const pictures = await pictureBytes(origin, carPath);
console.log('\nPicture bytes of a first load at 375 px in Chromium (image responses, headers and body; lazy pictures below the fold not loaded):');
console.table(pictures.map((row) => ({ DPR: row.dpr, page: row.page, pictures: row.count, 'on the wire': `${(row.total / 1024).toFixed(1)} KB` })));
for (const row of pictures.filter((entry) => entry.card)) {
  const { source, bytes } = row.card;
  console.log(
    `brand-list card picture at 375 px, DPR ${row.dpr}: ${((bytes ?? 0) / 1024).toFixed(1)} KB (${source.split('/').pop()}; goal ≤ 30 KB at DPR 1: ${row.dpr === 1 ? mark((bytes ?? Infinity) <= GOALS.cardPicture) : 'not a goal'})`,
  );
}

if (site) {
  await site.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
