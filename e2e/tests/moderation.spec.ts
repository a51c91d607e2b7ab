// Pipelines: dashboard
import type { Page } from '@playwright/test';
import { expect as suiteExpect, test } from '../support/test';
import { sellerBuyerAndCar } from '../support/accounts';
import { expectAxeClean } from '../support/market';
import { expectNoSidewaysScroll, logInAt } from '../support/pageChecks';
import { DEMO, DEMO_PASSWORD, SITE } from '../support/site';
import { hydrated } from '../support/hydration';
import { rowOf } from '../support/tables';

// Two shared cores under load: a remote's first render can take longer than the suite's 15 s.
const expect = suiteExpect.configure({ timeout: 45_000 });
/**
 * Moderation end to end: a buyer reports a car, the admin hides it from the
 * Reports queue and restores it, suspends its seller (who is told on their dashboard and cannot
 * list), and reads every act in the audit log. The demo admin acts on accounts this spec makes.
 */

/** Gives the reason in the admin's reason dialog and confirms. */
async function actWithReason(page: Page, dialogName: string, reason: string, confirm: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: confirm }).click();
  await expect(dialog).toHaveCount(0);
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.describe.configure({ timeout: 360_000 });

    test('report → the admin hides it from the queue → the page says so and the list drops it → restore; suspend → the seller is told and cannot list; the audit log has it all', async ({
      page,
      browser,
      request,
    }) => {
      const { seller, buyer, tag, carName, carId } = await sellerBuyerAndCar(request, 'E2E Report');
      // Reasons name this run, so the audit log's rows of other runs never match.
      const why = {
        hide: `Scam: asks for a wire transfer (${tag})`,
        restore: `Checked with the seller: genuine (${tag})`,
        suspend: `Repeated scam reports (${tag})`,
      };

      // The buyer reports the car from its page.
      const buyerPage = await browser.newPage({ viewport: { width, height: 900 } });
      await logInAt(buyerPage, buyer.email, buyer.password);
      await buyerPage.goto(`/audis/${carId}`);
      await (await hydrated(buyerPage.getByRole('button', { name: 'Report this listing' }))).click();
      const report = buyerPage.getByRole('dialog', { name: 'Report this listing' });
      await report.getByRole('radio', { name: 'Looks like a scam' }).check();
      await report.getByLabel('Anything the moderators should know (optional)').fill('Asks for a wire transfer before any viewing');
      await expectAxeClean(buyerPage);
      await report.getByRole('button', { name: 'Send report' }).click();
      await expect(report.getByRole('status')).toHaveText("Thanks, we'll take a look");
      await report.getByRole('button', { name: 'Done' }).click();
      await expect(buyerPage.getByText('You reported this car.')).toBeFocused();
      // Once per person and car.
      await buyerPage.reload();
      await (await hydrated(buyerPage.getByRole('button', { name: 'Report this listing' }))).click();
      await report.getByRole('radio', { name: 'Something else' }).check();
      await report.getByRole('button', { name: 'Send report' }).click();
      await expect(report.getByRole('status')).toHaveText('You already reported this car');
      await report.getByRole('button', { name: 'Done' }).click();

      // The admin's queue.
      await logInAt(page, DEMO.admin, DEMO_PASSWORD);
      await page.goto('/dashboard');
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Reports' }).click();
      await expect(page).toHaveTitle('Dashboard - Reports');
      const queued = page.getByRole('table', { name: 'Reported listings' }).getByRole('row').filter({ hasText: carName });
      await expect(queued).toContainText('Looks like a scam');
      await expect(queued).toContainText('Asks for a wire transfer before any viewing');
      await expect(queued).toContainText(buyer.name);
      await expect(queued.getByRole('link', { name: carName })).toHaveAttribute('href', `/audis/${carId}`);
      await expectAxeClean(page);
      await expectNoSidewaysScroll(page);

      await queued.getByRole('button', { name: `Hide ${carName}` }).click();
      await expectAxeClean(page);
      await actWithReason(page, `Hide ${carName}`, why.hide, 'Hide listing');
      await expect(queued).toContainText('Hidden');

      await buyerPage.reload();
      await expect(buyerPage.getByText('This listing was removed by the moderators')).toBeVisible();
      await buyerPage.goto(`/audis?q=${encodeURIComponent(carName)}`);
      await expect(buyerPage.getByRole('heading', { name: 'No Audi cars match your search' })).toBeVisible();

      await queued.getByRole('button', { name: `Restore ${carName}` }).click();
      await actWithReason(page, `Restore ${carName}`, why.restore, 'Restore listing');
      await expect(queued).toContainText('Shown');
      await buyerPage.goto(`/audis/${carId}`);
      await expect(buyerPage.getByRole('heading', { level: 1, name: carName })).toBeVisible();
      await buyerPage.close();

      // Suspending the seller, from All users.
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'All users' }).click();
      const sellerRow = await rowOf(page, 'Sellers', seller.email);
      await sellerRow.getByRole('button', { name: `Suspend ${seller.name}` }).click();
      await actWithReason(page, `Suspend ${seller.name}`, why.suspend, 'Suspend seller');
      await expect(sellerRow).toContainText(`Suspended: ${why.suspend}`);
      await expect(sellerRow.getByRole('button', { name: `Reinstate ${seller.name}` })).toBeVisible();

      const sellerPage = await browser.newPage({ viewport: { width, height: 900 } });
      await logInAt(sellerPage, seller.email, seller.password);
      await sellerPage.goto('/dashboard');
      await expect(sellerPage.getByRole('alert').filter({ hasText: 'Your seller account is suspended.' })).toContainText(why.suspend);
      await expect(sellerPage.getByRole('row').filter({ hasText: carName })).toContainText(`Hidden by the moderators: ${why.suspend}`);
      await expectAxeClean(sellerPage);
      await sellerPage.close();
      const listing = await request.post(`${SITE.api}/audis`, {
        headers: seller.auth,
        data: {
          carName: `${carName} again`,
          img: '/images/cars/sedan-blue.svg',
          currentPrice: 20000,
          price: 30000,
          purchaseYear: '2019',
          condition: 'Good',
          contact: '+1 415 555 0101',
          details: 'Second try.',
          location: 'San Francisco, CA',
          used: '4 years',
          sellerName: seller.name,
          time: '2024-05-01',
          categoryName: 'audi',
        },
      });
      expect(listing.status()).toBe(403);
      expect(((await listing.json()) as { message: string }).message).toBe(`Your seller account is suspended: ${why.suspend}`);

      // Every act, in the audit log, newest first.
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Audit log' }).click();
      await expect(page).toHaveTitle('Dashboard - Audit log');
      const log = page.getByRole('table', { name: 'Moderation acts' });
      await expect(log.getByRole('row').filter({ hasText: why.suspend })).toContainText(`Suspended seller${seller.name}`);
      await expect(log.getByRole('row').filter({ hasText: why.restore })).toContainText(`Restored listing${carName}`);
      await expect(log.getByRole('row').filter({ hasText: why.hide })).toContainText(`Hid listing${carName}`);
      await expectAxeClean(page);
      await expectNoSidewaysScroll(page);

      // Leave the seller reinstated.
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'All users' }).click();
      const again = await rowOf(page, 'Sellers', seller.email);
      await again.getByRole('button', { name: `Reinstate ${seller.name}` }).click();
      await actWithReason(page, `Reinstate ${seller.name}`, 'Appeal accepted', 'Reinstate seller');
      await expect(again).not.toContainText('Suspended');
    });
  });
}
