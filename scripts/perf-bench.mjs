#!/usr/bin/env node
// docs/performance.md, "Measuring" and "Pictures"; --url/--api, --runs N, --pictures-only.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, DEMO_PASSWORD, FLAGS, lighthouseRun, median, signInFirst } from './lighthouse.mjs';
import { watchNetwork } from './page-network.mjs';
import { defaultPorts, movedPorts } from './topology.mjs';

const GOALS = { score: 97, lcp: 1500, tbt: 100, cls: 0.01, js: 130 * 1024, cardPicture: 30 * 1024 };
/** The original single-bundle app on this machine, as measured before the federated site (Lighthouse 12.8, median of 3). */
const ORIGINAL_APP = { page: 'original app, home', score: 94, lcp: 2700, tbt: 181, cls: 0, js: 141.8 * 1024 };

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const runs = Number(arg('--runs', 3));
const picturesOnly = process.argv.includes('--pictures-only');
let origin = arg('--url', null)?.replace(/\/$/, '') ?? null;
let api = arg('--api', null)?.replace(/\/$/, '') ?? null;

let site = null;
let dataDir = null;
if (!origin) {
  const { startSite, buildMissing } = await import('./site.mjs');
  await buildMissing();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'usedcars-perf-'));
  const ports = movedPorts(220);
  site = await startSite({ ports, dataDir, quiet: true });
  origin = `http://localhost:${ports.shell}`;
  api = `http://localhost:${ports.api}`;
}
api ??= `http://localhost:${defaultPorts().api}`;

async function lighthousePage(label, url, signedInAs) {
  const results = [];
  for (let i = 0; i < runs; i += 1) results.push(await lighthouseRun(url, signedInAs ? { prepare: (port) => signInFirst(port, origin, signedInAs) } : {}));
  const pick = (key) => median(results.map((result) => result[key]));
  return {
    page: label,
    score: pick('score'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    fcp: pick('fcp'),
    js: pick('js'),
    benchmarkIndex: pick('benchmarkIndex'),
    spread: `score ${Math.min(...results.map((r) => r.score))}–${Math.max(...results.map((r) => r.score))}, TBT ${Math.round(Math.min(...results.map((r) => r.tbt)))}–${Math.round(Math.max(...results.map((r) => r.tbt)))} ms`,
  };
}

const mark = (met) => (met ? 'met' : 'NOT met');
const ms = (value) => `${(value / 1000).toFixed(2)} s`;

console.log(
  `Page speed of ${origin} (${picturesOnly ? 'pictures only' : `${runs} Lighthouse runs per page, simulated mobile`}; load average ${os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')})`,
);
const cars = await (await fetch(`${api}/audis?limit=1`)).json();
const pages = [
  ['home', `${origin}/`],
  ['/blogs', `${origin}/blogs`],
  ['car detail', `${origin}/audis/${cars[0]._id}`],
];
const rows = [];
if (!picturesOnly) {
  for (const [label, url] of pages) rows.push(await lighthousePage(label, url));
  // Signed in with the session cookie: the render server renders these with the buyer's data.
  rows.push(await lighthousePage('buyer: /audis', `${origin}/audis`, 'buyer@usedcars.test'));
  rows.push(await lighthousePage('buyer: /dashboard', `${origin}/dashboard`, 'buyer@usedcars.test'));
}

if (!picturesOnly) {
  const table = [ORIGINAL_APP, ...rows].map((row) => ({
    page: row.page,
    score: row.score,
    LCP: ms(row.lcp),
    TBT: `${Math.round(row.tbt)} ms`,
    CLS: row.cls.toFixed(3),
    'JS on the wire': `${(row.js / 1024).toFixed(1)} KB`,
  }));
  console.table(table);
  for (const row of rows) {
    console.log(
      `${row.page}: score ${row.score} (goal ≥ ${GOALS.score}: ${mark(row.score >= GOALS.score)}), LCP ${ms(row.lcp)} (≤ 1.5 s: ${mark(row.lcp <= GOALS.lcp)}), ` +
        `TBT ${Math.round(row.tbt)} ms (≤ 100: ${mark(row.tbt <= GOALS.tbt)}), CLS ${row.cls.toFixed(3)} (≤ 0.01: ${mark(row.cls <= GOALS.cls)}), FCP ${ms(row.fcp)}; ${row.spread}; benchmarkIndex ${row.benchmarkIndex}`,
    );
  }
  const home = rows[0];
  console.log(`home JS on the wire ${(home.js / 1024).toFixed(1)} KB (goal ≤ 130 KB: ${mark(home.js <= GOALS.js)})`);
}

async function layoutShifts() {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'usedcars-cls-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS.filter((flag) => flag !== '--headless'),
  });
  const results = [];
  try {
    await context.addInitScript(() => {
      const state = { total: 0 };
      globalThis.__layoutShift = state;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) state.total += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const network = watchNetwork(page);
    const measure = async (who, address) => {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${origin}${address}`);
        await network.settled();
        await page.waitForTimeout(700);
        results.push({ who, screen: address, width, cls: await page.evaluate(() => globalThis.__layoutShift.total) });
      }
    };
    for (const address of ['/', '/about', '/blogs']) await measure('signed out', address);
    for (const [who, email, screens] of [
      ['Buyer', 'buyer@usedcars.test', ['/', '/audis', '/hondas', '/mercedes', '/dashboard']],
      ['Seller', 'seller@usedcars.test', ['/dashboard', '/dashboard/myProduct', '/dashboard/addProduct']],
      ['admin', 'admin@usedcars.test', ['/dashboard']],
    ]) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${origin}/login`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByRole('button', { name: 'Log Out' }).waitFor();
      for (const address of screens) await measure(who, address);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('button', { name: 'Log Out' }).click();
      await page.getByRole('link', { name: 'Login' }).waitFor();
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return results;
}

if (!picturesOnly) {
  const shifts = await layoutShifts();
  console.log('\nLayout shift of a first load in Chromium (no throttling), goal ≤ 0.01 everywhere:');
  console.table(shifts.map((row) => ({ who: row.who, screen: row.screen, width: row.width, CLS: row.cls.toFixed(4), goal: mark(row.cls <= GOALS.cls) })));
  const worst = shifts.reduce((a, b) => (b.cls > a.cls ? b : a));
  console.log(`worst: ${worst.cls.toFixed(4)} (${worst.who}, ${worst.screen} at ${worst.width} px): ${mark(worst.cls <= GOALS.cls)}`);
}

/** What a visitor pays before scrolling: below-the-fold pictures load lazily. */
async function pictureBytes() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS.filter((flag) => flag !== '--headless') });
  const rows = [];
  try {
    for (const dpr of [1, 2]) {
      for (const [label, address] of [
        ['home', '/'],
        ['brand list /audis', '/audis'],
        ['car detail', `/audis/${cars[0]._id}`],
      ]) {
        const context = await browser.newContext({ viewport: { width: 375, height: 800 }, deviceScaleFactor: dpr, isMobile: true, hasTouch: true });
        const page = await context.newPage();
        const network = watchNetwork(page);
        if (address === '/audis') {
          // Signed in first, so the login page's pictures are cached and not counted.
          await page.setViewportSize({ width: 1280, height: 800 });
          await page.goto(`${origin}/login`);
          await page.getByLabel('Email').fill('buyer@usedcars.test');
          await page.getByLabel('Password').fill(DEMO_PASSWORD);
          await page.getByRole('button', { name: 'Login', exact: true }).click();
          await page.getByRole('button', { name: 'Log Out' }).waitFor();
          await page.setViewportSize({ width: 375, height: 800 });
        }
        const sizes = new Map();
        page.on('requestfinished', (request) => {
          if (request.resourceType() !== 'image') return;
          sizes.set(
            request.url(),
            request.sizes().then((size) => size.responseHeadersSize + size.responseBodySize),
          );
        });
        await page.goto(`${origin}${address}`);
        await network.settled();
        await page.waitForTimeout(500);
        const bytes = await Promise.all(sizes.values());
        let card = null;
        if (address === '/audis') {
          const source = await page
            .locator('article img')
            .first()
            .evaluate((img) => img.currentSrc);
          card = { source, bytes: await sizes.get(source) };
        }
        rows.push({ dpr, page: label, count: bytes.length, total: bytes.reduce((a, b) => a + b, 0), card });
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}

const pictures = await pictureBytes();
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
