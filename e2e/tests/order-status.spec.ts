// Pipelines: checkout, dashboard
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { listCar, newAccount } from '../support/accounts';
import { logIn, submitRegistration } from '../support/auth';
import { type ListedCar, accessToken, bookThroughApi, fillCard } from '../support/orders';
import { DEMO, DEMO_PASSWORD, SITE } from '../support/site';
import { rowOf as tableRow } from '../support/tables';
import { hydrated } from '../support/hydration';

/**
 * Issues 6 and 7 together: two buyers hold a booking of one car, the second pays first. Every
 * screen tells the same story (booked → paid → sold, and "sold to another buyer" for the one
 * who did not pay), and deleting the paying buyer's account later erases no sale.
 *
 * The spec makes its own seller, Mercedes and first buyer, so no other spec's bookings matter.
 */

const book = async (page: Page, carId: string) => bookThroughApi(page.request, await accessToken(page), carId, '1 Harbor Way, Boston, MA');

async function registerBuyer(browser: Browser, who: { name: string; email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await submitRegistration(page, { ...who, role: 'Buyer' });
  await expect(page).toHaveURL(`${SITE.shell}/`);
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  return page;
}

test('two buyers book one car, the second pays: every screen agrees, and deleting the payer keeps the sale', async ({ browser, page }) => {
  // Four people on four screens: longer than one screen's test.
  test.slow();
  // A name no other Mercedes has, so each screen's row with it is this car's.
  const sellerAccount = await newAccount(page.request, 'Seller');
  const buyerA = await newAccount(page.request, 'Buyer');
  const carId = await listCar(page.request, sellerAccount, { carName: `Mercedes C 300 ${randomBytes(3).toString('hex')}`, category: 'mercedes' });
  const car = (await (await page.request.get(`${SITE.api}/mercedess/${carId}`)).json()) as ListedCar | undefined;
  const price = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: Number.isInteger(car!.currentPrice) ? 0 : 2,
  }).format(car!.currentPrice);
  const rowOf = (p: Page) => p.getByRole('row').filter({ hasText: car!.carName }).filter({ hasText: price });

  // Buyer A books first; buyer B, registered through the site, books too and pays.
  await logIn(page, buyerA.email, buyerA.password);
  await book(page, car!._id);
  const stamp = Date.now();
  const b = { name: `Second Buyer ${stamp}`, email: `second-${stamp}@usedcars.test`, password: `second-${stamp}` };
  const buyerB = await registerBuyer(browser, b);
  const bookingB = await book(buyerB, car!._id);

  await buyerB.goto(`/dashboard/payment/${bookingB}`);
  await fillCard(buyerB, '4242424242424242');
  await buyerB.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(buyerB).toHaveURL(`${SITE.shell}/Dashboard`);
  await expect(rowOf(buyerB).getByText('Paid', { exact: true })).toBeVisible();
  await buyerB.context().close();

  // A's My Orders: no PAY NOW any more, and why.
  await page.goto('/Dashboard');
  const rowA = rowOf(page);
  await expect(rowA.getByText('Sold to another buyer')).toBeVisible();
  await expect(rowA.getByRole('link', { name: /PAY NOW/ })).toHaveCount(0);

  // The brand list: sold, Book Now off.
  await page.goto(`/mercedes?q=${encodeURIComponent(car!.carName)}`);
  const card = page.getByRole('article').filter({ has: page.locator(`a[href="/mercedess/${car!._id}"]`) });
  await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'sold');
  await expect(card.getByRole('button', { name: 'Book Now' })).toBeDisabled();

  // The seller's My Buyers: B paid, A lost the car to B; My Products: sold.
  const seller = await browser.newContext();
  const sellerPage = await seller.newPage();
  await logIn(sellerPage, sellerAccount.email, sellerAccount.password);
  await sellerPage.goto('/dashboard/myBuyer');
  const bookingsOfCar = rowOf(sellerPage);
  await expect(bookingsOfCar.filter({ hasText: b.email }).getByText('Paid', { exact: true })).toBeVisible();
  await expect(bookingsOfCar.filter({ hasText: buyerA.email }).getByText('Sold to another buyer')).toBeVisible();
  await sellerPage.goto('/dashboard/myProduct');
  await expect(sellerPage.getByRole('table', { name: 'My cars' })).toBeVisible();
  // The State column; Photos comes after it.
  await expect(rowOf(sellerPage).getByRole('cell').nth(6)).toHaveText('Sold');

  // The admin deletes B's account: the sale stands.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await logIn(adminPage, DEMO.admin, DEMO_PASSWORD);
  await adminPage.goto('/Dashboard');
  adminPage.once('dialog', (dialog) => void dialog.accept());
  // The table shows 20 buyers a page: other specs' buyers may come first.
  const buyerRow = await tableRow(adminPage, 'Buyers', b.email);
  await (await hydrated(buyerRow.getByRole('button', { name: `Delete ${b.name}` }))).click();
  await expect(adminPage.getByText('deleted successfully')).toBeVisible();
  await admin.close();

  const after = await page.request.get(`${SITE.api}/mercedess/${car!._id}`);
  expect(((await after.json()) as ListedCar).status).toBe('sold');
  await sellerPage.goto('/dashboard/myBuyer');
  await expect(bookingsOfCar.filter({ hasText: b.email }).getByText('Paid', { exact: true })).toBeVisible();
  await seller.close();
  await page.reload();
  await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'sold');
});
