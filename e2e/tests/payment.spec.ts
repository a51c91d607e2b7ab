// Pipelines: checkout
import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';
import { newAccount, listCar } from '../support/accounts';
import { logIn } from '../support/auth';
import { type ListedCar, accessToken, bookThroughApi, fillCard } from '../support/orders';
import { SITE } from '../support/site';
import { hydrated } from '../support/hydration';

/**
 * Paying: a buyer pays for a booking with the offline test gateway's card form, in Stripe's test
 * cards, and the car ends up sold. Each test makes its own seller, Honda and buyer, so the result
 * does not depend on what other specs did to the demo data.
 */

/** A Honda a fresh seller lists, booked through the API by the signed-in buyer. */
async function bookOwnHonda(request: APIRequestContext, token: string): Promise<{ car: ListedCar; bookingId: string }> {
  const seller = await newAccount(request, 'Seller');
  const id = await listCar(request, seller, { carName: `Honda Civic ${randomBytes(3).toString('hex')}`, category: 'honda' });
  const car = (await (await request.get(`${SITE.api}/hondas/${id}`)).json()) as ListedCar;
  return { car, bookingId: await bookThroughApi(request, token, id) };
}

test('a buyer pays for a booking: a declined card first, then 4242 4242 4242 4242', async ({ page, request }) => {
  // Three accounts, a listing, a booking and two payments: longer than one screen's test.
  test.slow();
  const buyer = await newAccount(request, 'Buyer');
  await logIn(page, buyer.email, buyer.password);
  const { car, bookingId } = await bookOwnHonda(request, await accessToken(page));

  // My Orders offers PAY NOW for the new booking.
  await page.goto('/Dashboard');
  const payNow = page.getByRole('link', { name: `PAY NOW for ${car.carName}` }).and(page.locator(`[href="/dashboard/payment/${bookingId}"]`));
  await expect(payNow).toBeVisible();
  await (await hydrated(payNow)).click();
  await expect(page).toHaveURL(`${SITE.shell}/dashboard/payment/${bookingId}`);

  await expect(page.getByRole('heading', { name: `Payment for ${car.carName}` })).toBeVisible();
  // Formatted as everywhere on the site: the demo cars cost whole dollars ($21,500).
  await expect(page.getByText(`Please pay $${car.currentPrice.toLocaleString('en-US')}`)).toBeVisible();
  await expect(page.getByRole('note')).toContainText('TEST MODE');
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeEnabled();

  // The card element checks as the person types, in Stripe's words.
  await page.getByRole('textbox', { name: 'Card number' }).pressSequentially('4242424242424241');
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveValue('4242 4242 4242 4241');
  await expect(page.getByRole('alert')).toHaveText('Your card number is invalid.');

  // A declined card: the provider's message in red under the form, and nothing is paid.
  await fillCard(page, '4000000000000002');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await pay.click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Your card was declined.');
  await expect(alert).toHaveCSS('color', 'rgb(192, 38, 45)');
  await expect(page).toHaveURL(`${SITE.shell}/dashboard/payment/${bookingId}`);

  await fillCard(page, '4242424242424242');
  await pay.click();
  await expect(page.getByText('Successfully Done')).toBeVisible();
  // The success message shows on the payment page, and again on the dashboard it leads to.
  await expect(page.getByRole('status').filter({ hasText: 'Congrats! your payment completed' }).first()).toBeVisible();
  await expect(page).toHaveURL(`${SITE.shell}/Dashboard`);
  const notice = page.getByRole('status').filter({ hasText: 'Congrats! your payment completed' });
  await expect(notice.first()).toBeVisible();

  // My Orders now reads Paid for this booking, with no PAY NOW.
  const row = page.getByRole('row').filter({ hasText: car.carName });
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.locator(`[href="/dashboard/payment/${bookingId}"]`)).toHaveCount(0);

  // The notice goes when dismissed, and a reload does not bring it back.
  await page.getByRole('button', { name: 'Dismiss notice' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(notice).toHaveCount(0);

  // The car is sold, for the API and in its brand list.
  const detail = await request.get(`${SITE.api}/hondas/${car._id}`);
  expect(((await detail.json()) as ListedCar).status).toBe('sold');
  await page.goto(`/hondas?q=${encodeURIComponent(car.carName)}`);
  const card = page.getByRole('article').filter({ has: page.locator(`a[href="/hondas/${car._id}"]`) });
  await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'sold');
  // The catalog keeps the button, disabled, with the order flow's reason beside it.
  await expect(card.getByRole('button', { name: 'Book Now' })).toBeDisabled();
  await expect(card.getByText('This car has already been sold')).toBeVisible();

  // The paid booking's page says it is paid rather than offering the card form again.
  await page.goto(`/dashboard/payment/${bookingId}`);
  await expect(page.getByText('This booking is already paid')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
});

test('the server cannot be talked into a second payment or a wrong amount', async ({ page, request }) => {
  const buyer = await newAccount(request, 'Buyer');
  await logIn(page, buyer.email, buyer.password);
  const token = await accessToken(page);
  const { car, bookingId } = await bookOwnHonda(request, token);
  const auth = { Authorization: `Bearer ${token}` };

  const started = await request.post(`${SITE.api}/create-payment-intent`, { headers: auth, data: { bookingId, currentPrice: 1 } });
  expect(started.ok()).toBe(true);
  const { clientSecret } = (await started.json()) as { clientSecret: string };
  const intentId = clientSecret.split('_secret_')[0]!;

  // Not yet confirmed: refused.
  const early = await request.post(`${SITE.api}/payments`, { headers: auth, data: { bookingId, transactionId: intentId, email: buyer.email } });
  expect(early.status()).toBe(402);

  const confirmed = await request.post(`${SITE.api}/test-gateway/confirm`, {
    data: { clientSecret, number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
  });
  expect(confirmed.ok()).toBe(true);
  const responses = await Promise.all(
    Array.from({ length: 5 }, () =>
      request.post(`${SITE.api}/payments`, { headers: auth, data: { bookingId, transactionId: intentId, email: buyer.email, currentPrice: 1 } }),
    ),
  );
  expect(responses.map((response) => response.status()).sort()).toEqual([200, 200, 200, 200, 201]);
  expect(new Set(await Promise.all(responses.map(async (response) => ((await response.json()) as { insertedId: string }).insertedId))).size).toBe(1);
  const booking = await request.get(`${SITE.api}/bookings/${bookingId}`, { headers: auth });
  expect(await booking.json()).toMatchObject({ paid: true, transactionId: intentId, currentPrice: car.currentPrice });
});
