// Pipelines: shell
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { logIn } from '../support/auth';
import { DEMO, DEMO_PASSWORD, SITE } from '../support/site';

/**
 * Navigation between screens (docs/architecture.md, "Navigation between screens"): no in-site link reloads
 * the document, links in the markup the server rendered and the page kept included; focus goes to the
 * new screen's heading, a new screen starts at the top and Back returns where the visitor was.
 * Documents are counted, never timed.
 */

/** The documents the tab loads from now on (its main frame's). */
function countDocuments(page: Page): { documents: () => string[] } {
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) documents.push(request.url());
  });
  return { documents: () => documents };
}

async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __tour?: number }).__tour), 'the page was not reloaded').toBe(1);
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
}

/** The screen's heading, focused after the move. */
async function expectFocusedHeading(page: Page, name: string | RegExp): Promise<void> {
  const heading = page.locator('#main').getByRole('heading', { level: 1, name });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(heading).toHaveAttribute('tabindex', '-1');
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Blogs → About → Back → Forward, with the scroll position checked on the way. */
async function blogsAboutBackForward(page: Page): Promise<void> {
  await nav(page).getByRole('link', { name: 'Blogs' }).click();
  await expect(page).toHaveURL(/\/blogs$/);
  await expectFocusedHeading(page, 'Question and Answer');
  expect(await scrollY(page), 'a new screen starts at the top').toBe(0);

  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => scrollY(page)).toBe(600);
  await nav(page).getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expectFocusedHeading(page, 'About');
  expect(await scrollY(page), 'a new screen starts at the top').toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/blogs$/);
  await expectFocusedHeading(page, 'Question and Answer');
  await expect.poll(() => scrollY(page), { message: 'Back returns where the visitor was' }).toBe(600);

  await page.goForward();
  await expect(page).toHaveURL(/\/about$/);
  await expectFocusedHeading(page, 'About');
  await expect.poll(() => scrollY(page)).toBe(0);
}

test("a signed-out tour loads one document: home → the Audi list (the login guard's form) → Blogs → About → back → forward", async ({ page }) => {
  const counter = countDocuments(page);
  await page.goto('/');
  expect(counter.documents()).toHaveLength(1);
  await page.evaluate(() => ((window as unknown as { __tour: number }).__tour = 1));

  // A link in the server's markup, which the page keeps as it is.
  await page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: /audi/i }).click();
  await expect(page).toHaveURL(/\/audis$/);
  await expectFocusedHeading(page, 'Login');

  await blogsAboutBackForward(page);
  expect(counter.documents(), 'one document for the whole tour').toHaveLength(1);
  await expectSameDocument(page);
});

test('a signed-in buyer tour loads one document: home → the Audi list → a car → Blogs → About → back → forward', async ({ page }) => {
  await logIn(page, DEMO.buyer, DEMO_PASSWORD);
  const counter = countDocuments(page);
  await page.goto('/');
  expect(counter.documents()).toHaveLength(1);
  await page.evaluate(() => ((window as unknown as { __tour: number }).__tour = 1));

  await page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: /audi/i }).click();
  await expect(page).toHaveURL(/\/audis$/);
  await expectFocusedHeading(page, 'Audi cars');

  const car = page.getByRole('article').first().getByRole('heading').getByRole('link');
  const carName = (await car.textContent())!.trim();
  await car.click();
  await expect(page).toHaveURL(/\/audis\/[^/]+$/);
  await expectFocusedHeading(page, carName);

  await blogsAboutBackForward(page);
  expect(counter.documents(), 'one document for the whole tour').toHaveLength(1);
  await expectSameDocument(page);
});

test('the footer and navbar links of a page the server rendered move in the page too', async ({ page }) => {
  const counter = countDocuments(page);
  await page.goto('/about');
  await page.evaluate(() => ((window as unknown as { __tour: number }).__tour = 1));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(new RegExp(`^${SITE.shell}/$`));
  await expect(page.getByRole('region', { name: 'Categories' })).toBeVisible();
  await nav(page).getByRole('link', { name: 'About Us' }).click();
  await expectFocusedHeading(page, 'About');
  expect(counter.documents()).toHaveLength(1);
  await expectSameDocument(page);
});

test('a slow move keeps the old screen, with a progress bar, until the new one is ready', async ({ page }) => {
  await page.goto('/blogs');
  await page.evaluate(() => ((window as unknown as { __tour: number }).__tour = 1));
  // The catalog's code has not been fetched (Blogs was kept as the server rendered it): hold it back a while.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${SITE.catalog}/**`, async (route) => {
    await held;
    await route.continue();
  });
  await nav(page).getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('progressbar', { name: 'Loading the next page' })).toBeVisible();
  await expect(page.locator('#main').getByRole('heading', { level: 1, name: 'Question and Answer' }), 'the old screen stays').toBeVisible();
  release();
  await expectFocusedHeading(page, 'About');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expectSameDocument(page);
});

test('a ctrl/meta-click or an external link is left to the browser', async ({ page, context }) => {
  await context.route('https://www.kbb.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>KBB</title>' }));
  await page.goto('/');
  await page.evaluate(() => ((window as unknown as { __tour: number }).__tour = 1));
  const audi = page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: /audi/i });

  const newTab = context.waitForEvent('page');
  await audi.click({ modifiers: ['ControlOrMeta'] });
  const opened = await newTab;
  await expect(opened).toHaveURL(/\/audis$|\/login$/);
  await opened.close();

  const external = context.waitForEvent('page');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: /Kelley Blue Book/ })
    .click();
  const kbb = await external;
  await expect(kbb).toHaveURL(/kbb\.com/);
  await kbb.close();

  // The visitor's page stayed where it was.
  await expect(page).toHaveURL(new RegExp(`^${SITE.shell}/$`));
  await expectSameDocument(page);
});
