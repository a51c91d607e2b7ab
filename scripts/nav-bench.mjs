#!/usr/bin/env node
// `npm run bench:nav` (docs/performance.md, "Measuring"); --url, --tours N, --cpu N.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { watchNetwork } from './page-network.mjs';
import { movedPorts } from './topology.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = createRequire(import.meta.url)('../tooling/chromium-args.json');
const BUYER = 'buyer@usedcars.test';
const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'usedcars-demo';
const GOALS = { hovered: 100, notHovered: 300, documents: 1 };
const HOVER_MS = 300;
const HEADING_TIMEOUT_MS = 20_000;

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const TOURS = Number(arg('--tours', 3));
const CPU_RATE = Number(arg('--cpu', 4));
let origin = arg('--url', null)?.replace(/\/$/, '') ?? null;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Until an h1 in #main reading `heading` is visible, checked each frame. */
function armTimer(page, heading, back = false) {
  return page.evaluate(
    ({ heading, back, timeoutMs }) =>
      new Promise((resolve, reject) => {
        let started = null;
        const start = () => {
          started = performance.now();
          const deadline = started + timeoutMs;
          const check = () => {
            const shown = [...globalThis.document.querySelectorAll('#main h1')].some(
              (h1) => h1.textContent.trim() === heading && h1.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
            );
            if (shown) resolve(performance.now() - started);
            else if (performance.now() > deadline) reject(new Error(`"${heading}" not shown within ${timeoutMs} ms`));
            else globalThis.requestAnimationFrame(check);
          };
          globalThis.requestAnimationFrame(check);
        };
        if (back) {
          start();
          globalThis.history.back();
        } else globalThis.addEventListener('click', start, { capture: true, once: true });
      }),
    { heading, back, timeoutMs: HEADING_TIMEOUT_MS },
  );
}

async function move(page, link, heading, hovered) {
  await page.mouse.move(0, 0);
  const timed = armTimer(page, heading);
  // The listener must be in the page before the click.
  await page.evaluate(() => new Promise((resolve) => globalThis.requestAnimationFrame(resolve)));
  if (hovered) {
    await link.hover();
    await page.waitForTimeout(HOVER_MS);
  }
  await link.click();
  return Math.round(await timed);
}

async function tour(browser, hovered) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const network = watchNetwork(page);
    await page.goto(`${origin}/login`);
    await page.getByLabel('Email').fill(BUYER);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('button', { name: 'Log Out' }).waitFor();

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    const documents = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) documents.push(request.url());
    });
    await page.goto(`${origin}/`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    await network.settled();
    await page.waitForTimeout(500);

    const times = {};
    times['home → Audi list'] = await move(page, page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: /audi/i }), 'Audi cars', hovered);
    const car = page.getByRole('article').first().getByRole('heading').getByRole('link');
    await car.waitFor();
    const carName = (await car.textContent()).trim();
    times["Audi list → a car's page"] = await move(page, car, carName, hovered);
    times['car → dashboard'] = await move(page, nav.getByRole('link', { name: 'Dashboard' }), 'My Orders', hovered);
    times['dashboard → Blogs'] = await move(page, nav.getByRole('link', { name: 'Blogs' }), 'Question and Answer', hovered);
    times['Blogs → Back (dashboard)'] = Math.round(await armTimer(page, 'My Orders', true));
    return { times, documents: documents.length };
  } finally {
    await context.close();
  }
}

let site = null;
let dataDir = null;
if (!origin) {
  const { startSite, buildMissing } = await import('./site.mjs');
  await buildMissing();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'usedcars-nav-bench-'));
  const ports = movedPorts(260);
  site = await startSite({ ports, dataDir, quiet: true, renderEnv: { LOG_LEVEL: 'warn' } });
  origin = `http://localhost:${ports.shell}`;
}

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
try {
  console.log(
    `navigation bench: ${origin}, CPU slowed ${CPU_RATE}×, median of ${TOURS} tours each way, hover ${HOVER_MS} ms; load average ${os
      .loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')}`,
  );
  const runs = { hovered: [], notHovered: [] };
  for (let i = 0; i < TOURS; i += 1) {
    runs.notHovered.push(await tour(browser, false));
    runs.hovered.push(await tour(browser, true));
  }
  const moves = Object.keys(runs.hovered[0].times);
  const pick = (which, name) => median(runs[which].map((run) => run.times[name]));
  const spread = (which, name) => {
    const values = runs[which].map((run) => run.times[name]);
    return `${Math.min(...values)}–${Math.max(...values)}`;
  };
  const mark = (met) => (met ? 'met' : 'NOT met');
  // Back has no link to hover: both columns are the same kind of move.
  console.table(
    moves.map((name) => ({
      move: name,
      'hovered ms': `${pick('hovered', name)} (${spread('hovered', name)})`,
      [`goal ≤ ${GOALS.hovered}`]: mark(pick('hovered', name) <= GOALS.hovered),
      'not hovered ms': `${pick('notHovered', name)} (${spread('notHovered', name)})`,
      [`goal ≤ ${GOALS.notHovered}`]: mark(pick('notHovered', name) <= GOALS.notHovered),
    })),
  );
  const documents = [...runs.hovered, ...runs.notHovered].map((run) => run.documents);
  console.log(`documents per tour: ${documents.join(', ')} (goal ${GOALS.documents}: ${mark(documents.every((n) => n === GOALS.documents))})`);
  const worst = (which) => Math.max(...moves.map((name) => pick(which, name)));
  console.log(
    `every move after a hover ≤ ${GOALS.hovered} ms: ${mark(worst('hovered') <= GOALS.hovered)} (worst ${worst('hovered')} ms); ` +
      `without one ≤ ${GOALS.notHovered} ms: ${mark(worst('notHovered') <= GOALS.notHovered)} (worst ${worst('notHovered')} ms)`,
  );
} finally {
  await browser.close();
  await site?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
