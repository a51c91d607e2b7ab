// Pipelines: catalog
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, settled, test } from '../support/test';
import { logIn } from '../support/auth';
import { accessToken } from '../support/orders';
import { DEMO, DEMO_PASSWORD, SITE } from '../support/site';

/**
 * A car's photos as a buyer meets them: the gallery on the car's page with the keyboard and, on a
 * phone, by touch; a picture that fails to load; and what a brand list's pictures cost on the wire
 * (docs/product.md, "Car detail"; docs/performance.md, "Pictures").
 */

interface ListedCar {
  _id: string;
  carName: string;
  img: string;
  photos: Array<{ id: string; width: number; height: number; alt?: string }>;
}

const COLLECTIONS = ['audis', 'hondas', 'mercedess'] as const;

/** A demo car with several photos (the demo data gives each car a few). */
async function carWithPhotos(request: APIRequestContext): Promise<{ car: ListedCar; address: string }> {
  for (const collection of COLLECTIONS) {
    const cars = (await (await request.get(`${SITE.api}/${collection}?limit=50`)).json()) as ListedCar[];
    const car = cars.find((candidate) => candidate.photos.length >= 3);
    if (car) return { car, address: `/${collection}/${car._id}` };
  }
  throw new Error('no demo car has three photos or more');
}

const gallery = (page: Page, car: ListedCar) => page.getByRole('region', { name: `Photos of ${car.carName}` });
const mainPhoto = (page: Page) => page.getByRole('button', { name: /: view full screen$/ });

/**
 * The page has hydrated the gallery the server rendered (React has attached to it): before that, a
 * key or a finger does nothing, as on any server-rendered page.
 */
async function galleryLive(page: Page, car: ListedCar): Promise<void> {
  const region = gallery(page, car);
  await expect.poll(() => region.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__react')))).toBe(true);
}

/** Every picture the page shows has arrived whole: no broken-image icon anywhere. */
async function brokenPictures(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.images]
      .filter((img) => img.getBoundingClientRect().width > 0 && img.complete && img.naturalWidth === 0)
      .map((img) => img.currentSrc || img.src),
  );
}

/** How the gallery names a photo: the seller's own words, or the car's name and the photo's place. */
const photoName = (car: ListedCar, place: number) => car.photos[place - 1]?.alt || `${car.carName}, photo ${place} of ${car.photos.length}`;

/** The photo in view has loaded, and is the one the counter names. */
async function expectShowing(page: Page, car: ListedCar, place: number, where: Locator = gallery(page, car)): Promise<void> {
  const count = car.photos.length;
  await expect(where.getByText(`${place} / ${count}`, { exact: true })).toBeVisible();
  const img = where.getByRole('img', { name: photoName(car, place), exact: true });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
}

test('a buyer browses a car’s photos with the keyboard and views them full screen', async ({ page, request }) => {
  const { car, address } = await carWithPhotos(request);
  const count = car.photos.length;
  await logIn(page, DEMO.buyer, DEMO_PASSWORD);
  await page.goto(address);
  await expectShowing(page, car, 1);
  await expect(gallery(page, car).getByRole('button', { name: /^Show photo \d+ of \d+$/ })).toHaveCount(count);
  await galleryLive(page, car);

  // Tab reaches the main photo; the arrow keys move, Home and End jump.
  await mainPhoto(page).focus();
  await page.keyboard.press('ArrowRight');
  await expectShowing(page, car, 2);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expectShowing(page, car, count);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expectShowing(page, car, 3);

  // Enter opens the full-screen view: a modal dialog holding the focus.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: car.carName });
  await expect(dialog).toBeVisible();
  await expectShowing(page, car, 3, dialog);
  await page.keyboard.press('ArrowRight');
  await expectShowing(page, car, 4 > count ? 1 : 4, dialog);
  for (let i = 0; i < 5; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(mainPhoto(page)).toBeFocused();
  await expectShowing(page, car, 4 > count ? 1 : 4);

  // A thumbnail shows its photo.
  await gallery(page, car)
    .getByRole('button', { name: `Show photo 2 of ${count}` })
    .click();
  await expectShowing(page, car, 2);
  expect(await brokenPictures(page)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });

  /** A finger drawn across `target` by `dx` pixels, as the touch screen reports it. */
  async function swipe(page: Page, target: Locator, dx: number): Promise<void> {
    const box = (await target.boundingBox())!;
    const y = box.y + box.height / 2;
    const from = box.x + box.width / 2 - dx / 2;
    const cdp = await page.context().newCDPSession(page);
    // Each touch carries its own time (seconds), which the browser's gesture detection reads.
    const start = Date.now() / 1000;
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', atMs: number, x?: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, timestamp: start + atMs / 1000, touchPoints: x === undefined ? [] : [{ x, y }] });
    await touch('touchStart', 0, from);
    for (let step = 1; step <= 6; step += 1) await touch('touchMove', step * 16, from + (dx * step) / 6);
    // The finger stops before it lifts: a finger lifted while moving starts a fling, and the
    // browser takes the next tap as stopping that fling, not as a tap.
    await touch('touchMove', 6 * 16 + 150, from + dx);
    await touch('touchEnd', 6 * 16 + 300);
    await cdp.detach();
  }

  test('a buyer swipes through the photos at 375 px, taps one to view it full screen, and closes it', async ({ page, request }) => {
    const { car, address } = await carWithPhotos(request);
    await page.goto(address);
    await expectShowing(page, car, 1);
    await galleryLive(page, car);
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await swipe(page, mainPhoto(page), -200);
    await expectShowing(page, car, 2);
    await swipe(page, mainPhoto(page), -200);
    await expectShowing(page, car, 3);
    await swipe(page, mainPhoto(page), 200);
    await expectShowing(page, car, 2);
    // A swipe is not a tap: no full-screen view opened on the way.
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await mainPhoto(page).tap();
    const dialog = page.getByRole('dialog', { name: car.carName });
    await expect(dialog).toBeVisible();
    await expectShowing(page, car, 2, dialog);
    await swipe(page, dialog.getByRole('img', { name: photoName(car, 2), exact: true }), -200);
    await expectShowing(page, car, 3, dialog);
    // The view fits the phone: the photo and its buttons are on screen.
    const photoBox = (await dialog.getByRole('img').boundingBox())!;
    expect(photoBox.x).toBeGreaterThanOrEqual(0);
    expect(photoBox.x + photoBox.width).toBeLessThanOrEqual(375);
    await dialog.getByRole('button', { name: 'Close full-screen view' }).tap();
    await expect(dialog).toBeHidden();
    await expectShowing(page, car, 3);
  });

  test('a brand-list card’s picture costs at most 30 KB on the wire at 375 px', async ({ page }) => {
    // The brand lists are for signed-in people; Log Out shows without the menu at 1280 px.
    await page.setViewportSize({ width: 1280, height: 800 });
    await logIn(page, DEMO.buyer, DEMO_PASSWORD);
    await page.setViewportSize({ width: 375, height: 800 });
    const sizes = new Map<string, Promise<number>>();
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'image') return;
      sizes.set(
        request.url(),
        request.sizes().then((size) => size.responseHeadersSize + size.responseBodySize),
      );
    });
    // A demo car with photos (the specs' own cars have only a link picture), found by its name:
    // other specs' newer cars may fill the list's first screen.
    const { car, address } = await carWithPhotos(page.request);
    await page.goto(`${address.slice(0, address.lastIndexOf('/'))}?q=${encodeURIComponent(car.carName)}`);
    const card = page.getByRole('article').filter({ hasText: car.carName }).first();
    const img = card.locator('img').first();
    await expect(img).toHaveAttribute('srcset', /\/photos\//);
    await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    await settled(page);
    const source = await img.evaluate((element: HTMLImageElement) => element.currentSrc);
    // The card shows one of the photo's sizes, not the original upload.
    expect(source).toMatch(/\/photos\//);
    const bytes = await sizes.get(source);
    expect(bytes, `${source} on the wire`).toBeGreaterThan(0);
    expect(bytes!).toBeLessThanOrEqual(30 * 1024);
  });
});

test('a car whose picture fails shows a placeholder picture named after it: no broken image, nothing moves', async ({ page }) => {
  await logIn(page, DEMO.seller, DEMO_PASSWORD);
  const carName = `Mercedes 190E placeholder ${Date.now()}`;
  // An old car with only an img link, and one that responds with 404. Cheap and old, so that it sorts
  // last where the other specs look first.
  const added = await page.request.post(`${SITE.api}/mercedess`, {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
    data: {
      carName,
      img: '/images/cars/no-such-picture.svg',
      currentPrice: 900,
      price: 1200,
      purchaseYear: '1991',
      condition: 'Fair',
      contact: '+1 (415) 555-0190',
      details: 'Its picture is gone.',
      location: 'Denver, CO',
      used: '30 years',
      sellerName: 'Demo Seller',
      time: '2001-01-01',
      categoryName: 'mercedes',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const id = ((await added.json()) as { insertedId: string }).insertedId;
  expect((await page.request.get(`${SITE.api}/images/cars/no-such-picture.svg`)).status()).toBe(404);

  await page.addInitScript(() => {
    const state = { total: 0 };
    (window as Window & { layoutShift?: typeof state }).layoutShift = state;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) state.total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

  /** Layout shifts from now on: what the picture's failure and its placeholder picture may cause. */
  const resetShifts = () =>
    page.evaluate(() => {
      const state = (window as Window & { layoutShift?: { total: number } }).layoutShift;
      if (state) state.total = 0;
    });

  const expectPlaceholder = async (name: string, address: string, width: number) => {
    const placeholder = page.getByRole('img', { name, exact: true });
    await expect(placeholder, `${address} at ${width}`).toBeVisible();
    expect(await placeholder.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    await expect.poll(() => placeholder.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    await settled(page);
    expect(await brokenPictures(page), `${address} at ${width}`).toEqual([]);
    const shift = await page.evaluate(() => (window as Window & { layoutShift?: { total: number } }).layoutShift?.total ?? 0);
    expect(shift, `${address} at ${width}`).toBeLessThanOrEqual(0.01);
  };

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    // Rendered on the server, the picture fails before the page's script runs.
    await page.goto(`/mercedess/${id}`);
    await expectPlaceholder(`${carName}: no picture`, 'the car’s page', width);
    // The placeholder picture keeps the box the picture had.
    const box = (await page.getByRole('img', { name: `${carName}: no picture` }).boundingBox())!;
    expect(Math.abs(box.width / box.height - 16 / 10)).toBeLessThan(0.02);

    // The list itself arrives after the page (docs/product.md, "Brand list"): what is measured
    // here is the card's picture failing, from the moment the card is there.
    await page.goto(`/mercedes?q=${encodeURIComponent(carName)}`);
    await expect(page.getByRole('article')).toHaveCount(1);
    await resetShifts();
    await expectPlaceholder(`${carName}: no picture`, 'the brand list', width);

    await page.goto('/dashboard/myProduct');
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: carName, exact: true }) });
    // The oldest car is the table's last row, on its last page (20 rows a page, docs/product.md
    // "Long lists"): its picture loads (and fails) once scrolled to.
    await expect(page.getByRole('table', { name: 'My cars' })).toBeVisible();
    const next = page.getByRole('button', { name: 'Next page' });
    while ((await row.count()) === 0 && (await next.isVisible()) && (await next.isEnabled())) await next.click();
    await row.scrollIntoViewIfNeeded();
    await expect(row).toBeVisible();
    await resetShifts();
    await expectPlaceholder(`${carName}: no picture`, 'My Products', width);
  }
});
