// Pipelines: shell
import type { APIRequestContext, Page } from '@playwright/test';
import type { LiveSet } from '@usedcars/shared-contract';
import type { TelemetrySummary } from '@usedcars/shared-contract/telemetry';
import { pageTokenKey, readPageToken } from '@usedcars/shared-contract/telemetry-token';
import { logIn } from '../support/auth';
import { DEMO, DEMO_PASSWORD, OPS_TOKENS, SITE } from '../support/site';
import { reportingStarted, switchAway, tokenOf } from '../support/telemetry';
import { expect, test } from '../support/test';

/**
 * Each release's health from real visitors (docs/releases.md, "What each number means" and "What
 * is trusted and why"): what a page reports, with the token its page was served with, arrives at
 * the API added up under the remote and release that rendered it; a visitor's whole session is
 * counted; the collection endpoint refuses what it should not take. /metrics shows the counters.
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
 * remote with none (the baseline set), the version its build's manifest declares.
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
 * Waits until the page's reporting has started, then hides the page as a visitor who switches tabs
 * does: the batch goes out as a beacon (hidden rather than left, so the test sees the request).
 */
async function visitAndLeave(page: Page, path: string, whileThere: () => Promise<void> = async () => undefined) {
  await page.goto(path);
  await reportingStarted(page);
  await whileThere();
  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url() === `${SITE.api}/telemetry`);
  await switchAway(page, false);
  await sent;
  await page.goto('about:blank');
}

/** The API's telemetry counters, by name and label value, as the scraper reads them. */
async function apiCounters(request: APIRequestContext): Promise<Record<string, number>> {
  const text = await (await request.get(`${SITE.api}/metrics`, { headers: { Authorization: `Bearer ${OPS_TOKENS.metrics}` } })).text();
  return Object.fromEntries(
    [...text.matchAll(/^(telemetry_\w+)\{\w+="(\w+)"\} (\d+)$/gm)].map(([, name, label, value]) => [`${name} ${label}`, Number(value)]),
  );
}

/**
 * The address the flood test's posts count against: batches without a page token are limited per
 * address, so it names its own in X-Forwarded-For (the e2e API trusts loopback as a proxy), picked
 * afresh on each run of the file, as a repeated run may come within the same minute.
 */
const FLOOD_CLIENT = `203.0.113.${1 + Math.floor(Math.random() * 254)}`;

test("a real visit's Web Vitals arrive, added up under the remote and release that rendered the screen", async ({ page, request }) => {
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

test('a screen that throws on a real page is reported with its words, and the same error on two visits is one group', async ({ page, request }) => {
  const since = new Date(Date.now() - 60_000).toISOString();
  const release = await releaseOf(request, 'catalog');
  // Chromium's words for it; the property is whichever the screen reads first.
  const message = /^Cannot read properties of null \(reading '\w+'\)$/;
  const groupOf = async () =>
    (await health(request, 'catalog', since)).find((entry) => entry.release === release)?.errorGroups.find((group) => message.test(group.message));
  const before = (await groupOf())?.count ?? 0;
  // A buyer (the brand lists are for those signed in) opens a car from a list, and the car comes with a price
  // history the screen cannot read: the catalog's own code throws while rendering it.
  await logIn(page, DEMO.buyer, DEMO_PASSWORD);
  // Reported from a network of its own: a network opens at most three new groups per release and hour (docs/releases.md,
  // "Errors"), and the suite's other pages, all from this machine, may have opened the catalog's three already.
  const network = `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
  let reports = 0;
  await page.route(`${SITE.api}/telemetry`, async (route) => {
    reports += 1;
    await route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': network } });
  });
  await page.route(new RegExp(`^${SITE.api}/audis/[0-9a-f-]{36}$`), async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...((await response.json()) as object), priceHistory: [null, null] } });
  });
  for (let visit = 0; visit < 2; visit += 1) {
    await visitAndLeave(page, '/audis', async () => {
      // React logs what a boundary caught, whichever error screen the site then shows.
      const caught = page.waitForEvent('console', (entry) => entry.type() === 'error' && entry.text().includes('Cannot read properties of null'));
      await page.locator('main a[href^="/audis/"]').first().click();
      await caught;
    });
  }
  await expect(async () => {
    const group = await groupOf();
    expect(group, `a group with the message ${message}`).toBeDefined();
    expect(group!.count).toBe(before + 2);
    expect(group).toMatchObject({ kind: 'boundary', screen: 'catalog/CarDetailPage' });
    expect(group!.frames[0]).toMatchObject({ file: expect.stringMatching(/^http:\/\/(localhost|127\.0\.0\.1):\d+\/.+\.js$/), line: expect.any(Number) });
  }).toPass({ timeout: 15_000 });
  expect(reports).toBeGreaterThan(0);
});

test('the collection endpoint refuses oversized, malformed and flooding batches with a 4xx', async ({ request }) => {
  const view = { type: 'view', screen: 'catalog/HomePage', remote: 'catalog', release: '0.1.0' };
  const post = (data: string) => request.post(`${SITE.api}/telemetry`, { headers: { 'content-type': 'text/plain', 'X-Forwarded-For': FLOOD_CLIENT }, data });
  expect((await post(`${JSON.stringify({ events: [view] })}${' '.repeat(17 * 1024)}`)).status()).toBe(413);
  expect((await post('{"events": [')).status()).toBe(400);
  expect((await post(JSON.stringify({ events: [{ ...view, remote: 'nowhere' }] }))).status()).toBe(400);
  expect(
    (
      await post(JSON.stringify({ events: [{ type: 'render', outcome: 'rendered', reason: '', count: 1, ms: 1, remote: 'catalog', release: '0.1.0' }] }))
    ).status(),
  ).toBe(403);
  // Without a page token: taken in and dropped (the API counts why), and past the per-address rate refused.
  const statuses: number[] = [];
  for (let i = 0; i < 40; i += 1) {
    const response = await post(JSON.stringify({ events: [view] }));
    statuses.push(response.status());
    if (response.status() === 202) expect(await response.json()).toEqual({ accepted: 0, dropped: 1 });
  }
  expect(statuses).toContain(429);
  expect(statuses.every((status) => status === 202 || status === 429)).toBe(true);
});

test('every page response carries a telemetry token of its own naming its release set, from the page cache too', async ({ request }) => {
  const responses = [];
  for (let i = 0; i < 3; i += 1) responses.push(await request.get('/blogs'));
  expect(responses.at(-1)!.headers()['x-render-cache']).toMatch(/^(hit|stale)$/);
  const tokens = responses.map((response) => tokenOf(response.headers()['server-timing']));
  expect(new Set(tokens).size).toBe(3);
  const catalog = await releaseOf(request, 'catalog');
  for (const token of tokens) {
    expect(readPageToken(pageTokenKey(OPS_TOKENS.telemetry), token!, Math.floor(Date.now() / 1000))).toMatchObject({
      claims: { releases: { catalog }, baselineSet: expect.arrayContaining(['shell']) },
    });
  }
});

test('a visitor browsing twenty screens in each of three tabs from one address has every report counted, none refused', async ({ context, request }) => {
  test.setTimeout(300_000);
  const car = await carPage(request);
  const before = await apiCounters(request);
  /** Twenty screens: five rounds of home, Blogs and About Us by the menu, and a car's page; the visitor switches tabs on each. */
  const browse = async (page: Page) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (let round = 0; round < 5; round += 1) {
      await page.goto('/');
      await reportingStarted(page);
      await switchAway(page);
      for (const [name, address] of [
        ['Blogs', /\/blogs$/],
        ['About Us', /\/about$/],
      ] as const) {
        await nav.getByRole('link', { name }).click();
        await expect(page).toHaveURL(address);
        await switchAway(page);
      }
      await page.goto(car);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await reportingStarted(page);
      await switchAway(page);
    }
    await page.close();
  };
  await Promise.all([0, 1, 2].map(async () => browse(await context.newPage())));
  await expect
    .poll(async () => {
      const after = await apiCounters(request);
      return (after['telemetry_batches_total accepted'] ?? 0) - (before['telemetry_batches_total accepted'] ?? 0);
    })
    // More than TELEMETRY_BATCHES_PER_MINUTE (30) from 127.0.0.1 (about four a round in each tab).
    .toBeGreaterThanOrEqual(45);
  const after = await apiCounters(request);
  const changed = (name: string) => (after[name] ?? 0) - (before[name] ?? 0);
  expect(changed('telemetry_batches_total 429')).toBe(0);
  const dropped = Object.keys(after).filter((name) => name.startsWith('telemetry_events_dropped_total') && changed(name) > 0);
  expect(dropped, 'no event of a real page was dropped').toEqual([]);
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
