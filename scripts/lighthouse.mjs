// docs/performance.md, "Measuring": simulated mobile, its defaults, a fresh Chromium.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FLAGS = ['--headless', ...createRequire(import.meta.url)('../tooling/chromium-args.json')];

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'usedcars-demo';

/** What Lighthouse counts as a long task under its simulation, and the time over it as blocking. */
export const LONG_TASK_MS = 50;

/** The audits the figures come from: the score's five metrics, and what the page's start costs. */
const AUDITS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'speed-index',
  'total-blocking-time',
  'cumulative-layout-shift',
  'long-tasks',
  'bootup-time',
  'network-requests',
  'metrics',
];

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * Then visits `warmUp` once, if given, so the render server has its remote's build loaded as it has for
 * any visitor after the first, and empties the HTTP cache: the run that follows is a signed-in
 * visitor's first load.
 */
export async function signInFirst(port, origin, email, warmUp) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(`${origin}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('button', { name: 'Log Out' }).waitFor();
    for (let tries = 0; !(await context.cookies(origin)).some((cookie) => cookie.name === '__session'); tries += 1) {
      if (tries > 100) throw new Error('the session cookie was not set');
      await page.waitForTimeout(100);
    }
    if (warmUp) await page.goto(warmUp);
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}

/** A demo account's API access token, signed in at the Auth emulator as the page would (the benches' own calls). */
export async function demoAccessToken(authUrl, apiUrl, email) {
  const signIn = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, returnSecureToken: true }),
  });
  const { idToken } = await signIn.json();
  const jwt = await fetch(`${apiUrl}/jwt?email=${encodeURIComponent(email)}`, { headers: { Authorization: `Bearer ${idToken}` } });
  return (await jwt.json()).accessToken;
}

/**
 * Each task of the trace as long as the CPU time its thread spent in it, its events compressed to fit:
 * on a busy machine a task's wall time is mostly its thread waiting for a core, which no phone would
 * wait (docs/performance.md, "The guard").
 */
function onCpuTime(trace) {
  const threads = new Map();
  for (const event of trace.traceEvents) {
    if (typeof event.ts !== 'number') continue;
    const key = `${event.pid}:${event.tid}`;
    if (!threads.has(key)) threads.set(key, []);
    threads.get(key).push(event);
  }
  for (const events of threads.values()) {
    events.sort((a, b) => a.ts - b.ts);
    let next = 0;
    for (const task of events.filter((event) => event.ph === 'X' && event.name === 'RunTask' && typeof event.tdur === 'number' && event.tdur < event.dur)) {
      const start = task.ts;
      const end = task.ts + task.dur;
      const ratio = task.tdur / task.dur;
      while (next < events.length && events[next].ts < start) next += 1;
      for (let i = next; i < events.length && events[i].ts <= end; i += 1) {
        const event = events[i];
        if (event === task) continue;
        event.ts = start + (event.ts - start) * ratio;
        if (typeof event.dur === 'number') event.dur *= ratio;
      }
      task.dur = task.tdur;
    }
  }
  return trace;
}

/** Gathers, then audits what it gathered with each task at its CPU time (onCpuTime). */
async function cpuTimeRun(url, flags) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'usedcars-lh-artifacts-'));
  try {
    await lighthouse(url, { ...flags, gatherMode: dir });
    const file = path.join(dir, 'defaultPass.trace.json');
    if (!existsSync(file)) throw new Error(`Lighthouse could not load ${url}: no trace was recorded`);
    writeFileSync(file, JSON.stringify(onCpuTime(JSON.parse(readFileSync(file, 'utf8')))));
    return await lighthouse(url, { ...flags, auditMode: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const isScript = (url, scripts) => scripts.has(url) || /\.m?js(\?|$)/.test(url);

/** Lighthouse's result as the benches and the guard read it. */
function figures(lhr) {
  const { audits, categories, environment } = lhr;
  const requests = audits['network-requests'].details.items;
  const scripts = new Set(requests.filter((item) => item.resourceType === 'Script').map((item) => item.url));
  return {
    score: Math.round(categories.performance.score * 100),
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    fcp: audits['first-contentful-paint'].numericValue,
    // As the budget counts it: what the scripts cost on the wire, headers included.
    js: requests.filter((item) => scripts.has(item.url)).reduce((sum, item) => sum + item.transferSize, 0),
    scripts: requests.filter((item) => scripts.has(item.url)).map((item) => ({ url: item.url, bytes: item.transferSize })),
    benchmarkIndex: environment.benchmarkIndex,
    // Lighthouse's own long tasks, with their simulated durations; a script's when it names one.
    longTasks: (audits['long-tasks'].details?.items ?? []).map((item) => ({ url: item.url, ms: item.duration, script: isScript(item.url, scripts) })),
    // Main-thread time per script under the simulation (its evaluation, and what its functions ran later).
    scriptTime: (audits['bootup-time'].details?.items ?? []).map((item) => ({ url: item.url, ms: item.total, scripting: item.scripting })),
    // Lighthouse's own warnings: a page still loading when its time ran out, among others.
    warnings: lhr.runWarnings,
    lhr,
  };
}

/**
 * `runs` Lighthouse runs of one page in one Chromium: each a first visit, its storage and cache
 * cleared (or, with `prepare`, only its cache: prepare signs in before each run).
 * @param {string} url
 * @param {number} runs
 * @param {{ prepare?: (port: number) => Promise<void>, cpuTime?: boolean }} [o]
 *   prepare: run in the Chromium before each run (a sign-in); the profile's storage is then kept for the run.
 *   cpuTime: the simulation runs over the main thread's CPU time rather than its wall time (onCpuTime).
 */
export async function lighthouseRuns(url, runs, { prepare, cpuTime = false } = {}) {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'usedcars-lh-'));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, userDataDir });
  const flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    // Only these audits, and what they need gathered: a third of a run's time under the full set.
    onlyAudits: AUDITS,
    disableFullPageScreenshot: true,
    // The 404 page is a page like any other, served with its status.
    ignoreStatusCode: true,
    ...(prepare ? { disableStorageReset: true } : {}),
  };
  try {
    const results = [];
    for (let i = 0; i < runs; i += 1) {
      if (prepare) await prepare(chrome.port);
      results.push(figures((cpuTime ? await cpuTimeRun(url, flags) : await lighthouse(url, flags)).lhr));
    }
    return results;
  } finally {
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
