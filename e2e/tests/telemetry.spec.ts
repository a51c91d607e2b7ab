import type { APIRequestContext, Page } from '@playwright/test';
import type { LiveSet } from '@usedcars/shared-contract';
import type { TelemetrySummary } from '@usedcars/shared-contract/telemetry';
import { DEMO, DEMO_PASSWORD, OPS_TOKENS, SITE } from '../support/site';
import { expect, test } from '../support/test';

/**
 * Each release's health from real visitors (docs/releases.md, "What each number means"): what a
 * page reports arrives at the API added up under the remote and release that rendered it, and
 * the collection endpoint refuses what it should not take. /metrics shows the servers' counters.
 */

/** The demo admin's access token, as the site gets one: the identity emulator, then GET /jwt. */
async function adminAuth(request: APIRequestContext): Promise<{ Authorization: string }> {
  const signIn = await request.post(`${SITE.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
    data: { email: DEMO.admin, password: DEMO_PASSWORD, returnSecureToken: true },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const identity = { Authorization: `Bearer ${((await signIn.json()) as { idToken: string }).idToken}` };
  const jwt = await request.get(`${SITE.api}/jwt?email=${encodeURIComponent(DEMO.admin)}`, { headers: identity });
  return { Authorization: `Bearer ${((await jwt.json()) as { accessToken: string }).accessToken}` };
}

async function health(request: APIRequestContext, remote: string, since: string) {
  const response = await request.get(`${SITE.api}/telemetry/summary?remote=${remote}&since=${encodeURIComponent(since)}`, {
    headers: await adminAuth(request),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as TelemetrySummary).releases;
}

/**
 * The release a visitor of the remote gets (docs/releases.md): the registry's live one, or, for a
 * remote with none (the first set), the version its build's manifest declares.
 */
async function releaseOf(request: APIRequestContext, remote: 'catalog'): Promise<string> {
  const live = (await (await request.get(`${SITE.api}/releases/live`)).json()) as LiveSet;
  const running = live.remotes[remote];
  expect(running?.canary ?? null, 'no canary splits the visitors of this test').toBeNull();
  if (running?.live) return running.live.version;
  const manifest = (await (await request.get(`${SITE[remote]}/mf-manifest.json`)).json()) as { metaData: { buildInfo: { buildVersion: string } } };
  return manifest.metaData.buildInfo.buildVersion;
}

/** A car's page: open to everyone, rendered by the catalog and hydrated with its code. */
async function carPage(request: APIRequestContext): Promise<string> {
  const [car] = (await (await request.get(`${SITE.api}/audis?limit=1`)).json()) as { _id: string }[];
  return `/audis/${car!._id}`;
}

/**
 * Waits until the page's reporting has started (its chunk and the shell's manifest, which names the
 * shell's release, have both arrived once the page was idle), then hides the page as a visitor who
 * switches tabs does: the batch goes out as a beacon. Hidden rather than left, because a beacon sent
 * while the page is being left carries none of the test's extra headers (its X-Forwarded-For).
 */
async function visitAndLeave(page: Page, path: string, whileThere: () => Promise<void> = async () => undefined) {
  const reporting = Promise.all([
    page.waitForResponse((response) => /\/telemetry\.[0-9a-f]{8}\.js$/.test(response.url())),
    page.waitForResponse((response) => response.url() === `${SITE.shell}/mf-manifest.json`).then((response) => response.finished()),
  ]);
  await page.goto(path);
  await reporting;
  // A turn of the page's event loop: the reporting code starts once both have been read.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await whileThere();
  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url() === `${SITE.api}/telemetry`);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
  await sent;
  await page.goto('about:blank');
}

/**
 * The address a test's own beacons and posts count against: every spec's pages share 127.0.0.1's
 * per-address rate, so a test names its own in X-Forwarded-For (the e2e API trusts loopback as a proxy),
 * picked afresh on each run of the file, as a repeated run may come within the same minute.
 */
const host = () => 1 + Math.floor(Math.random() * 254);
const CLIENT = { visit: `198.51.100.${host()}`, failed: `192.0.2.${host()}`, flood: `203.0.113.${host()}` };

test("a real visit's Web Vitals arrive, added up under the remote and release that rendered the screen", async ({ page, request }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': CLIENT.visit });
  const since = new Date(Date.now() - 60_000).toISOString();
  const release = await releaseOf(request, 'catalog');
  await visitAndLeave(page, await carPage(request), async () => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A tap, so the page has an interaction to time (INP).
    await page.getByRole('heading', { level: 1 }).click();
  });

  await expect(async () => {
    const mine = (await health(request, 'catalog', since)).find((entry) => entry.release === release);
    expect(mine?.pageViews).toBeGreaterThanOrEqual(1);
    expect(mine?.lcpP75).toBeGreaterThan(0);
    expect(mine?.ttfbP75).not.toBeNull();
  }).toPass({ timeout: 15_000 });
});

test("a remote that fails to load is counted against that remote's release", async ({ page, request }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': CLIENT.failed });
  const since = new Date(Date.now() - 60_000).toISOString();
  const release = await releaseOf(request, 'catalog');
  const before = (await health(request, 'catalog', since)).find((entry) => entry.release === release)?.errorsByKind.load ?? 0;
  // The catalog's scripts cannot be had (its host is down for this browser); its manifest still says which release it is.
  await page.route(`${SITE.catalog}/**/*.js`, (route) => route.abort());
  await visitAndLeave(page, await carPage(request), async () => {
    await expect(page.getByRole('heading', { name: 'The car catalog is not available right now' })).toBeVisible();
  });
  await expect(async () => {
    const releases = await health(request, 'catalog', since);
    const mine = releases.find((entry) => entry.release === release);
    expect(mine?.errorsByKind.load ?? 0, `load errors of ${release} in ${JSON.stringify(releases)}`).toBeGreaterThan(before);
  }).toPass({ timeout: 15_000 });
});

test('the collection endpoint refuses oversized, malformed and flooding batches with a 4xx', async ({ request }) => {
  const view = { type: 'view', screen: 'catalog/HomePage', remote: 'catalog', release: '0.1.0' };
  const post = (data: string) => request.post(`${SITE.api}/telemetry`, { headers: { 'content-type': 'text/plain', 'X-Forwarded-For': CLIENT.flood }, data });
  expect((await post(`${JSON.stringify({ events: [view] })}${' '.repeat(17 * 1024)}`)).status()).toBe(413);
  expect((await post('{"events": [')).status()).toBe(400);
  expect((await post(JSON.stringify({ events: [{ ...view, remote: 'nowhere' }] }))).status()).toBe(400);
  expect(
    (
      await post(JSON.stringify({ events: [{ type: 'render', outcome: 'rendered', reason: '', count: 1, ms: 1, remote: 'catalog', release: '0.1.0' }] }))
    ).status(),
  ).toBe(403);
  const statuses: number[] = [];
  for (let i = 0; i < 40; i += 1) statuses.push((await post(JSON.stringify({ events: [view] }))).status());
  expect(statuses).toContain(429);
  expect(statuses.every((status) => status === 204 || status === 429)).toBe(true);
});

test("the API's /metrics shows its counters after traffic, to the token's bearer only", async ({ page, request }) => {
  await page.goto(await carPage(request));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await request.get(`${SITE.api}/metrics`)).status()).toBe(404);
  const api = await (await request.get(`${SITE.api}/metrics`, { headers: { Authorization: `Bearer ${OPS_TOKENS.metrics}` } })).text();
  expect(api).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/audis\/:id",status="200"\} \d+/);
  expect(api).toMatch(/telemetry_batches_total\{outcome="accepted"\} \d+/);
});

test("the render server's /metrics adds up every worker's counters after traffic, to the token's bearer only", async ({ page, request }) => {
  await page.goto(await carPage(request));
  await page.goto('/no-such-page');
  expect((await request.get(`${SITE.shell}/metrics`)).status()).toBe(404);
  const render = await (await request.get(`${SITE.shell}/metrics`, { headers: { Authorization: `Bearer ${OPS_TOKENS.metrics}` } })).text();
  expect(render).toMatch(/render_pages_total\{remote="catalog",release="[^"]+",outcome="rendered",reason="",cache="[a-z]+"\} \d+/);
  expect(render).toMatch(/render_pages_total\{remote="shell",release="[^"]+",outcome="rendered",reason="",cache="[a-z]+"\} \d+/);
  expect(render).toMatch(/http_request_duration_seconds_count\{kind="page",status="404"\} \d+/);
});
