// Pipelines: catalog, checkout
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { listCar, newAccount, type SpecAccount } from '../support/accounts';
import { logIn as signIn } from '../support/auth';
import { hydrated } from '../support/hydration';
import { DEMO, DEMO_PASSWORD, SITE } from '../support/site';

/**
 * In the browser: the catalog (brand list, filters in the address, car detail) and the
 * booking dialog that the catalog loads from the checkout remote, against the real API.
 *
 * The whole run shares one database and other specs book cars too, so this file never counts
 * cars, and each booking test books a car its own seller listed, as a buyer of its own.
 */

/** A band the demo Audis (about $10k–$75k) always populate, away from the cheapest and dearest. */
const BAND = { min: 18000, max: 42000 };

/** An account signs in from /login and lands on the home page. */
async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await signIn(page, email, password);
  await expect(page).toHaveURL(`${SITE.shell}/`);
}

/** A buyer of the test's own, and a car (inside BAND) of a seller of its own, no other spec books. */
async function ownBuyerAndCar(page: Page, category: 'audi' | 'honda' | 'mercedes'): Promise<{ buyer: SpecAccount; carName: string }> {
  const seller = await newAccount(page.request, 'Seller');
  const carName = `${{ audi: 'Audi A4', honda: 'Honda Civic', mercedes: 'Mercedes-Benz C 300' }[category]} e2e-${randomBytes(3).toString('hex')}`;
  await listCar(page.request, seller, { carName, category });
  return { buyer: await newAccount(page.request, 'Buyer'), carName };
}

const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

test('a buyer filters the Audis by price, opens a car and books it', async ({ page }) => {
  // Two accounts, a listing, filters, a car's page and two bookings: longer than one screen's test.
  test.slow();
  const { buyer, carName } = await ownBuyerAndCar(page, 'audi');
  await logIn(page, buyer.email, buyer.password);
  await page.goto('/audis');
  await expect(page.getByRole('heading', { level: 1, name: 'Audi cars' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();

  const filters = page.getByRole('search', { name: 'Search and filter cars' });
  await (await hydrated(filters.getByLabel('Min price ($)'))).fill(String(BAND.min));
  await filters.getByLabel('Max price ($)').fill(String(BAND.max));
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(`${SITE.shell}/audis?minPrice=${BAND.min}&maxPrice=${BAND.max}`);
  await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
  await expect(page).toHaveURL(`${SITE.shell}/audis?minPrice=${BAND.min}&maxPrice=${BAND.max}&sort=-price`);

  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  // The previous view stays, marked busy, until the sorted one arrives (the address changes a moment before it is busy).
  const shownPrices = async () => (await page.locator('.current dd').allTextContents()).map(dollars);
  await expect
    .poll(async () => {
      const shown = await shownPrices();
      return shown.length > 0 && shown.join() === [...shown].sort((a, b) => b - a).join();
    })
    .toBe(true);
  await expect(page.getByRole('list', { name: 'Audi cars' })).toHaveAttribute('aria-busy', 'false');
  // Every card shown is inside the band, dearest first.
  const prices = await shownPrices();
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices) {
    expect(price).toBeGreaterThanOrEqual(BAND.min);
    expect(price).toBeLessThanOrEqual(BAND.max);
  }
  expect(prices).toEqual([...prices].sort((a, b) => b - a));

  // A reload keeps the view (the address holds it).
  await page.reload();
  await expect(filters.getByLabel('Min price ($)')).toHaveValue(String(BAND.min));
  await expect(page.getByLabel('Sort by')).toHaveValue('-price');

  // The buyer sees Book Now on the cards, never More Details.
  await expect(cards.first().getByRole('button', { name: 'Book Now' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'More Details' })).toHaveCount(0);

  // The test's own car, inside the band, found by its name.
  await (await hydrated(filters.getByLabel('Search'))).fill(carName);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  const nameLink = card.getByRole('heading').getByRole('link');
  await expect(nameLink).toHaveText(carName);
  const detailPath = await nameLink.getAttribute('href');
  expect(detailPath).toMatch(/^\/audis\/[0-9a-f-]{36}$/);

  // Book Now on the card opens the same dialog; Escape closes it and focus returns to the card.
  const cardBookNow = card.getByRole('button', { name: 'Book Now' });
  await cardBookNow.click();
  await expect(page.getByRole('dialog', { name: 'Add your info' }).getByLabel('Car Name')).toHaveValue(carName);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(cardBookNow).toBeFocused();

  await nameLink.click();
  await expect(page).toHaveURL(`${SITE.shell}${detailPath}`);
  await expect(page.getByRole('heading', { level: 1, name: carName })).toBeVisible();
  await expect(page.getByRole('img', { name: carName })).toBeVisible();
  for (const term of ['Details', 'Condition', 'Purchase year', 'Used', 'Location', 'Contact', 'Seller', 'Posted', 'Original price', 'Current price']) {
    await expect(page.locator('dt', { hasText: new RegExp(`^${term}$`) })).toBeVisible();
  }

  // The dialog comes from the checkout remote; Escape closes it and focus returns to Book Now.
  const bookNow = page.getByRole('button', { name: 'Book Now' });
  await bookNow.click();
  const dialog = page.getByRole('dialog', { name: 'Add your info' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Phone Number')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(bookNow).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Your Email')).toHaveValue(buyer.email);
  await expect(dialog.getByLabel('Your Email')).not.toBeEditable();
  await expect(dialog.getByLabel('Your Name')).not.toHaveValue('');
  await expect(dialog.getByLabel('Car Name')).toHaveValue(carName);
  await expect(dialog.getByLabel('Car Price')).toHaveValue(/^\$[\d,]+$/);
  await expect(dialog.getByLabel('Phone Number')).toHaveAttribute('type', 'tel');

  // Empty phone and address are refused beside the fields; nothing is booked.
  await dialog.getByRole('button', { name: 'ADD' }).click();
  await expect(dialog.getByText('phone is required')).toBeVisible();
  await expect(dialog.getByText('address is required')).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Phone Number').fill('+1 415 555 0142');
  await dialog.getByLabel('Meeting Address').fill('1 Ferry Building, San Francisco, CA');
  await dialog.getByRole('button', { name: 'ADD' }).click();
  await expect(page.getByText('BOOKING CONFIRMED')).toBeVisible();
  await expect(page).toHaveURL(`${SITE.shell}/Dashboard`);

  // The car is now booked, for everyone; booking it again is refused with the server's message.
  // Loaded straight from the server, as a shared link or a reload would.
  await page.goto(detailPath!);
  await expect(page.getByText('Booked', { exact: true })).toBeVisible();
  await (await hydrated(page.getByRole('button', { name: 'Book Now' }))).click();
  await dialog.getByLabel('Phone Number').fill('+1 415 555 0142');
  await dialog.getByLabel('Meeting Address').fill('1 Ferry Building, San Francisco, CA');
  await dialog.getByRole('button', { name: 'ADD' }).click();
  await expect(page.getByText('You have already booked this car')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(`${SITE.shell}${detailPath}`);
});

/**
 * The two other brands, booked from their lists' cards on a phone: the dialog fits a 375-px
 * screen and the order shows up on the buyer's dashboard.
 */
for (const brand of [
  { list: '/mercedes', category: 'mercedes', detail: /^\/mercedess\/[0-9a-f-]{36}$/ },
  { list: '/hondas', category: 'honda', detail: /^\/hondas\/[0-9a-f-]{36}$/ },
] as const) {
  test(`a buyer books a car from ${brand.list} on a 375-px phone`, async ({ page }) => {
    const { buyer, carName } = await ownBuyerAndCar(page, brand.category);
    // Signed in first (on a phone the navbar's Log Out sits behind the menu button), then a phone.
    await logIn(page, buyer.email, buyer.password);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${brand.list}?q=${encodeURIComponent(carName)}`);
    const card = page.getByRole('article');
    await expect(card).toHaveCount(1);
    const nameLink = card.getByRole('heading').getByRole('link');
    await expect(nameLink).toHaveText(carName);
    expect(await nameLink.getAttribute('href')).toMatch(brand.detail);

    await (await hydrated(card.getByRole('button', { name: 'Book Now' }))).click();
    const dialog = page.getByRole('dialog', { name: 'Add your info' });
    await expect(dialog.getByLabel('Car Name')).toHaveValue(carName);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    for (const label of ['Phone Number', 'Meeting Address']) {
      const field = (await dialog.getByLabel(label).boundingBox())!;
      expect(field.x + field.width).toBeLessThanOrEqual(box.x + box.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await dialog.getByLabel('Phone Number').fill('+1 212 555 0199');
    await dialog.getByLabel('Meeting Address').fill('350 Fifth Avenue, New York, NY');
    await dialog.getByRole('button', { name: 'ADD' }).click();
    await expect(page.getByText('BOOKING CONFIRMED')).toBeVisible();
    await expect(page).toHaveURL(`${SITE.shell}/Dashboard`);
    await expect(page.getByRole('row').filter({ hasText: carName })).toBeVisible();
  });
}

test('a Seller sees More Details instead of Book Now, also at 375 px wide', async ({ page }) => {
  await logIn(page, DEMO.seller);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/hondas?sort=price');
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
  const moreDetails = cards.first().getByRole('link', { name: 'More Details' });
  await expect(moreDetails).toBeVisible();
  // One column, nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const href = await moreDetails.getAttribute('href');
  expect(href).toMatch(/^\/hondas\/[0-9a-f-]{36}$/);
  await moreDetails.click();
  await expect(page).toHaveURL(`${SITE.shell}${href}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Only buyer accounts can book cars.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
});

test('a Mercedes card leads to /mercedess/{id}', async ({ page }) => {
  await logIn(page, DEMO.admin);
  await page.goto('/mercedes');
  const moreDetails = page.getByRole('article').first().getByRole('link', { name: 'More Details' });
  await expect(moreDetails).toHaveAttribute('href', /^\/mercedess\/[0-9a-f-]{36}$/);
  await moreDetails.click();
  await expect(page).toHaveURL(/\/mercedess\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: /Mercedes/ })).toBeVisible();
});

test('an unknown or malformed car id shows the not-found view', async ({ page }) => {
  await page.goto('/audis/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Car not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See all Audi cars' })).toHaveAttribute('href', '/audis');

  await page.goto('/hondas/not-a-car');
  await expect(page.getByRole('heading', { level: 1, name: 'Car not found' })).toBeVisible();
});
