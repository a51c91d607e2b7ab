// Pipelines: dashboard
import { fillCarFacts } from '../support/market';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { logIn, submitRegistration } from '../support/auth';
import { DEMO, DEMO_PASSWORD, SITE } from '../support/site';
import { rowOf } from '../support/tables';

/**
 * The dashboard of each role, end to end. The site and its database are shared with
 * the other specs: nothing here deletes a demo account or counts rows.
 */

/** Opens `path`; the login guard shows the sign-in form there, and logging in shows the page. */
async function signInAt(page: Page, path: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await logIn(page, email, password);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'i'));
}

async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token, 'the access token is kept under accessToken').toBeTruthy();
  return token!;
}

/** A picture the API serves, so the new car looks like the others without any outside link. */
async function demoPicture(request: APIRequestContext): Promise<string> {
  const response = await request.get(`${SITE.api}/audis?limit=1`);
  expect(response.ok()).toBe(true);
  const [car] = (await response.json()) as { img: string }[];
  return car!.img;
}

/** The Firebase Auth emulator's password sign-in, for an identity token outside the page. */
async function identityToken(request: APIRequestContext, email: string, password: string) {
  return request.post(`${SITE.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
    data: { email, password, returnSecureToken: true },
  });
}

test.describe.serial('a car from Add Product to My Buyers', () => {
  const carName = `E2E Audi A4 ${Date.now()}`;
  const phone = '+1 415 555 0123';
  const address = `${Date.now() % 1000} Market St, Springfield`;
  let carId = '';
  let bookingId = '';

  test('the demo seller adds a car and sees it in My Product', async ({ page, request }) => {
    const picture = await demoPicture(request);
    await signInAt(page, '/dashboard', DEMO.seller);
    await expect(page).toHaveTitle('Dashboard - My Products');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link')).toHaveText(['Add Product', 'My Product', 'My Buyers', 'Messages']);
    await nav.getByRole('link', { name: 'Add Product' }).click();
    await expect(page).toHaveURL(/\/dashboard\/addProduct$/);
    await expect(page).toHaveTitle('Dashboard - Add Product');

    // The form checks with the API's schema: an empty submit names each missing field.
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByLabel('Car name')).toBeFocused();
    await expect(page.getByLabel('Car name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Car name is required')).toBeVisible();
    await expect(page.getByLabel('Category')).toHaveValue('audi');
    await expect(page.getByLabel('Seller name')).toHaveValue('Demo Seller');

    await page.getByLabel('Car name').fill(carName);
    await page.getByLabel('Image link').fill(picture);
    await expect(page.getByRole('img', { name: 'Preview of the car' })).toBeVisible();
    await page.getByLabel('Current price').fill('23950');
    await page.getByLabel('Original price').fill('41200');
    await page.getByLabel('Purchase year').fill('2019');
    await fillCarFacts(page);
    await page.getByLabel('Used').fill('5 years');
    await page.getByLabel('Condition').fill('Good');
    await page.getByLabel('Location').fill('Springfield');
    await page.getByLabel('Contact').fill('+1 415 555 0100');
    await page.getByLabel('Details').fill('One owner, full service history, added by the browser suite.');
    await page.getByRole('button', { name: 'Add Product' }).click();

    await expect(page).toHaveURL(/\/dashboard\/myProduct$/);
    await expect(page.getByText(`${carName} added`)).toBeVisible();
    await expect(page).toHaveTitle('Dashboard - My Products');
    const row = page.getByRole('row').filter({ hasText: carName });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell')).toHaveText([
      '1',
      '',
      carName,
      'Audi',
      '$23,950',
      /\d{4}-\d{2}-\d{2}/,
      'Available',
      '0',
      'EditEdit photosMark sold elsewhereWithdraw',
    ]);

    const mine = await request.get(`${SITE.api}/myAudi`, { params: { sellerName: 'Demo Seller', q: carName } });
    const [car] = (await mine.json()) as { _id: string; carName: string }[];
    expect(car?.carName).toBe(carName);
    carId = car!._id;
  });

  test('the demo buyer finds it in the Audi list and books it', async ({ page }) => {
    await signInAt(page, `/audis?q=${encodeURIComponent(carName)}`, DEMO.buyer);
    await expect(page.getByRole('article', { name: carName })).toBeVisible();

    // Booked through the API (the booking dialog has its own spec in checkout's suite).
    const response = await page.request.post(`${SITE.api}/bookings`, {
      headers: { Authorization: `Bearer ${await accessToken(page)}` },
      data: { carId, phone, address },
    });
    expect(response.status()).toBe(201);
    bookingId = ((await response.json()) as { insertedId: string }).insertedId;

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveTitle('Dashboard - orders');
    const row = page.getByRole('row').filter({ hasText: carName });
    await expect(row.getByRole('cell').nth(3)).toHaveText('$23,950');
    await expect(row.getByRole('link', { name: 'PAY NOW' })).toHaveAttribute('href', `/dashboard/payment/${bookingId}`);
    // The seed gives the demo buyer a paid booking, shown as Paid.
    await expect(page.getByRole('cell', { name: 'Paid', exact: true }).first()).toBeVisible();
  });

  test('the seller sees the booking in My Buyers and the car as booked', async ({ page }) => {
    await signInAt(page, '/Dashboard', DEMO.seller);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Buyers' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Buyers' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: carName });
    await expect(row.getByRole('cell')).toHaveText([/\d+/, 'Demo Buyer', DEMO.buyer, phone, address, carName, '$23,950', 'Not paid']);

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Product' }).click();
    // The State column; Photos comes after it.
    await expect(page.getByRole('row').filter({ hasText: carName }).getByRole('cell').nth(6)).toHaveText('Booked');
  });
});

test('the admin deletes a buyer: confirm, deleted successfully, the row goes, the buyer cannot get a token', async ({ page, browser, request }) => {
  const stamp = Date.now();
  const throwaway = { name: `Throwaway Buyer ${stamp}`, email: `throwaway-${stamp}@usedcars.test`, password: `throwaway-${stamp}` };

  const visitor = await browser.newContext();
  const registering = await visitor.newPage();
  await submitRegistration(registering, { ...throwaway, role: 'Buyer' });
  await expect(registering).toHaveURL(`${SITE.shell}/`);
  await expect(registering.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await visitor.close();

  const signedIn = await identityToken(request, throwaway.email, throwaway.password);
  expect(signedIn.ok()).toBe(true);
  const { idToken } = (await signedIn.json()) as { idToken: string };
  const jwt = () => request.get(`${SITE.api}/jwt`, { params: { email: throwaway.email }, headers: { Authorization: `Bearer ${idToken}` } });
  expect((await jwt()).status()).toBe(200);

  await signInAt(page, '/Dashboard', DEMO.admin);
  await expect(page).toHaveTitle('Dashboard - All users');
  await expect(page.getByRole('table', { name: 'Sellers' }).getByRole('row').filter({ hasText: DEMO.seller })).toHaveCount(1);
  const row = await rowOf(page, 'Buyers', throwaway.email);
  await expect(row.getByRole('cell')).toHaveText([/\d+/, throwaway.name, throwaway.email, 'Buyer', 'Delete']);

  let prompt = '';
  page.once('dialog', (dialog) => {
    prompt = dialog.message();
    void dialog.accept();
  });
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => navigations.push(frame.url()));
  await row.getByRole('button', { name: `Delete ${throwaway.name}` }).click();
  await expect(page.getByText('deleted successfully')).toBeVisible();
  expect(prompt).toBe('Are you sure, you want to delete this account?');
  await expect(row).toHaveCount(0);
  expect(navigations, 'the row goes without a reload').toEqual([]);
  // The other buyers stay: after a reload (the table's first page), the demo buyer is still listed.
  await page.reload();
  await rowOf(page, 'Buyers', DEMO.buyer);

  // Its identity is gone too: its old ID token buys no access token, and it cannot sign in again.
  expect([401, 403]).toContain((await jwt()).status());
  expect((await identityToken(request, throwaway.email, throwaway.password)).ok()).toBe(false);
});

test('a buyer who types /dashboard/addProduct gets no way to add a car, and the API refuses too', async ({ page }) => {
  await signInAt(page, '/dashboard', DEMO.buyer);
  // Typed into the address bar: a full page load of the seller's address.
  await page.goto('/dashboard/addProduct');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Product' })).toBeVisible();
  await expect(page.getByText('Only sellers can add cars.')).toBeVisible();
  await expect(page.getByRole('form')).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Product' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link')).toHaveText(['My Orders', 'Saved cars', 'Saved searches', 'Messages']);

  const refused = await page.request.post(`${SITE.api}/audis`, {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
    data: {
      carName: 'Not allowed',
      img: '/images/none.svg',
      currentPrice: 1,
      price: 1,
      purchaseYear: '2020',
      condition: 'Good',
      contact: '1',
      details: 'x',
      location: 'x',
      used: 'x',
      sellerName: 'Demo Buyer',
      time: '2025-01-01',
      categoryName: 'audi',
    },
  });
  expect(refused.status()).toBe(403);

  // The other seller pages, by address (also spelled in lower case: routes ignore case), refuse alike.
  await page.goto('/dashboard/mybuyer');
  await expect(page.getByText('Only sellers have buyers.')).toBeVisible();
  const buyers = await page.request.get(`${SITE.api}/myBuyers`, { headers: { Authorization: `Bearer ${await accessToken(page)}` } });
  expect(buyers.status()).toBe(403);
});

/** Each row of `name` as a card: nothing past its region's edge, the row's title above its other values. */
async function expectCards(page: Page, name: string, title: string) {
  const table = page.getByRole('table', { name });
  await expect(table).toBeVisible();
  const fits = await table.evaluate((element) => {
    const region = element.closest<HTMLElement>('[role="region"]')!;
    return region.scrollWidth <= region.clientWidth + 1;
  });
  expect(fits, `table "${name}" fits its region`).toBe(true);
  const row = table.getByRole('row').nth(1);
  const tops = await row.getByRole('cell').evaluateAll((cells) => cells.map((cell) => ({ label: cell.dataset.label, top: cell.getBoundingClientRect().top })));
  const first = Math.min(...tops.map((cell) => cell.top));
  expect(tops.find((cell) => cell.label === title)?.top, `"${title}" heads the card`).toBe(first);
  expect(tops.filter((cell) => cell.top === first).map((cell) => cell.label)).toEqual([title]);
}

for (const [who, email, name, title] of [
  ['buyer', DEMO.buyer, 'My orders', 'Title'],
  ['seller', DEMO.seller, 'My cars', 'Car'],
] as const) {
  test(`the ${who}'s dashboard reads at 375 px: no sideways page scroll, every table row a card headed by its title`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAt(page, '/dashboard', email);
    await expectCards(page, name, title);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
}
