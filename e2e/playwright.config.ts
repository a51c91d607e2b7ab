import { readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, SITE } from './support/site';

const LAST = /admin-releases\.spec\.ts$/;

/**
 * The specs before the registry's, as projects: one for all (in file-name order), or with
 * E2E_ORDER=reverse one per file in reverse order, which a single worker runs one after another.
 */
function siteProjects() {
  if (process.env.E2E_ORDER !== 'reverse') return [{ name: 'site', testIgnore: LAST }];
  const files = readdirSync(path.join(__dirname, 'tests')).filter((file) => file.endsWith('.spec.ts') && !LAST.test(file));
  return files
    .sort()
    .reverse()
    .map((file) => ({ name: `site: ${file}`, testMatch: new RegExp(`[\\\\/]${file.replace(/\./g, '\\.')}$`) }));
}

/**
 * The browser suite: Debian's Chromium driven by Playwright against the production builds,
 * the real API on an embedded database, and the Firebase Auth emulator, all on loopback.
 */
export default defineConfig({
  testDir: './tests',
  // Per port offset, so suites run side by side never share (and clobber) their artifacts.
  outputDir: `test-results/offset-${process.env.E2E_PORT_OFFSET ?? 0}`,
  globalSetup: './support/global-setup.ts',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT ?? 'test-results/report.json' }]],
  // admin-releases.spec.ts registers releases, which from then on outrank remotes.json (docs/releases.md):
  // it runs after the specs that re-point remotes.json, as a project of its own listed last.
  projects: [...siteProjects(), { name: 'registry', testMatch: LAST }],
  use: {
    baseURL: SITE.shell,
    headless: true,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
