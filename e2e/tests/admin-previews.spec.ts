// Pipelines: dashboard
import type { Browser, Page } from '@playwright/test';
import { expect as suiteExpect, test } from '../support/test';
import { newAccount } from '../support/accounts';
import { adminAccessToken } from '../support/auth';
import { expectAxeClean } from '../support/market';
import { logInAt } from '../support/pageChecks';
import { previewOfRunningBuild, type MadePreview } from '../support/previews';
import { newDeployToken } from '../support/remotes';
import { DEMO, DEMO_PASSWORD, SITE } from '../support/site';
import { leaveReporting, reportingStarted } from '../support/telemetry';

// Two shared cores under load: a remote's first render can take longer than the suite's 15 s.
const expect = suiteExpect.configure({ timeout: 45_000 });

/**
 * The admin's Preview links screen (docs/releases.md, "Previews"): every live link a team made,
 * with its preview's own numbers, and Withdraw, after which the link shows the site as everyone
 * gets it with the notice that the preview has ended. Nobody else gets the screen.
 */
test.describe.configure({ mode: 'serial' });

const TABLE = 'Live preview links';
const ENDED = 'The preview link you opened has expired, was withdrawn or is not valid: this is the site as everyone sees it.';
const TEAM = 'catalog team (admin previews)';

let made: MadePreview;
let adminToken = '';

const bar = (page: Page) => page.getByRole('region', { name: 'Preview', exact: true });
const rowOfPreview = (page: Page) => page.getByRole('table', { name: TABLE }).getByRole('row').filter({ hasText: made.version });

/** Opens the link in a browser of its own, as the person it was pasted to would. */
async function openLink(browser: Browser) {
  const context = await browser.newContext({ baseURL: SITE.shell });
  const page = await context.newPage();
  await page.goto(made.address);
  return { context, page };
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  adminToken = await adminAccessToken(browser);
  made = await previewOfRunningBuild('catalog', await newDeployToken(adminToken, 'catalog', TEAM));
});

test("an admin finds a team's link from Releases, sees its own numbers once visited, withdraws it, and the link then shows the site with the notice", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAt(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/dashboard/releases');
  await page.getByRole('main').locator('p').getByRole('link', { name: 'Preview links' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Preview links' })).toBeVisible();
  await expect(page).toHaveURL(`${SITE.shell}/dashboard/previews`);
  const row = rowOfPreview(page);
  await expect(row).toHaveCount(1);
  const cells = row.getByRole('cell');
  await expect(cells.nth(0)).toHaveText('catalog');
  await expect(cells.nth(1)).toHaveText(made.version);
  await expect(cells.nth(2)).toContainText(`${TEAM} (catalog token)`);
  await expect(cells.nth(3)).toHaveText('in 6 days');
  await expect(cells.nth(4)).toHaveText('No visits yet');

  // Someone the link was sent to visits: the preview's page view is its own, shown in its row.
  const visitor = await openLink(browser);
  await expect(bar(visitor.page)).toContainText(`Preview: catalog ${made.version}`);
  await reportingStarted(visitor.page);
  await leaveReporting(visitor.page);
  await visitor.context.close();
  await expect
    .poll(async () => (await page.reload(), await cells.nth(4).textContent({ timeout: 45_000 })), { timeout: 90_000 })
    .toMatch(/^\d+ page views?\d+ errors? \(/);
  await expectAxeClean(page);

  await row.getByRole('button', { name: `Withdraw the catalog ${made.version} link made by ${TEAM} (catalog token)` }).click();
  const dialog = page.getByRole('dialog', { name: `Withdraw the link to catalog ${made.version}?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Withdraw link' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`The link to catalog ${made.version} is withdrawn`)).toBeVisible();
  await expect(row).toHaveCount(0);
  const listed = await fetch(`${SITE.api}/previews`, { headers: { authorization: `Bearer ${adminToken}` } });
  expect(((await listed.json()) as Array<{ id: string }>).map((link) => link.id)).not.toContain(made.id);

  // The link, opened again: the site as everyone gets it, and the notice.
  const late = await openLink(browser);
  await expect(bar(late.page).getByRole('status')).toHaveText(ENDED);
  await expect(bar(late.page)).not.toContainText(`Preview: catalog ${made.version}`);
  await late.context.close();
});

test('a seller or a buyer is refused the screen, and the API refuses them the links', async ({ browser, request }) => {
  test.setTimeout(180_000);
  for (const role of ['Seller', 'Buyer'] as const) {
    const person = await newAccount(request, role);
    for (const [method, route] of [
      ['GET', '/previews'],
      ['DELETE', `/previews/${made.id}`],
    ] as const) {
      const response = await request.fetch(`${SITE.api}${route}`, { method, headers: person.auth });
      expect(response.status(), `${role} ${method} ${route}`).toBe(403);
    }
    const context = await browser.newContext({ baseURL: SITE.shell });
    const page = await context.newPage();
    await logInAt(page, person.email, person.password);
    await page.goto('/dashboard/previews');
    await expect(page.getByRole('heading', { level: 1, name: 'Preview links' })).toBeVisible();
    await expect(page.getByText('Only the admin manages preview links.')).toBeVisible();
    await expect(page.getByRole('table', { name: TABLE })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Preview links' })).toHaveCount(0);
    await context.close();
  }
});
