import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OPS_TOKENS, PORTS } from './site';

/**
 * Builds what is missing and starts the whole site on a fresh database for this run, or on the
 * data folder named by E2E_DATA_DIR, kept afterwards: a second run on it shows the specs pass on
 * data an earlier run left.
 */
export default async function globalSetup() {
  // site.mjs is the same launcher `npm start` uses (plain ESM, shared by the root scripts).
  const { startSite } = (await import(path.join(__dirname, '..', '..', 'scripts', 'site.mjs'))) as typeof import('../../scripts/site.mjs');
  const kept = process.env.E2E_DATA_DIR ? path.resolve(process.env.E2E_DATA_DIR) : null;
  if (kept) mkdirSync(kept, { recursive: true });
  const dataDir = kept ?? mkdtempSync(path.join(os.tmpdir(), 'usedcars-e2e-'));
  const site = await startSite({
    ports: PORTS,
    dataDir,
    quiet: !process.env.E2E_VERBOSE,
    // seller-content.spec.ts lists 500 cars and books 200 of them through the API to see the
    // dashboard at that size; the per-hour write limits (docs/api-limits.md) are covered by the
    // API's own tests and by launcher.spec.ts, and no spec on this site expects them. Specs make
    // their own accounts (support/accounts.ts), all from 127.0.0.1: registrations are not limited.
    apiEnv: {
      WRITE_LIMIT_LISTINGS: '0',
      WRITE_LIMIT_BOOKINGS: '0',
      WRITE_LIMIT_REGISTRATIONS: '0',
      METRICS_TOKEN: OPS_TOKENS.metrics,
      TELEMETRY_TOKEN: OPS_TOKENS.telemetry,
      // Pages report with their page token, whatever address they share; telemetry.spec.ts's flood of
      // batches without one names an address of its own in X-Forwarded-For, as a proxy in front of the API would.
      TELEMETRY_FLUSH_MS: '500',
      TRUST_PROXY: 'loopback',
      // Visitors' reports act from 4 networks here (loopback addresses stand for them: support/networks.ts), so
      // three forging addresses still do not; the default margin, so a busy machine's misses are judged as in production.
      RELEASE_ROLLBACK_MIN_NETWORKS: '4',
      RELEASE_ROLLBACK_CHECK_MS: '1000',
      // messages.spec.ts waits for the mail about a message left unread: 2 s instead of 10 minutes.
      MESSAGE_MAIL_AFTER_SECONDS: '2',
      MESSAGE_MAIL_SCAN_MS: '1000',
    },
    renderEnv: { METRICS_TOKEN: OPS_TOKENS.metrics, TELEMETRY_TOKEN: OPS_TOKENS.telemetry },
  });
  // Workers inherit the environment: the tests that re-point remotes.json find it here.
  process.env.E2E_SITE_DIR = site.siteDir;
  return async () => {
    await site.stop();
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  };
}
