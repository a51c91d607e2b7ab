// Pipelines: catalog
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { DEMO, DEMO_PASSWORD, SITE } from '../support/site';
import { hydrated } from '../support/hydration';
import { rowOf } from '../support/tables';

/**
 * Whatever sellers type, the site holds (docs/product.md, "Whatever sellers type"): a car whose
 * every field is one long unbroken word, with an Arabic and emoji location, is shown on every
 * screen at 320 and 375 px without the page scrolling sideways; a seller with 500 cars and a
 * buyer with 200 orders get paged dashboards with a count. Its own accounts, cars and bookings,
 * all in the Mercedes-Benz brand; nothing here deletes or counts what other specs made.
 */

const stamp = Date.now().toString(36);
/** One word of `length` characters with no place to break, as a pasted link or part number. */
const unbroken = (length: number, start: string) => `${start}${stamp}`.padEnd(length, 'x0_').slice(0, length);
const ARABIC_WORD = 'شارعالملكفهدالرياض🚗🇸🇦';

const seller = { name: unbroken(100, 'SellerNameWithNoSpaces'), email: `long-seller-${stamp}@usedcars.test`, password: 'a-good-password' };
const buyer = { name: unbroken(100, 'BuyerNameWithNoSpaces'), email: `long-buyer-${stamp}@usedcars.test`, password: 'a-good-password' };

const longCar = {
  categoryName: 'mercedes',
  carName: unbroken(120, 'https://example.com/listing/'),
  details: `${unbroken(120, 'https://example.com/details/')} ${unbroken(120, 'PART-NUMBER-')} ${ARABIC_WORD}`,
  location: ARABIC_WORD.repeat(5).slice(0, 110),
  contact: unbroken(120, 'contact-me-at-'),
  condition: unbroken(60, 'ConditionWord'),
  used: unbroken(60, 'UsedWord'),
  purchaseYear: '2019',
  currentPrice: 10_000_000,
  price: 10_000_000,
  time: '2025-01-15',
  sellerName: 'ignored',
};
const meetingAddress = `${unbroken(120, 'MeetingAddressWord')} ${ARABIC_WORD}`;

const SELLER_CARS = 500;
const BUYER_ORDERS = 200;

interface Account {
  auth: { Authorization: string };
}

/** An account the way the site makes one: the identity emulator, then POST /users, then the API's token. */
async function register(api: APIRequestContext, who: typeof seller, role: 'Buyer' | 'Seller'): Promise<Account> {
  const signUp = await api.post(`${SITE.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
    data: { email: who.email, password: who.password, displayName: who.name, returnSecureToken: true },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const { idToken } = (await signUp.json()) as { idToken: string };
  const identity = { Authorization: `Bearer ${idToken}` };
  const created = await api.post(`${SITE.api}/users`, { headers: identity, data: { name: who.name, email: who.email, role } });
  expect(created.status(), await created.text()).toBe(201);
  const jwt = await api.get(`${SITE.api}/jwt?email=${encodeURIComponent(who.email)}`, { headers: identity });
  expect(jwt.ok(), await jwt.text()).toBe(true);
  return { auth: { Authorization: `Bearer ${((await jwt.json()) as { accessToken: string }).accessToken}` } };
}

/** Runs `count` calls, a few at a time. */
async function inBatches<T>(count: number, call: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += 10) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(10, count - start) }, (_, offset) => call(start + offset)))));
  }
  return results;
}

let carId = '';
let bookingId = '';

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000);
  const api = await playwright.request.newContext();
  const [{ img }] = (await (await api.get(`${SITE.api}/mercedess?limit=1`)).json()) as [{ img: string }];
  const sellerAccount = await register(api, seller, 'Seller');
  const buyerAccount = await register(api, buyer, 'Buyer');

  const add = async (car: object) => {
    const response = await api.post(`${SITE.api}/mercedess`, { headers: sellerAccount.auth, data: { ...longCar, img, ...car } });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { insertedId: string }).insertedId;
  };
  const book = async (id: string, address: string) => {
    const response = await api.post(`${SITE.api}/bookings`, { headers: buyerAccount.auth, data: { carId: id, phone: '+966 11 000 0000', address } });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { insertedId: string }).insertedId;
  };

  const many = await inBatches(SELLER_CARS, (index) =>
    add({
      carName: `Bulk car ${index + 1} ${stamp}`,
      details: 'Listed in bulk.',
      location: 'Riyadh',
      contact: '+966 11 000 0000',
      condition: 'Good',
      used: '2 years',
      currentPrice: 20_000 + index,
      price: 30_000,
      time: '2024-01-01',
    }),
  );
  await inBatches(BUYER_ORDERS, (index) => book(many[index]!, `${index + 1} Market St`));
  // Last, so it is the newest of the brand and leads its list.
  carId = await add({});
  bookingId = await book(carId, meetingAddress);
  await api.dispose();
});

/** The Login screen, as a person would; on a phone Log Out sits in the closed menu, so the token tells. */
async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
}

/** No screen is wider than the phone: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, screenName: string) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `${screenName} is ${widths.scroll}px wide on a ${widths.client}px screen`).toBeLessThanOrEqual(widths.client);
}

for (const width of [320, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 740 } });

    test('the brand list and the car page show every long word, the Arabic location and the dearest price', async ({ page }) => {
      // The brand lists are for signed-in people (docs/product.md, "The screens").
      await logIn(page, buyer.email, buyer.password);
      await page.goto('/mercedes');
      const card = page.getByRole('article', { name: longCar.carName });
      await expect(card).toBeVisible();
      await expect(card.getByText(longCar.location)).toBeVisible();
      await expect(card.getByText(longCar.used)).toBeVisible();
      await expect(card.getByText(seller.name)).toBeVisible();
      await expect(card.getByText('$10,000,000')).toHaveCount(2);
      await expectNoSidewaysScroll(page, 'the brand list');

      await page.goto(`/mercedess/${carId}`);
      await expect(page.getByRole('heading', { level: 1, name: longCar.carName })).toBeVisible();
      for (const text of [longCar.details, longCar.location, longCar.contact, longCar.condition, longCar.used, seller.name]) {
        await expect(page.getByText(text, { exact: true })).toBeVisible();
      }
      await expectNoSidewaysScroll(page, "the car's page");
    });

    test("the buyer's booking dialog, My Orders with 201 orders, and the payment page", async ({ page }) => {
      await logIn(page, buyer.email, buyer.password);
      await page.goto(`/mercedess/${carId}`);
      await (await hydrated(page.getByRole('button', { name: 'Book Now' }))).click();
      const dialog = page.getByRole('dialog', { name: 'Add your info' });
      await expect(dialog.getByLabel('Car Name')).toHaveValue(longCar.carName);
      await expect(dialog.getByLabel('Car Price')).toHaveValue('$10,000,000');
      await dialog.getByLabel('Meeting Address').fill(meetingAddress);
      await expectNoSidewaysScroll(page, 'the booking dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/dashboard');
      const orders = page.getByRole('table', { name: 'My orders' });
      await expect(orders.getByRole('cell', { name: longCar.carName, exact: true })).toBeVisible();
      await expect(page.getByText(`Showing 1–20 of ${BUYER_ORDERS + 1}`)).toBeVisible();
      await expect(orders.getByRole('row')).toHaveCount(21);
      await expectNoSidewaysScroll(page, 'My Orders');
      await (await hydrated(page.getByRole('button', { name: 'Next page' }))).click();
      await expect(page.getByText(`Showing 21–40 of ${BUYER_ORDERS + 1}`)).toBeVisible();

      await page.goto(`/dashboard/payment/${bookingId}`);
      await expect(page.getByRole('heading', { name: `Payment for ${longCar.carName}` })).toBeVisible();
      await expect(page.getByText('Please pay $10,000,000')).toBeVisible();
      await expectNoSidewaysScroll(page, 'the payment page');
    });

    test("the seller's My Products with 501 cars and My Buyers", async ({ page }) => {
      await logIn(page, seller.email, seller.password);
      await page.goto('/dashboard');
      const products = page.getByRole('table', { name: 'My cars' });
      await expect(products.getByRole('cell', { name: longCar.carName, exact: true })).toBeVisible();
      await expect(page.getByText(`Showing 1–20 of ${SELLER_CARS + 1}`)).toBeVisible();
      await expectNoSidewaysScroll(page, 'My Products');
      await (await hydrated(page.getByRole('button', { name: 'Next page' }))).click();
      await expect(page.getByText(`Showing 21–40 of ${SELLER_CARS + 1}`)).toBeVisible();

      await page.goto('/dashboard/myBuyer');
      const buyers = page.getByRole('table', { name: 'Bookings of my cars' });
      await expect(buyers.getByRole('cell', { name: meetingAddress, exact: true })).toBeVisible();
      await expect(buyers.getByRole('cell', { name: buyer.name, exact: true }).first()).toBeVisible();
      await expect(page.getByText(`Showing 1–20 of ${BUYER_ORDERS + 1}`)).toBeVisible();
      await expectNoSidewaysScroll(page, 'My Buyers');
    });

    test("the admin's tables of accounts", async ({ page }) => {
      await logIn(page, DEMO.admin, DEMO_PASSWORD);
      await page.goto('/dashboard');
      await expect(await rowOf(page, 'Buyers', buyer.email)).toContainText(buyer.name);
      await expect(await rowOf(page, 'Sellers', seller.email)).toContainText(seller.name);
      await expectNoSidewaysScroll(page, 'All users');
    });
  });
}
