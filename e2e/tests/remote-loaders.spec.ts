// Pipelines: shell
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Request } from '@playwright/test';
import { expect, settled, test } from '../support/test';
import { adminAccessToken, logIn } from '../support/auth';
import { hydrated } from '../support/hydration';
import { ROOT, backToBaselineSet, newDeployToken } from '../support/remotes';
import { DEMO, DEMO_PASSWORD, SITE } from '../support/site';
import { buildCatalogVariant, replaceIn, type Variant } from '../support/variants';

/**
 * A remote's loaders ship in its own build (docs/architecture.md, "Navigation between screens"): a
 * catalog release whose brand list reads 5 cars a page instead of 24 is what the render server
 * renders with and what the page reads ahead of a click, with nothing else rebuilt or restarted.
 */
test.describe.configure({ mode: 'serial' });

const FEWER = 5;
const execute = promisify(execFile);
let variant: Variant;
let adminToken = '';

test.beforeAll(async ({ browser }) => {
  test.setTimeout(600_000);
  variant = buildCatalogVariant('fewer-per-page', [], (catalog) =>
    replaceIn(path.join(catalog, 'src', 'lib', 'listParams.ts'), 'export const PAGE_SIZE = 24;', `export const PAGE_SIZE = ${FEWER};`),
  );
  adminToken = await adminAccessToken(browser);
  const token = await newDeployToken(adminToken, 'catalog', 'catalog team (loaders)');
  // The team's release command, its token in DEPLOY_TOKEN (docs/releases.md): live for every visitor.
  await execute(process.execPath, [path.join(ROOT, 'scripts', 'releases.mjs'), 'release', 'catalog', '--site', SITE.shell, '--dist', variant.dist], {
    cwd: ROOT,
    env: { ...process.env, DEPLOY_TOKEN: token },
  });
});

test.afterAll(async () => {
  variant?.remove();
  if (adminToken) await backToBaselineSet({ Authorization: `Bearer ${adminToken}` });
});

test("the release's list loader is the one the server renders with and the one the page reads ahead with", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await logIn(page, DEMO.buyer, DEMO_PASSWORD);

  // The server renders the signed-in buyer's Audi list with the released build's page size.
  const shown = new RegExp(`Showing 1–${FEWER} of [\\d,]+ cars`);
  await expect
    .poll(async () => shown.test(await (await page.request.get('/audis')).text()), { message: 'the server renders 5 cars a page', timeout: 30_000 })
    .toBe(true);

  await page.goto('/');
  await hydrated(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }));
  await settled(page);
  const reads: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && request.url().startsWith(`${SITE.api}/audis?`)) reads.push(request);
  });

  // Pointed at: the list is read ahead by the loader of the release, not by a copy the shell was built with.
  const audi = page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: /audi/i });
  await audi.hover();
  await expect.poll(() => reads.length, { message: 'the list is read on hover' }).toBeGreaterThan(0);
  await settled(page);
  expect(reads.map((request) => new URL(request.url()).searchParams.get('limit'))).toEqual([String(FEWER)]);

  const beforeClick = reads.length;
  await audi.click();
  await expect(page.locator('#main').getByRole('heading', { level: 2, name: shown })).toBeVisible();
  await expect(page.locator('#main').getByRole('article')).toHaveCount(FEWER);
  await settled(page);
  expect(reads.length, 'the click reads nothing the hover read').toBe(beforeClick);
});
