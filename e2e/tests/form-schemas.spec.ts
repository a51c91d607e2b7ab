// Pipelines: catalog, dashboard
import type { Page } from '@playwright/test';
import { expect, settled, test } from '../support/test';
import { listCar, newAccount } from '../support/accounts';
import { logIn } from '../support/auth';
import { hydrated } from '../support/hydration';
import { DEMO, DEMO_PASSWORD } from '../support/site';

/**
 * zod comes with a form, not with the screen around it (docs/performance.md, "zod in the bundles"):
 * a brand list and a car's page appear and respond without it, and the catalog's form schemas are
 * fetched when Save this search or Report this listing opens.
 */

/** The addresses of the scripts the page has received so far that carry zod (its class names survive minifying). */
function scriptsWithZod(page: Page): () => Promise<string[]> {
  const bodies: Array<Promise<string | null>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(
      response.text().then(
        (text) => (text.includes('"$ZodType"') ? new URL(response.url()).pathname : null),
        () => null,
      ),
    );
  });
  return async () => (await Promise.all(bodies)).filter((url): url is string => url !== null);
}

test("a buyer's brand list and car page load without zod; a form's schemas arrive when it opens", async ({ page, request }) => {
  const seller = await newAccount(request, 'Seller');
  const buyer = await newAccount(request, 'Buyer');
  const carName = `Audi Q2 ${seller.id.slice(0, 8)}`;
  const carId = await listCar(request, seller, { carName });
  await logIn(page, buyer.email, buyer.password);
  const zodScripts = scriptsWithZod(page);

  await page.goto(`/audis?q=${encodeURIComponent(carName)}`);
  await hydrated(page.getByRole('button', { name: 'Save this search' }));
  await page
    .getByRole('link', { name: new RegExp(carName) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: carName })).toBeVisible();
  await hydrated(page.getByRole('button', { name: 'Report this listing' }));
  await settled(page);
  expect(await zodScripts()).toEqual([]);

  await page.getByRole('button', { name: 'Report this listing' }).click();
  const report = page.getByRole('dialog', { name: 'Report this listing' });
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByText('Choose a reason')).toBeVisible();
  await expect.poll(async () => (await zodScripts()).length).toBeGreaterThan(0);
  expect(page.url()).toContain(`/audis/${carId}`);
});

test("a buyer's dashboard loads neither zod nor the seller's and the admin's screens", async ({ page, request }) => {
  const buyer = await newAccount(request, 'Buyer');
  await logIn(page, buyer.email, buyer.password);
  const zodScripts = scriptsWithZod(page);
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
  });

  await page.goto('/dashboard');
  await hydrated(page.getByRole('heading', { level: 1, name: 'My Orders' }));
  await settled(page);
  expect(await zodScripts()).toEqual([]);
  expect(scripts.filter((path) => /dashboard-(seller|admin)/.test(path))).toEqual([]);
  expect(scripts.filter((path) => path.includes('dashboard-buyer'))).toHaveLength(1);
});

test("the admin's Releases screen appears without zod; the deploy token form's schemas arrive when it is focused", async ({ page }) => {
  await logIn(page, DEMO.admin, DEMO_PASSWORD);
  const zodScripts = scriptsWithZod(page);

  await page.goto('/dashboard/releases');
  const tokenName = page.getByRole('region', { name: 'Deploy tokens', exact: true }).getByLabel('Token name');
  await hydrated(tokenName);
  await settled(page);
  expect(await zodScripts()).toEqual([]);

  await tokenName.focus();
  await expect.poll(async () => (await zodScripts()).length).toBeGreaterThan(0);
});
