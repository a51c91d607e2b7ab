// `npm run bench`'s checks in Chromium itself (docs/performance.md, "Measuring" and "Pictures"): layout shift and picture bytes.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, DEMO_PASSWORD, FLAGS } from './lighthouse.mjs';
import { watchNetwork } from './page-network.mjs';

/** The layout shift of a first load of each screen, signed out and as each role, at 1280 and 375 px. */
export async function layoutShifts(origin, conversationPath) {
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
      ['Buyer', 'buyer@usedcars.test', ['/', '/audis', '/hondas', '/mercedes', '/dashboard', '/messages', conversationPath]],
      ['Seller', 'seller@usedcars.test', ['/dashboard', '/dashboard/myProduct', '/dashboard/addProduct', '/messages']],
      ['admin', 'admin@usedcars.test', ['/dashboard', '/dashboard/releases']],
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

/** What a visitor pays before scrolling: below-the-fold pictures load lazily. */
export async function pictureBytes(origin, carPath) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS.filter((flag) => flag !== '--headless') });
  const rows = [];
  try {
    for (const dpr of [1, 2]) {
      for (const [label, address] of [
        ['home', '/'],
        ['brand list /audis', '/audis'],
        ['car detail', carPath],
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
