// Pipelines: dashboard
import type { APIRequestContext, Page } from '@playwright/test';
import { expect as suiteExpect, test } from '../support/test';
import { sellerBuyerAndCar, type SpecAccount } from '../support/accounts';
import { expectAxeClean } from '../support/market';
import { expectNoSidewaysScroll, logInAt } from '../support/pageChecks';
import { SITE } from '../support/site';
import { rowOf } from '../support/tables';

// Two shared cores under load: a remote's first render can take longer than the suite's 15 s.
const expect = suiteExpect.configure({ timeout: 45_000 });
/**
 * A seller keeps a listing current from My Products: a new price buyers see,
 * a paid car's price refused, and a car marked sold elsewhere, its booked buyer told and the order
 * kept in their My Orders as cancelled. Each test
 * makes its own seller, buyer and car.
 */

async function book(request: APIRequestContext, buyer: SpecAccount, carId: string): Promise<string> {
  const booked = await request.post(`${SITE.api}/bookings`, { headers: buyer.auth, data: { carId, phone: '+1 415 555 0177', address: '7 Market St' } });
  expect(booked.status(), await booked.text()).toBe(201);
  return ((await booked.json()) as { insertedId: string }).insertedId;
}

/** The buyer pays through the offline test gateway, as the card form would. */
async function pay(request: APIRequestContext, buyer: SpecAccount, bookingId: string): Promise<void> {
  const started = await request.post(`${SITE.api}/create-payment-intent`, { headers: buyer.auth, data: { bookingId } });
  expect(started.ok(), await started.text()).toBe(true);
  const { clientSecret } = (await started.json()) as { clientSecret: string };
  const confirmed = await request.post(`${SITE.api}/test-gateway/confirm`, {
    data: { clientSecret, number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const paid = await request.post(`${SITE.api}/payments`, {
    headers: buyer.auth,
    data: { bookingId, transactionId: clientSecret.split('_secret_')[0], email: buyer.email },
  });
  expect(paid.status(), await paid.text()).toBe(201);
}

async function openMyProducts(page: Page, seller: SpecAccount) {
  await logInAt(page, seller.email, seller.password);
  await page.goto('/dashboard/myProduct');
  await expect(page.getByRole('table', { name: 'My cars' })).toBeVisible();
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.describe.configure({ timeout: 360_000 });

    test('the seller lowers the price, a buyer sees it; marked sold elsewhere, the booked buyer is told and the lists drop it', async ({
      page,
      browser,
      request,
    }) => {
      const { seller, buyer, carName, carId } = await sellerBuyerAndCar(request, 'E2E Edit');
      await book(request, buyer, carId);

      await openMyProducts(page, seller);
      await page.getByRole('button', { name: `Edit ${carName}` }).click();
      const edit = page.getByRole('dialog', { name: `Edit ${carName}` });
      await expect(edit.getByLabel('Current price')).toBeFocused();
      await expectAxeClean(page);
      await edit.getByLabel('Current price').fill('19900');
      await edit.getByLabel('Location').fill('Oakland, CA');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expect(edit).toHaveCount(0);
      const row = page.getByRole('row').filter({ hasText: carName });
      await expect(row).toContainText('$19,900');
      await expectNoSidewaysScroll(page);

      // Another person, on another browser, reads the car's page.
      const visitor = await browser.newPage({ viewport: { width, height: 900 } });
      await visitor.goto(`/audis/${carId}`);
      await expect(visitor.getByRole('heading', { level: 1, name: carName })).toBeVisible();
      await expect(visitor.getByText('$19,900')).toBeVisible();
      await expect(visitor.getByText('Oakland, CA')).toBeVisible();

      // Ending asks first, keeps the focus inside, and Escape leaves the car as it was.
      const end = page.getByRole('button', { name: `Mark sold elsewhere, ${carName}` });
      await end.click();
      const confirm = page.getByRole('dialog', { name: `Mark ${carName} sold elsewhere?` });
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expectAxeClean(page);
      for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
      await expect(confirm.locator(':focus')).toHaveCount(1);
      await page.keyboard.press('Escape');
      await expect(confirm).toHaveCount(0);
      await expect(end).toBeFocused();

      await end.click();
      await confirm.getByRole('button', { name: 'Mark sold elsewhere' }).click();
      await expect(confirm).toHaveCount(0);
      await expect(row).toContainText('Sold elsewhere');
      await expect(row.getByRole('button', { name: `Edit ${carName}` })).toHaveCount(0);

      const notices = await request.get(`${SITE.api}/notifications`, { headers: buyer.auth });
      expect(notices.ok()).toBe(true);
      const { items } = (await notices.json()) as { items: { text: string }[] };
      expect(items.map((item) => item.text)).toContain(`${carName} was sold elsewhere; your booking was cancelled.`);

      const list = await request.get(`${SITE.api}/audis?q=${encodeURIComponent(carName)}`);
      expect(await list.json()).toEqual([]);
      await visitor.reload();
      await expect(visitor.getByText('The seller sold this car elsewhere')).toBeVisible();
      await visitor.close();

      // The booked buyer's My Orders keeps the order: Cancelled, with why, and nothing to pay.
      const buyerPage = await browser.newPage({ viewport: { width, height: 900 } });
      await logInAt(buyerPage, buyer.email, buyer.password);
      await buyerPage.goto('/dashboard');
      const order = await rowOf(buyerPage, 'My orders', carName);
      await expect(order).toContainText('Cancelled');
      await expect(order).toContainText('The seller sold this car elsewhere');
      await expect(order.getByRole('link')).toHaveCount(0);
      await expectAxeClean(buyerPage);
      await buyerPage.close();
    });

    test("a car paid for meanwhile keeps its price: the API's refusal shows in the form, with what was typed", async ({ page, request }) => {
      const { seller, buyer, carName, carId } = await sellerBuyerAndCar(request, 'E2E Paid');
      await openMyProducts(page, seller);
      await expect(page.getByRole('row').filter({ hasText: carName })).toContainText('Available');

      // The seller's screen still shows it available when the buyer pays.
      await pay(request, buyer, await book(request, buyer, carId));
      await page.getByRole('button', { name: `Edit ${carName}` }).click();
      const edit = page.getByRole('dialog', { name: `Edit ${carName}` });
      await edit.getByLabel('Current price').fill('15000');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expect(edit.getByRole('alert')).toHaveText("The listing was not changed: This car has been sold; its price and listing can't change");
      await expect(edit.getByLabel('Current price')).toHaveValue('15000');
      await expectAxeClean(page);
      await edit.getByRole('button', { name: 'Cancel' }).click();

      // Read afresh, the sold car's price is locked with the reason.
      await page.reload();
      await page.getByRole('button', { name: `Edit ${carName}` }).click();
      await expect(page.getByRole('dialog').getByLabel('Current price')).toHaveAttribute('readonly', '');
      await expect(page.getByRole('dialog').getByText("This car has been sold; its price and listing can't change")).toBeVisible();
      const car = await request.get(`${SITE.api}/audis/${carId}`);
      expect(((await car.json()) as { currentPrice: number }).currentPrice).toBe(21500);
    });
  });
}
