// Pipelines: dashboard
import { fillCarFacts } from '../support/market';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from '../support/test';
import { logIn } from '../support/auth';
import { DEMO, DEMO_PASSWORD, SITE } from '../support/site';

/**
 * A seller on a phone adds a car with three photos, one straight from a phone camera (stored
 * sideways with an EXIF orientation, and the GPS position of where it was taken), puts them in
 * order and picks the cover. The site and its database are shared with the other specs.
 */

test.use({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });

interface Photo {
  id: string;
  width: number;
  height: number;
  src: string;
  variants: Record<'avif' | 'webp' | 'jpeg', { width: number; url: string }[]>;
}
interface CarResponse {
  _id: string;
  img: string;
  carName: string;
  photos: Photo[];
}

/** A photo as a phone saves it: the pixels sideways (orientation 6), where it was taken in the EXIF. */
function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366aa' } })
    .composite([{ input: { create: { width: 300, height: 200, channels: 3, background: '#ffcc00' } }, top: 0, left: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneCo', ImageDescription: 'Front yard, 12 Elm Street' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 46/1 3000/100', GPSLongitudeRef: 'W', GPSLongitude: '122/1 25/1 1000/100' },
    })
    .toBuffer();
}

const plain = (colour: string, format: 'jpeg' | 'png') =>
  sharp({ create: { width: 1280, height: 853, channels: 3, background: colour } })
    .composite([{ input: { create: { width: 400, height: 300, channels: 3, background: '#ffffff' } }, top: 200, left: 300 }])
    .toFormat(format)
    .toBuffer();

async function signInAt(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await logIn(page, DEMO.seller, DEMO_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

async function carNamed(page: Page, carName: string): Promise<CarResponse> {
  const response = await page.request.get(`${SITE.api}/myAudi`, { params: { sellerName: 'Demo Seller', q: carName } });
  const [car] = (await response.json()) as CarResponse[];
  expect(car?.carName).toBe(carName);
  return car!;
}

test('a seller adds a car with three photos from a phone, orders them and picks the cover; nothing of where they were taken is served', async ({ page }) => {
  const carName = `E2E photos Audi A3 ${Date.now()}`;
  await signInAt(page, '/dashboard/addProduct');
  await page.getByLabel('Car name').fill(carName);
  // No image link: the photos give the car its picture.
  await page.getByLabel('Current price').fill('18950');
  await page.getByLabel('Original price').fill('33100');
  await page.getByLabel('Purchase year').fill('2020');
  await fillCarFacts(page);
  await page.getByLabel('Used').fill('4 years');
  await page.getByLabel('Condition').fill('Good');
  await page.getByLabel('Location').fill('Springfield');
  await page.getByLabel('Contact').fill('+1 415 555 0100');
  await page.getByLabel('Details').fill('Photographed with a phone by the browser suite.');

  await page.getByLabel('Add photos').setInputFiles([
    { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await plain('#aa3344', 'jpeg') },
    { name: 'side.png', mimeType: 'image/png', buffer: await plain('#22aa66', 'png') },
    { name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() },
  ]);
  const files = page.getByRole('list', { name: 'Files to upload' }).getByRole('listitem');
  await expect(files).toHaveCount(3);
  for (const name of ['front.jpg', 'side.png', 'IMG_0042.jpg']) {
    await expect(page.getByRole('progressbar', { name: `Upload of ${name}` })).toHaveAttribute('aria-valuenow', '0');
  }
  await expect(files.first()).toContainText('Cover');
  // The phone photo becomes the cover, and front.jpg goes last: by buttons, as a keyboard would.
  await page.getByRole('button', { name: 'Make cover, IMG_0042.jpg' }).click();
  await page.getByRole('button', { name: 'Move right, front.jpg' }).click();
  await expect(files).toHaveText([/Cover.*IMG_0042\.jpg/, /side\.png/, /front\.jpg/]);

  // A slow phone connection, so each file's progress is there to see.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 150 * 1024 });
  await page.getByRole('button', { name: 'Add Product and upload photos' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${carName} was added. Uploading its photos` })).toBeVisible();
  await expect
    .poll(async () => Number((await page.getByRole('progressbar', { name: 'Upload of IMG_0042.jpg' }).getAttribute('aria-valuenow')) ?? 0))
    .toBeGreaterThan(0);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  await expect(page).toHaveURL(/\/dashboard\/myProduct$/);
  await expect(page.getByText(`${carName} added with 3 photos`)).toBeVisible();
  let car = await carNamed(page, carName);
  expect(car.photos).toHaveLength(3);
  // Upright: the sideways 1200×800 phone picture is served 800×1200, and it is the cover.
  expect([car.photos[0]!.width, car.photos[0]!.height]).toEqual([800, 1200]);
  expect(car.img).toBe(car.photos[0]!.src);

  // Nothing of where (or with what) it was taken, in any format or size.
  for (const format of ['avif', 'webp', 'jpeg'] as const) {
    for (const variant of car.photos[0]!.variants[format]) {
      const served = await page.request.get(variant.url.startsWith('/') ? `${SITE.api}${variant.url}` : variant.url);
      expect(served.headers()['content-type']).toBe(format === 'jpeg' ? 'image/jpeg' : `image/${format}`);
      expect(served.headers()['cache-control']).toContain('immutable');
      const metadata = await sharp(await served.body()).metadata();
      expect(metadata.exif, `${format} ${variant.width}`).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.orientation ?? 1).toBe(1);
    }
  }

  // Edit photos: the cover is marked; a new order by the buttons is saved at once and img follows.
  await page.getByRole('button', { name: `Edit photos (3), ${carName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Photos of ${carName}` });
  const tiles = dialog.getByRole('list', { name: 'Photos, the cover first' }).getByRole('listitem');
  await expect(tiles).toHaveCount(3);
  await expect(tiles.first()).toContainText('Cover');
  const firstId = car.photos[0]!.id;
  await dialog.getByRole('button', { name: 'Make cover, photo 3' }).click();
  await expect.poll(async () => (await carNamed(page, carName)).photos.map((photo) => photo.id)).toEqual([car.photos[2]!.id, firstId, car.photos[1]!.id]);
  car = await carNamed(page, carName);
  expect(car.img).toBe(car.photos[0]!.src);

  // A file that is not a picture, whatever its name, is refused next to it; nothing else changes.
  await dialog.getByLabel('Add photos').setInputFiles([{ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just some text, not a photo') }]);
  const refused = dialog.getByRole('listitem').filter({ hasText: 'notes.jpg' });
  await expect(refused.getByRole('alert')).toContainText('notes.jpg is not a picture');
  // On a phone the dialog, its photos and its upload rows fit the screen: nothing scrolls sideways.
  const dialogWidths = await dialog.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  expect(dialogWidths.scroll).toBeLessThanOrEqual(dialogWidths.client);
  await dialog.getByRole('button', { name: 'Remove notes.jpg' }).click();
  await expect(refused).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await carNamed(page, carName)).photos).toHaveLength(3);
});
