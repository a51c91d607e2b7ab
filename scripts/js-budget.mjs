#!/usr/bin/env node
// `npm run budget` (docs/performance.md, "Measuring"); --url, --gzip.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { movedPorts } from './topology.mjs';

const BUDGET = 130 * 1024;
// Debian's Chromium without a sandbox or GPU, nothing fetched in the background: one list for every tool that drives it.
const CHROMIUM_ARGS = createRequire(import.meta.url)('../tooling/chromium-args.json');

const urlArg = process.argv.indexOf('--url');
let url = urlArg > 0 ? process.argv[urlArg + 1] : null;
let site = null;
let dataDir = null;
if (!url) {
  const { startSite, buildMissing } = await import('./site.mjs');
  await buildMissing();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'usedcars-budget-'));
  const ports = movedPorts(200);
  site = await startSite({ ports, dataDir, quiet: true });
  url = `http://localhost:${ports.shell}/`;
}

const profile = mkdtempSync(path.join(os.tmpdir(), 'usedcars-budget-profile-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: CHROMIUM_ARGS,
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (process.argv.includes('--gzip')) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip' } });
  const scripts = new Map();
  let firstPaintDone = false;
  const beforePaint = new Set();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type !== 'Script') return;
    const encoding = event.response.headers['content-encoding'] ?? event.response.headers['Content-Encoding'] ?? 'none';
    // The response's encodedDataLength so far is its status line and headers.
    scripts.set(event.requestId, { url: event.response.url, headerBytes: event.response.encodedDataLength, bytes: 0, wire: 0, encoding });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const entry = scripts.get(event.requestId);
    if (!entry) return;
    entry.wire = event.encodedDataLength;
    entry.bytes = event.encodedDataLength - entry.headerBytes;
    if (!firstPaintDone) beforePaint.add(event.requestId);
  });

  await page.goto(url, { waitUntil: 'domcontentloaded' });
  // "Painted" = the home page's own content is on screen (the catalog remote rendered it).
  await page.getByRole('heading', { name: /categories/i }).waitFor({ timeout: 60_000 });
  firstPaintDone = true;
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);

  const rows = [...scripts.entries()].map(([id, entry]) => ({ ...entry, beforePaint: beforePaint.has(id) }));
  rows.sort((a, b) => b.bytes - a.bytes);
  const sum = (list, field = 'bytes') => list.reduce((total, row) => total + row[field], 0);
  const painted = sum(rows.filter((row) => row.beforePaint));
  const total = sum(rows);
  const wire = sum(rows, 'wire');
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`Home page, first visit (${url}):`);
  console.log(`  ${'script'.padStart(9)}  ${'+headers'.padStart(9)}`);
  for (const row of rows) {
    console.log(
      `  ${kb(row.bytes).padStart(9)}  ${kb(row.wire).padStart(9)}  ${row.encoding.padEnd(4)} ${row.beforePaint ? '     ' : 'later'} ${new URL(row.url).host}${new URL(row.url).pathname}`,
    );
  }
  console.log(`JavaScript to first paint: ${kb(painted)} compressed (${rows.filter((r) => r.beforePaint).length} files)`);
  console.log(`On the wire with each response's HTTP headers: ${kb(wire)}`);
  console.log(
    `JavaScript for the whole visit (deferred pieces included): ${kb(total)} compressed (${rows.length} files); budget ${kb(BUDGET)}: ${total <= BUDGET ? 'within' : 'OVER'}`,
  );
  process.exitCode = total <= BUDGET ? 0 : 1;
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  if (site) await site.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
