// Pipelines: dashboard
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { settled, expect as suiteExpect, test } from '../support/test';
import { hydrated } from '../support/hydration';
import { recordShifts, shiftsSoFar } from '../support/layoutShifts';
import { expectAxeClean } from '../support/market';
import { accessToken } from '../support/orders';
import { expectNoSidewaysScroll, logInAt } from '../support/pageChecks';
import { backToBaselineSet, publishRunningBuild } from '../support/remotes';
import { DEMO, DEMO_PASSWORD, SITE } from '../support/site';
import { rowOf } from '../support/tables';
import { reportServedPage } from '../support/telemetry';

// Two shared cores under load: a remote's first render can take longer than the suite's 15 s.
const expect = suiteExpect.configure({ timeout: 45_000 });

/**
 * The admin's Releases screen (docs/releases.md, "The Releases screen") at a phone's width: each
 * remote's live release, a canary's share changed and the canary promoted, a deploy token created
 * and revoked. The releases are the builds the site already runs (its baseline set), published under
 * versions of this run and registered through the API, so every page keeps working.
 */
test.use({ viewport: { width: 375, height: 900 } });
test.describe.configure({ timeout: 360_000 });

const TITLES = { catalog: 'The car catalog', dashboard: 'The dashboard', checkout: 'Checkout' } as const;
const sectionOf = (page: Page) => (remote: keyof typeof TITLES) => page.getByRole('region', { name: `${remote} ${TITLES[remote]}`, exact: true });

// Back to the baseline set: remotes.json decides again, as on a fresh data folder, so the suite can
// run a second time on this one (docs/how-to.md). Each rollback steps back one release.
test.afterAll(async ({ browser }) => {
  const page = await browser.newPage({ baseURL: SITE.shell });
  await logInAt(page, DEMO.admin, DEMO_PASSWORD);
  await backToBaselineSet({ Authorization: `Bearer ${await accessToken(page)}` });
  const live = (await (await page.request.get(`${SITE.api}/releases/live`)).json()) as { remotes: Record<string, unknown> };
  expect(live.remotes).toEqual({});
  await page.close();
});

test('the admin reads each remote’s live release, changes a canary’s share, promotes it, pins and unpins this browser, rolls back, and creates and revokes a deploy token', async ({
  page,
  context,
  request,
}) => {
  const tag = randomBytes(4).toString('hex');
  // A version as `npm run release` makes them: the package's, then 10 hex digits.
  const versions = { catalog: `0.1.0-${tag}a0`, dashboard: `0.1.0-${tag}b0`, checkout: `0.1.0-${tag}c0` };
  const canary = `0.1.0-${tag}d0`;

  await logInAt(page, DEMO.admin, DEMO_PASSWORD);
  const auth = { Authorization: `Bearer ${await accessToken(page)}` };
  const register = async (remote: keyof typeof versions, version: string, share?: number) => {
    const manifestUrl = await publishRunningBuild(remote, version, auth.Authorization.slice('Bearer '.length));
    const registered = await request.post(`${SITE.api}/releases`, {
      headers: auth,
      data: { remote, version, manifestUrl, commit: `e2e${tag}`, ...(share ? { canary: share } : {}) },
    });
    expect(registered.status(), await registered.text()).toBe(201);
  };
  for (const remote of Object.keys(versions) as Array<keyof typeof versions>) await register(remote, versions[remote]);
  await register('checkout', canary, 10);

  // A page served with the catalog release of this run reports three screens (the site's own pages name the build's version instead).
  const token = await reportServedPage(request, 'catalog', versions.catalog);
  const views = await request.post(`${SITE.api}/telemetry`, {
    data: { token, events: Array.from({ length: 3 }, () => ({ type: 'view', screen: '/', remote: 'catalog', release: versions.catalog })) },
  });
  expect(await views.json()).toEqual({ accepted: 3, dropped: 0 });

  const section = sectionOf(page);
  // Nothing moves while the screen arrives: each section in a space as tall as the window until its reads are in, the
  // chart rendered in a box of its own height once near (docs/performance.md, "Nothing moves while it arrives").
  await recordShifts(page);
  await page.goto('/dashboard/releases');
  await expect(section('checkout').getByRole('region', { name: 'checkout: canary verdict' })).toBeVisible();
  const chart = section('catalog').locator('figure canvas');
  await settled(page);
  await section('catalog').locator('figure').scrollIntoViewIfNeeded();
  await expect(chart).toBeVisible();
  await settled(page);
  const arrival = await shiftsSoFar(page);
  expect(arrival.total, JSON.stringify(arrival.shifts)).toBeLessThanOrEqual(0.01);

  await page.goto('/dashboard');
  // Every dashboard link in sight at a phone's width, Releases included.
  const releasesLink = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Releases' });
  await expect(releasesLink).toBeInViewport({ ratio: 1 });
  await (await hydrated(releasesLink)).click();
  await expect(page).toHaveTitle('Dashboard - Releases');
  await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();

  for (const remote of Object.keys(versions) as Array<keyof typeof versions>) {
    await expect(section(remote).locator('dd').first()).toHaveText(versions[remote]);
  }
  // Its health: the numbers in the table (the live release marked), the chart uPlot renders, and the chart in words.
  const catalog = section('catalog');
  const catalogHealth = catalog.getByRole('table', { name: 'catalog health by release' }).getByRole('row').filter({ hasText: versions.catalog });
  await expect(catalogHealth.getByRole('cell').first()).toHaveText(`${versions.catalog}live`);
  await expect(catalogHealth.getByRole('cell').nth(1)).toHaveText('3');
  await catalog.locator('figure').scrollIntoViewIfNeeded();
  await expect(catalog.locator('figure canvas')).toBeVisible();
  await expect(catalog.locator('figcaption')).toContainText(`${versions.catalog}: 3 in all`);
  const checkout = section('checkout');
  await expect(checkout.locator('dd').nth(1)).toHaveText(`${canary} for 10 % of visitors`);
  await expect((await rowOf(page, 'checkout releases', canary)).getByRole('cell').nth(4)).toHaveText('canary 10 %');
  await expectAxeClean(page);
  await expectNoSidewaysScroll(page);
  // The tables read as lists at this width: none of them scrolls sideways either.
  for (const table of await page.getByRole('table').all()) {
    const fits = await table.evaluate((element) => {
      const box = element.closest<HTMLElement>('[role="region"][tabindex="0"]') ?? element;
      return box.scrollWidth <= box.clientWidth + 1;
    });
    expect(fits, (await table.textContent())?.slice(0, 60)).toBe(true);
  }

  // The canary's share, from 10 % to 30 %: what the registry returns afterwards too.
  const share = checkout.getByRole('spinbutton', { name: 'checkout canary share (%)' });
  await share.fill('30');
  await checkout.getByRole('button', { name: 'Change share' }).click();
  await expect(checkout.locator('dd').nth(1)).toHaveText(`${canary} for 30 % of visitors`);
  const live = (await (await request.get(`${SITE.api}/releases/live`)).json()) as { remotes: Record<string, { canary: { share: number } | null }> };
  expect(live.remotes.checkout?.canary?.share).toBe(30);

  // Promoting asks first; afterwards the canary is everyone's and the release before it retires.
  await checkout.getByRole('button', { name: `Promote canary ${canary} of checkout` }).click();
  const promote = page.getByRole('dialog', { name: `Promote checkout ${canary}?` });
  await expect(promote.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAxeClean(page);
  await promote.getByRole('button', { name: 'Promote', exact: true }).click();
  await expect(promote).toHaveCount(0);
  await expect(page.getByText(`checkout ${canary} is live for everyone`)).toBeVisible();
  await expect(checkout.locator('dd').first()).toHaveText(canary);
  await expect(checkout.locator('dd').nth(1)).toHaveText('None');
  const retired = (await rowOf(page, 'checkout releases', versions.checkout)).getByRole('cell').nth(4);
  await expect(retired).toContainText('retired');
  await expect(retired).toContainText(`replaced by ${canary}`);

  // This browser pinned to the release before: the notice says so and the page keeps the pin; Unpin takes it back.
  await (await rowOf(page, 'checkout releases', versions.checkout)).getByRole('button', { name: `Pin my browser to checkout ${versions.checkout}` }).click();
  await expect(page.getByText(`This browser now loads checkout ${versions.checkout}`)).toBeVisible();
  const notice = page.getByText(/^This browser is pinned to checkout/);
  await expect(notice).toContainText(versions.checkout);
  expect((await context.cookies(SITE.shell)).map((cookie) => cookie.name)).toContain('release_pin');
  await page
    .getByRole('button', { name: `Unpin checkout ${versions.checkout}` })
    .first()
    .click();
  await expect(page.getByText('This browser gets what visitors get again')).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect((await context.cookies(SITE.shell)).map((cookie) => cookie.name)).not.toContain('release_pin');

  // Rolling back asks why; the release before goes live again and the history keeps the reason.
  await checkout.getByRole('button', { name: 'Roll back checkout' }).click();
  const rollback = page.getByRole('dialog', { name: 'Roll back checkout' });
  await expect(rollback).toContainText(`${versions.checkout} goes live again.`);
  await rollback.getByRole('button', { name: 'Roll back', exact: true }).click();
  await expect(rollback.getByText('Reason is required')).toBeVisible();
  await rollback.getByLabel('Reason').fill(`checkout ${canary} double-charges at 375 px`);
  await rollback.getByRole('button', { name: 'Roll back', exact: true }).click();
  await expect(rollback).toHaveCount(0);
  await expect(page.getByText('checkout rolled back')).toBeVisible();
  await expect(checkout.locator('dd').first()).toHaveText(versions.checkout);
  const rolledBack = (await rowOf(page, 'checkout releases', canary)).getByRole('cell').nth(4);
  await expect(rolledBack).toContainText(`checkout ${canary} double-charges at 375 px`);
  const back = (await (await request.get(`${SITE.api}/releases/live`)).json()) as { remotes: Record<string, { live: { version: string } | null }> };
  expect(back.remotes.checkout?.live?.version).toBe(versions.checkout);

  // A deploy token: shown once, then revoked.
  const tokens = page.getByRole('region', { name: 'Deploy tokens', exact: true });
  const name = `E2E team ${tag}`;
  await tokens.getByLabel('Token name').fill(name);
  await tokens.getByLabel('Releases remote').selectOption('checkout');
  await tokens.getByRole('button', { name: 'Create token' }).click();
  const shown = tokens.getByRole('status');
  await expect(shown).toContainText('Copy it now: it is not shown again.');
  await expect(shown.getByLabel(`Deploy token ${name}`)).toHaveText(/^ucd_/);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: SITE.shell });
  await shown.getByRole('button', { name: 'Copy token' }).click();
  await expect(page.getByText('Token copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^ucd_/);
  const row = await rowOf(page, 'Tokens issued', name);
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const revoke = page.getByRole('dialog', { name: `Revoke ${name}?` });
  await revoke.getByRole('button', { name: 'Revoke token' }).click();
  await expect(revoke).toHaveCount(0);
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);
  await expectAxeClean(page);
  await expectNoSidewaysScroll(page);
});

test('after a move into the screen, each remote’s section is shown as soon as its own reads are in, while another remote’s are held back at the API', async ({
  page,
}) => {
  await logInAt(page, DEMO.admin, DEMO_PASSWORD);
  const section = sectionOf(page);
  let letGo = () => {};
  const held = new Promise<void>((resolve) => (letGo = resolve));
  // The catalog's history, and only it, waits until the other sections are seen.
  await page.route(
    (url) => url.href.startsWith(SITE.api) && url.pathname === '/releases' && url.searchParams.get('remote') === 'catalog',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  // The server reads what a first load shows; a move reads it in the browser, where the catalog's history is held.
  await page.goto('/dashboard');
  await (await hydrated(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Releases' }))).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
  await expect(section('dashboard').getByText('Live', { exact: true })).toBeVisible();
  await expect(section('checkout').getByText('Live', { exact: true })).toBeVisible();
  const catalogLoading = page.getByRole('status').filter({ hasText: 'Loading the releases of catalog…' });
  await expect(catalogLoading).toHaveCount(1);
  await expect(section('catalog')).toHaveCount(0);

  letGo();
  await expect(section('catalog').getByText('Live', { exact: true })).toBeVisible();
  await expect(catalogLoading).toHaveCount(0);
  await expectAxeClean(page);

  // The last remote's chart, screens below: no uPlot canvas until it comes near, then rendered in the box kept for it.
  const chart = page.locator('figure').last();
  const before = await chart.evaluate((figure) => figure.getBoundingClientRect());
  expect(before.top).toBeGreaterThan(2 * 900);
  await expect(chart.locator('canvas')).toHaveCount(0);
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('canvas').first()).toBeVisible();
  expect(await chart.evaluate((figure) => figure.getBoundingClientRect().height)).toBe(before.height);
});
