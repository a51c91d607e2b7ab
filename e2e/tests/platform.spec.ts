// Pipelines: shell, catalog
import { expect, settled, test } from '../support/test';
import { SITE } from '../support/site';

/** The shell's layout, the static screens, the route table and how builds are served. */

test('the home page is complete: banner, categories, marketing sections, promotions, layout', async ({ page }) => {
  // No internet: anything the page asks of a host other than this machine is refused and listed.
  const offMachine: string[] = [];
  await page.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => {
    offMachine.push(route.request().url());
    return route.abort();
  });
  await page.goto('/');
  await expect(page).toHaveTitle('Used Cars');
  const nav = page.getByRole('navigation', { name: /main/i });
  for (const name of ['Home', 'About Us', 'Blogs', 'Login']) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  // Dashboard shows only for a signed-in user with an e-mail.
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /usedcars home/i }).first()).toHaveAttribute('href', '/');

  const categories = page.getByRole('region', { name: 'Categories' });
  await expect(categories.getByRole('link', { name: /audi/i })).toHaveAttribute('href', '/audis');
  await expect(categories.getByRole('link', { name: /honda/i })).toHaveAttribute('href', '/hondas');
  await expect(categories.getByRole('link', { name: /mercedes-benz/i })).toHaveAttribute('href', '/mercedes');
  for (const section of ['Shop', 'Research', 'News', 'Sell', 'Service & Repair', 'Certified Pre-Owned']) {
    await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible();
  }
  // Every picture ships with the project and loads: once the network settles, each one is decoded
  // (those below the fold load as they come into view).
  for (const section of await page.locator('main section').all()) await section.scrollIntoViewIfNeeded();
  await settled(page);
  const broken = await page
    .locator('img')
    .evaluateAll((imgs) => (imgs as HTMLImageElement[]).filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src));
  expect(broken).toEqual([]);
  expect(offMachine).toEqual([]);

  const footer = page.getByRole('contentinfo');
  for (const column of ['Resources', 'Follow us', 'Legal']) await expect(footer.getByRole('heading', { name: column })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/');
  await expect(footer.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/');
  await expect(footer).toContainText('©');
  // The page container is at most 1310px wide.
  await page.setViewportSize({ width: 1600, height: 900 });
  const width = await page.locator('main').evaluate((main) => main.getBoundingClientRect().width);
  expect(width).toBeLessThanOrEqual(1310);
});

test('About and Blogs render with their titles; Blogs has the four articles', async ({ page }) => {
  await page.goto('/about');
  await expect(page).toHaveTitle('About');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Blogs' }).click();
  await expect(page).toHaveTitle('Blogs');
  await expect(page.getByRole('article')).toHaveCount(4);
  await expect(page.getByRole('heading', { name: /state in (a )?react/i })).toBeVisible();
  await expect(page.getByRole('heading', { name: /prototyp(ic)?al inheritance/i })).toBeVisible();
  await expect(page.getByRole('heading', { name: /unit test/i })).toBeVisible();
  await expect(page.getByRole('heading', { name: /react vs\.? angular vs\.? vue/i })).toBeVisible();
});

test('any other path shows the 404 image inside the layout', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('img', { name: /404|not found/i })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('guarded routes show a signed-out visitor the sign-in form where the page would be, whatever the case of the path', async ({ page }) => {
  for (const path of ['/Dashboard', '/dashboard', '/dashboard/mybuyer', '/dashboard/myBuyer', '/audis', '/mercedes']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(path);
  }
});

test('builds are served compressed; hashed files cache for a year, index.html and runtime files never', async ({ request }) => {
  const index = await request.get(`${SITE.shell}/`, { headers: { 'Accept-Encoding': 'br, gzip' } });
  // A browser keeps no page (a CDN may, for seconds: docs/operations.md, "The page cache").
  expect(index.headers()['cache-control']).toMatch(/(^|, )(no-cache|max-age=0)(,|$)/);
  // The page itself too, rendered per request.
  expect(index.headers()['content-encoding']).toMatch(/br|gzip/);
  const html = await index.text();
  // The first script in its tag, main among the scripts it loads once the page has painted (docs/performance.md).
  const start = html.match(/<script defer src="\/(start\.[0-9a-f]{8}\.js)" data-scripts="([^"]*)"/);
  expect(start, 'index.html names the hashed first script').toBeTruthy();
  const script = start![2]!.match(/\/(main\.[0-9a-f]{8}\.js)/)?.[1];
  expect(script, 'the first script loads the hashed main script').toBeTruthy();

  for (const file of [start![1]!, script!]) {
    const served = await request.get(`${SITE.shell}/${file}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(served.headers()['content-encoding'], file).toMatch(/br|gzip/);
    expect(served.headers()['cache-control'], file).toContain('immutable');
    expect(served.headers()['cache-control'], file).toContain('max-age=31536000');
  }

  for (const url of [`${SITE.shell}/remotes.json`, `${SITE.shell}/config.json`, `${SITE.catalog}/mf-manifest.json`, `${SITE.catalog}/remoteEntry.js`]) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()['cache-control'], url).toContain('no-cache');
  }
  const remotes = await (await request.get(`${SITE.shell}/remotes.json`)).json();
  expect(remotes.catalog).toBe(`${SITE.catalog}/mf-manifest.json`);
});
