// Pipelines: catalog, dashboard, checkout
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect as suiteExpect, test } from '../support/test';
import { listCar, newAccount } from '../support/accounts';
import { expectAxeClean } from '../support/market';
import { accessToken, bookThroughApi } from '../support/orders';
import { brokenWords, logInAt, pastTheEdge } from '../support/pageChecks';
import { previewOfRunningBuild } from '../support/previews';
import { DEMO, DEMO_PASSWORD, SITE } from '../support/site';

// Two shared cores under load: a remote's first render can take longer than the suite's 15 s.
const expect = suiteExpect.configure({ timeout: 45_000 });

/**
 * Every screen of the site, as each kind of visitor sees it, at a phone's width and a laptop's,
 * passes axe's WCAG 2.1 A and AA rules: among them "Label in Name" (WCAG 2.5.3), a control's
 * accessible name contains the text it shows, so a speech-input user can say what they see.
 * The lint rule a11y/name-contains-text catches most of it in the source (docs/how-to.md);
 * this is the page as rendered, with real data in the tables.
 */

/**
 * What a person sees of the page as it is: axe, no word broken across lines, and nothing past the
 * right edge; at a laptop's width, no table or control in a region that scrolls sideways either.
 */
async function expectLooksFinished(page: Page, what: string) {
  await expectAxeClean(page);
  expect(await brokenWords(page), `words broken across lines on ${what}`).toEqual([]);
  const regionsScroll = (page.viewportSize()?.width ?? 0) < 1280;
  expect(await pastTheEdge(page, { regionsScroll }), `what needs sideways scrolling on ${what}`).toEqual([]);
}

/** Opens a screen, waits for what shows it is there and its data is in, then looks at it as a person would. */
async function check(page: Page, path: string, ready: (page: Page) => Locator) {
  await page.goto(path);
  await expect(ready(page).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectLooksFinished(page, path);
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.describe.configure({ timeout: 300_000 });

    test('every public screen, and a car page', async ({ page, request }) => {
      const seller = await newAccount(request, 'Seller');
      const carName = `Audi A4 names ${randomBytes(3).toString('hex')}`;
      const carId = await listCar(request, seller, { carName });
      await check(page, '/', (p) => p.getByRole('main'));
      await check(page, '/about', (p) => p.getByRole('main'));
      await check(page, '/blogs', (p) => p.getByRole('main'));
      await check(page, '/login', (p) => p.getByRole('button', { name: 'Login', exact: true }));
      await check(page, '/register', (p) => p.getByRole('main'));
      await check(page, `/audis/${carId}`, heading(carName));
      await check(page, '/no-such-page', heading('Page not found'));
    });

    test("a buyer's screens: a brand list, a car page, orders, saved cars and searches, payment, the bell's list", async ({ page, request }) => {
      const seller = await newAccount(request, 'Seller');
      const buyer = await newAccount(request, 'Buyer');
      const carName = `Audi Q7 names ${randomBytes(3).toString('hex')}`;
      const carId = await listCar(request, seller, { carName });
      const saved = await request.put(`${SITE.api}/favourites/${carId}`, { headers: buyer.auth });
      expect(saved.ok(), await saved.text()).toBe(true);
      const search = await request.post(`${SITE.api}/saved-searches`, {
        headers: buyer.auth,
        data: { name: 'Audi under 30k', filters: { category: 'audi', maxPrice: 30000 } },
      });
      expect(search.status(), await search.text()).toBe(201);
      const bookingId = await bookThroughApi(request, buyer.auth.Authorization.replace('Bearer ', ''), carId);

      await logInAt(page, buyer.email, buyer.password);
      await check(page, '/audis', (p) => p.getByRole('link', { name: carName }));
      await check(page, `/audis/${carId}`, (p) => p.getByRole('button', { name: 'Report this listing' }));
      await check(page, '/dashboard', (p) => p.getByRole('cell', { name: carName }));
      await check(page, '/dashboard/savedCars', (p) => p.getByRole('link', { name: carName }));
      await check(page, '/dashboard/savedSearches', (p) => p.getByRole('cell', { name: 'Audi under 30k' }));
      await check(page, `/dashboard/payment/${bookingId}`, (p) => p.getByRole('button', { name: /^Pay/ }));
      await page.getByRole('button', { name: /^Notifications, / }).click();
      await expect(page.getByRole('region', { name: 'Notifications' })).toBeVisible();
      await expectLooksFinished(page, "the bell's list");
    });

    test("a seller's screens: My Products with its photos and buttons, the photos dialog, Add Product, My Buyers", async ({ page }) => {
      await logInAt(page, DEMO.seller, DEMO_PASSWORD);
      await check(page, '/dashboard', (p) => p.getByRole('main'));
      // The demo cars have photos: "Edit photos (4)" and the like, beside "Mark sold elsewhere".
      await check(page, '/dashboard/myProduct', (p) => p.getByRole('button', { name: /^Edit photos \(\d+\), / }));
      await expect(page.getByRole('button', { name: /^Mark sold elsewhere, / }).first()).toBeVisible();
      await page
        .getByRole('button', { name: /^Edit photos \(\d+\), / })
        .first()
        .click();
      await expect(page.getByRole('dialog').getByRole('button', { name: 'Make cover, photo 2' })).toBeVisible();
      await expectLooksFinished(page, 'the photos dialog');
      await page.keyboard.press('Escape');
      await check(page, '/dashboard/addProduct', (p) => p.getByRole('form', { name: 'Add Product' }));
      await check(page, '/dashboard/myBuyer', (p) => p.getByRole('main'));
    });

    test("an admin's screens: all users, reports, the audit log, releases, preview links", async ({ page, request }) => {
      const seller = await newAccount(request, 'Seller');
      const buyer = await newAccount(request, 'Buyer');
      const carName = `Audi TT names ${randomBytes(3).toString('hex')}`;
      const carId = await listCar(request, seller, { carName });
      const reported = await request.post(`${SITE.api}/reports`, { headers: buyer.auth, data: { carId, reason: 'scam' } });
      expect(reported.status(), await reported.text()).toBe(201);

      await logInAt(page, DEMO.admin, DEMO_PASSWORD);
      await check(page, '/dashboard', (p) => p.getByRole('button', { name: `Suspend ${seller.name}` }));
      await check(page, '/dashboard/reports', (p) => p.getByRole('button', { name: `Hide ${carName}` }));
      await check(page, '/dashboard/auditLog', heading('Audit log'));
      await check(page, '/dashboard/releases', heading('Releases'));
      const preview = await previewOfRunningBuild('catalog', await accessToken(page));
      await check(page, '/dashboard/previews', (p) => p.getByRole('row').filter({ hasText: preview.version }).getByText('No visits yet'));
    });
  });
}
