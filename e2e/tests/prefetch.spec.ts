// Pipelines: shell
import type { Page, Request } from '@playwright/test';
import topology from '@usedcars/shared-contract/topology.json';
import { expect, settled, test } from '../support/test';
import { logIn } from '../support/auth';
import { hydrated } from '../support/hydration';
import { DEMO, DEMO_PASSWORD, SITE } from '../support/site';

/**
 * Prefetch on intent (docs/architecture.md, "Navigation between screens"): a link the visitor points
 * at has its screen's code and data fetched, so the click fetches neither again. Requests are
 * counted, never timed.
 */

const SHORT_WINDOW = { width: 1280, height: 500 };

/** The tab's requests from now on: scripts, and the API's reads (GETs) by path. */
function watchRequests(page: Page) {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  const apiReads = (from: number, path: RegExp) =>
    requests.slice(from).filter((request) => request.method() === 'GET' && request.url().startsWith(SITE.api) && path.test(new URL(request.url()).pathname));
  return {
    mark: () => requests.length,
    scripts: (from: number) =>
      requests
        .slice(from)
        .filter((request) => request.resourceType() === 'script')
        .map((request) => request.url()),
    apiReads: (from: number, path: RegExp) => apiReads(from, path).map((request) => new URL(request.url()).pathname),
  };
}

/**
 * The home page, signed in as the buyer, hydrated and with nothing more in flight; the window short
 * enough that its categories are more than half a screen below the fold (not yet "in view").
 */
async function openHomeAsBuyer(page: Page) {
  await page.setViewportSize(SHORT_WINDOW);
  await logIn(page, DEMO.buyer, DEMO_PASSWORD);
  // A page rendered for its viewer fetches the identity SDK once it has been idle a while
  // (docs/performance.md, "The identity SDK on intent"): before the counting starts, not during it.
  const identity = page.waitForRequest((request) => request.resourceType() === 'script' && /\/identity\.[^/]+\.js$/.test(new URL(request.url()).pathname), {
    timeout: 60_000,
  });
  await page.goto('/');
  await hydrated(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }));
  await identity;
  await settled(page);
}

test('a buyer points at the Audi link, then at a car: each click fetches no script and reads no prefetched data again', async ({ page }) => {
  await openHomeAsBuyer(page);
  const watch = watchRequests(page);

  const audi = page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: /audi/i });
  const beforeHover = watch.mark();
  await audi.hover();
  await expect.poll(() => watch.apiReads(beforeHover, /^\/audis$/), { message: 'the list is read on hover' }).toHaveLength(1);
  await expect
    .poll(() => watch.scripts(beforeHover).some((url) => url.includes('BrandListPage')), { message: "the list's module is fetched on hover" })
    .toBe(true);
  await settled(page);
  expect(watch.apiReads(beforeHover, /^\/favourites$/), "the buyer's favourites are read on hover").toHaveLength(1);

  const beforeClick = watch.mark();
  await audi.click();
  await expect(page.locator('#main').getByRole('heading', { level: 1, name: 'Audi cars' })).toBeVisible();
  const car = page.getByRole('article').first().getByRole('heading').getByRole('link');
  await expect(car).toBeVisible();
  await settled(page);
  expect(watch.scripts(beforeClick), 'no script after the click').toEqual([]);
  expect(watch.apiReads(beforeClick, /^\/(audis|favourites)$/), 'no read of what was prefetched').toEqual([]);

  const carName = (await car.textContent())!.trim();
  const beforeCarHover = watch.mark();
  await car.hover();
  await expect.poll(() => watch.apiReads(beforeCarHover, /^\/audis\/[^/]+$/), { message: 'the car is read on hover' }).toHaveLength(1);
  await expect
    .poll(() => watch.scripts(beforeCarHover).some((url) => url.includes('CarDetailPage')), { message: "the car page's module is fetched on hover" })
    .toBe(true);
  await settled(page);

  const beforeCarClick = watch.mark();
  await car.click();
  await expect(page.locator('#main').getByRole('heading', { level: 1, name: carName })).toBeVisible();
  await settled(page);
  expect(watch.scripts(beforeCarClick), 'no script after the click').toEqual([]);
  expect(watch.apiReads(beforeCarClick, /^\/(audis\/[^/]+|favourites)$/), 'no read of what was prefetched').toEqual([]);
});

test('the screen of a link pointed at is rendered ahead, out of sight: the click shows those very elements and focuses their heading', async ({ page }) => {
  await openHomeAsBuyer(page);
  const audi = page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: /audi/i });
  await audi.hover();
  const ahead = page.locator('#main section[aria-labelledby="brand-title"]');
  await expect(ahead, 'the list is rendered ahead, with its cars').toHaveCount(1);
  await expect(ahead.locator('article').first()).toBeAttached();
  await expect(ahead, 'out of sight').toBeHidden();
  await expect(page.getByRole('region', { name: 'Categories' }), 'the home page still on show').toBeVisible();
  await ahead.evaluate((section) => Object.assign(section, { renderedAhead: true }));

  await audi.click();
  const heading = page.getByRole('heading', { level: 1, name: 'Audi cars' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  expect(
    await heading.evaluate((h1) => (h1.closest('section') as HTMLElement & { renderedAhead?: boolean }).renderedAhead),
    'the elements on show are those rendered ahead',
  ).toBe(true);
  await expect(page.locator('#main h1'), 'no other screen left in the page').toHaveCount(1);
});

test("home's categories, its main call to action, are prepared once in view: the click fetches no script and reads no list again", async ({ page }) => {
  await openHomeAsBuyer(page);
  const watch = watchRequests(page);
  const lists = /^\/(audis|hondas|mercedess)$/;
  expect(watch.apiReads(0, lists), 'nothing prepared while the categories are more than half a screen below the fold').toEqual([]);

  // Scrolled to, never pointed at: the pointer stays in the corner.
  await page.mouse.move(0, 0);
  const categories = page.getByRole('region', { name: 'Categories' });
  await categories.evaluate((section) => section.scrollIntoView());
  await expect
    .poll(() => watch.apiReads(0, lists).sort(), { message: "each brand's list is read once it is in view" })
    .toEqual(['/audis', '/hondas', '/mercedess']);
  await expect.poll(() => watch.scripts(0).some((url) => url.includes('BrandListPage')), { message: "the list's module is fetched once in view" }).toBe(true);
  await settled(page);

  const beforeClick = watch.mark();
  await categories.getByRole('link', { name: /honda/i }).click();
  await expect(page.locator('#main').getByRole('heading', { level: 1, name: 'Honda cars' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await settled(page);
  expect(watch.scripts(beforeClick), 'no script after the click').toEqual([]);
  expect(watch.apiReads(beforeClick, /^\/(hondas|favourites)$/), 'no read of what was prepared').toEqual([]);
});

test('a visitor who asked to save data: pointing at a link fetches nothing, the click still moves', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }));
  await openHomeAsBuyer(page);
  const watch = watchRequests(page);

  const categories = page.getByRole('region', { name: 'Categories' });
  const audi = categories.getByRole('link', { name: /audi/i });
  const beforeHover = watch.mark();
  await audi.hover();
  await audi.focus();
  // A timer of the hover's delay set now runs after the hover's own (timers run in order of their
  // due time), so by then the hover has been judged too.
  // eslint-disable-next-line tests/no-fixed-wait -- the page's own timer queue is the signal: this one runs after the hover's
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
  const beforeControl = watch.mark();
  expect(watch.scripts(beforeHover), 'no code fetched before the click').toEqual([]);

  // The control: with Save-Data off, focusing another brand prefetches it through the same code.
  // Once its read is seen, one the Audi link had started earlier would have been seen before it.
  await page.evaluate(() => ((navigator as Navigator & { connection: { saveData: boolean } }).connection.saveData = false));
  await categories.getByRole('link', { name: /honda/i }).focus();
  await expect.poll(() => watch.apiReads(beforeControl, /^\/hondas$/), { message: 'the control link is prefetched' }).toHaveLength(1);
  expect(watch.apiReads(beforeHover, /^\/audis$/), 'nothing of the Audi list read before the click').toEqual([]);

  const beforeClick = watch.mark();
  await audi.click();
  await expect(page.locator('#main').getByRole('heading', { level: 1, name: 'Audi cars' })).toBeVisible();
  await expect.poll(() => watch.apiReads(beforeClick, /^\/audis$/)).toHaveLength(1);
});

test("a visitor who points at nothing: the remotes' manifests are read while the page is idle, and the first click into a remote asks for its screen's scripts beside its entry", async ({
  page,
}) => {
  await logIn(page, DEMO.buyer, DEMO_PASSWORD);
  // Requests and their ends, in the order the page saw them.
  const seen: string[] = [];
  page.on('request', (request) => seen.push(`asked ${request.url()}`));
  page.on('requestfinished', (request) => seen.push(`done ${request.url()}`));
  // The remotes' manifests: the shell's own, on the page's origin, is not one.
  const manifests = () => seen.filter((line) => line.startsWith('asked') && line.endsWith('/mf-manifest.json') && !line.startsWith(`asked ${SITE.shell}`));
  await page.goto('/');
  const dashboard = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' });
  await hydrated(dashboard);
  await expect.poll(() => new Set(manifests()).size, { message: "every remote's manifest, read before any click" }).toBe(Object.keys(topology.remotes).length);
  await settled(page);
  const dashboardEntry = () => seen.filter((line) => line.includes(SITE.dashboard) && line.endsWith('/remoteEntry.js'));
  expect(dashboardEntry(), "the dashboard's entry is not fetched before the click").toEqual([]);

  const beforeClick = seen.length;
  const manifestsBefore = manifests().length;
  await dashboard.click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  const afterClick = seen.slice(beforeClick);
  expect(manifests(), 'no manifest read again').toHaveLength(manifestsBefore);
  const moduleAsked = afterClick.findIndex((line) => line.startsWith(`asked ${SITE.dashboard}`) && line.includes('__federation_expose_Dashboard'));
  const entryDone = afterClick.findIndex((line) => line === `done ${SITE.dashboard}/remoteEntry.js`);
  expect(moduleAsked, "the dashboard's module is asked for").toBeGreaterThanOrEqual(0);
  expect(entryDone, "the dashboard's entry arrives").toBeGreaterThanOrEqual(0);
  expect(moduleAsked, 'before the entry has arrived').toBeLessThan(entryDone);
});
