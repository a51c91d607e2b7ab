import type { APIRequestContext, Page } from '@playwright/test';
import type { TelemetryEvent } from '@usedcars/shared-contract/telemetry';
import { pageTokenKey, signPageToken } from '@usedcars/shared-contract/telemetry-token';
import { OPS_TOKENS, SITE } from './site';

/**
 * The suite standing in for a render server (it holds the site's TELEMETRY_TOKEN): the pages it
 * reports served, and the token of one of them, for a release no real page of this site names
 * (docs/releases.md, "What is trusted and why").
 */
export async function reportServedPage(request: APIRequestContext, remote: string, release: string): Promise<string> {
  const served = await request.post(`${SITE.api}/telemetry`, {
    headers: { Authorization: `Bearer ${OPS_TOKENS.telemetry}` },
    data: { events: [{ type: 'served', remote, release, count: 1 }] satisfies TelemetryEvent[] },
  });
  if (served.status() !== 202) throw new Error(`the API refused the served count: ${served.status()} ${await served.text()}`);
  return signPageToken(pageTokenKey(OPS_TOKENS.telemetry), { releases: { [remote]: release }, baselineSet: [], bucket: 0 }, Math.floor(Date.now() / 1000));
}

/** The telemetry token the render server sent with a page response (its Server-Timing header). */
export function tokenOf(serverTiming: string | undefined): string | undefined {
  return /telemetry;desc="([\w.-]+)"/.exec(serverTiming ?? '')?.[1];
}

/** The tab is hidden (the visitor switched to another), and shown again if `back`: the page sends what it noted as a beacon. */
export async function switchAway(page: Page, back = true) {
  await page.evaluate((back) => {
    const hidden = (state: string) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    };
    hidden('hidden');
    if (back) hidden('visible');
  }, back);
}

/** The visitor leaves for another tab for good: the page's beacon goes out, and this resolves once it has. */
export async function leaveReporting(page: Page) {
  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url() === `${SITE.api}/telemetry`);
  await switchAway(page, false);
  await sent;
}

/** Once the page is idle its reporting code starts, as soon as its chunk has arrived. */
export async function reportingStarted(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /\/telemetry\.[0-9a-f]{8}\.js$/.test(entry.name)));
  // A turn of the page's event loop: the reporting code starts once its chunk has run.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
