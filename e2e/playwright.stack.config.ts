import './support/stack-env';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, SITE } from './support/site';

/**
 * The production shape (`npm run stack`, docs/operate-production.md), started once for both projects: what a
 * visitor, a seller and a buyer see through the cache and the balancer, then the faults it survives (which leave
 * it with one API instance and one render server, so they run last).
 */
export default defineConfig({
  testDir: './stack',
  outputDir: `test-results/stack-offset-${process.env.E2E_PORT_OFFSET ?? 0}`,
  globalSetup: './support/stack-setup.ts',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT ?? 'test-results/stack-report.json' }]],
  projects: [
    { name: 'shape', testMatch: /(shape|internal|monitoring|alert-webhook|traces)\.spec\.ts$/ },
    { name: 'faults', testMatch: /faults\.spec\.ts$/, dependencies: ['shape'] },
  ],
  use: {
    baseURL: SITE.shell,
    headless: true,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
