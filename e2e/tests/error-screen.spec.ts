// Pipelines: shell
import path from 'node:path';
import { expect, test } from '../support/test';
import { hydrated } from '../support/hydration';
import { expectAxeClean } from '../support/market';
import { expectNoSidewaysScroll } from '../support/pageChecks';
import { readRemotes, serveFolder } from '../support/remotes';
import { sparePort, startRenderServer, type RenderServer } from '../support/renderServer';
import { buildCatalogVariant, replaceIn, type Variant } from '../support/variants';

/**
 * A catalog build whose Blogs screen throws (docs/product.md, "When something fails"), behind a
 * render server of its own: the screen's error shows in the screen's area, inside the layout,
 * with Try again and a way home, at a phone's width and a laptop's. The screen throws until the
 * page's session storage says otherwise, so Try again can be seen to render it afresh.
 */
test.describe.configure({ mode: 'serial' });

let variant: Variant;
let catalog: Awaited<ReturnType<typeof serveFolder>>;
let renderer: RenderServer;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  variant = buildCatalogVariant('error-screen', [], (dir) =>
    replaceIn(
      path.join(dir, 'src', 'features', 'blogs', 'BlogsPage.tsx'),
      "export default function BlogsPage() {\n  usePageTitle('Blogs');",
      "export default function BlogsPage() {\n  if (typeof window === 'undefined' || !window.sessionStorage.getItem('mended')) throw new Error('the questions could not be read');\n  usePageTitle('Blogs');",
    ),
  );
  const port = await sparePort();
  catalog = await serveFolder(variant.dist, 0, [`http://localhost:${port}`]);
  renderer = await startRenderServer({ ...readRemotes(), catalog: `http://localhost:${catalog.port}/mf-manifest.json` }, { PORT: String(port) });
});

test.afterAll(async () => {
  await renderer?.stop();
  await catalog?.stop();
  variant?.remove();
});

for (const width of [375, 1280]) {
  test(`at ${width} px the screen that threw says so inside the layout; Try again renders it afresh`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${renderer.origin}/blogs`);

    const heading = page.getByRole('heading', { level: 1, name: 'This page could not be shown' });
    await expect(heading).toBeVisible({ timeout: 45_000 });
    await expect(heading).toBeFocused();
    const area = page.getByRole('main').getByRole('region', { name: 'This page could not be shown' });
    await expect(area).toContainText('Something on it stopped working. The rest of the site still works: try again, or go back to the home page.');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeAttached();
    await expect(page).toHaveTitle('Something went wrong');
    await expect(page.getByText('Something went wrong!!!')).toHaveCount(0);
    // Signed out: nothing to log out of.
    await expect(area.getByRole('button', { name: 'Log out' })).toHaveCount(0);
    await expect(area.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    // What went wrong, for whoever asks, behind a disclosure.
    await area.getByText('What went wrong').click();
    await expect(area).toContainText('the questions could not be read');
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page);

    // From the heading, the keyboard reaches Try again first.
    await heading.focus();
    await page.keyboard.press('Tab');
    await expect(area.getByRole('button', { name: 'Try again' })).toBeFocused();
    await page.evaluate(() => sessionStorage.setItem('mended', '1'));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Question and Answer' })).toBeVisible();
    await expect(area).toHaveCount(0);
    // No error left the boundary for the page to trip over.
    expect(errors).toEqual([]);
  });
}

test('reached from the home page, the failing screen keeps the page: the navigation still works and the link goes home', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto(`${renderer.origin}/`);
  const menu = page.getByRole('button', { name: /menu/i });
  await (await hydrated(menu)).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }).click();
  const area = page.getByRole('region', { name: 'This page could not be shown' });
  await expect(area).toBeVisible({ timeout: 45_000 });
  await expect(page).toHaveURL(/\/blogs$/);
  await area.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Find a used car you’ll love to drive' })).toBeVisible();
  await expect(area).toHaveCount(0);
});
