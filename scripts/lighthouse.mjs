// docs/performance.md, "Measuring": simulated mobile, its defaults, a fresh Chromium.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FLAGS = ['--headless', ...createRequire(import.meta.url)('../tooling/chromium-args.json')];

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'usedcars-demo';

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Then empties the HTTP cache: the run that follows is a signed-in visitor's first load. */
export async function signInFirst(port, origin, email) {
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
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * @param {string} url
 * @param {{ prepare?: (port: number) => Promise<void> }} [o] run in the fresh Chromium before Lighthouse (a sign-in):
 *   the profile's storage is then kept for the run
 */
export async function lighthouseRun(url, { prepare } = {}) {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'usedcars-lh-'));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, userDataDir });
  try {
    if (prepare) await prepare(chrome.port);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(prepare ? { disableStorageReset: true } : {}),
    });
    const { audits, categories, environment } = result.lhr;
    const scripts = audits['network-requests'].details.items.filter((item) => item.resourceType === 'Script');
    return {
      score: Math.round(categories.performance.score * 100),
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      fcp: audits['first-contentful-paint'].numericValue,
      // As the budget counts it: what the scripts cost on the wire, headers included.
      js: scripts.reduce((sum, item) => sum + item.transferSize, 0),
      benchmarkIndex: environment.benchmarkIndex,
      lhr: result.lhr,
    };
  } finally {
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
