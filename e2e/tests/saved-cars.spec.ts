// Pipelines: catalog, dashboard
import { randomBytes } from 'node:crypto';
import { expect, test } from '../support/test';
import { listCar, newAccount } from '../support/accounts';
import { logIn } from '../support/auth';
import { changeListing, expectAxeClean } from '../support/market';
import { hydrated } from '../support/hydration';
import { rowOf } from '../support/tables';

/**
 * Saved cars (docs/product.md, "Saved cars"): a buyer saves a car on one device and
 * finds it on another; a visitor's heart leads to the login and back to the car; a price cut
 * shows on the car's page and in Saved cars; a car its seller withdrew leaves the list with the seller's note.
 */
for (const width of [375, 1280]) {
  test(`a saved car is on every device of the buyer's, and leaves with a note when withdrawn (${width} px)`, async ({ browser, page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const seller = await newAccount(request, 'Seller');
    const buyer = await newAccount(request, 'Buyer');
    const carName = `Honda Accord ${randomBytes(3).toString('hex')}`;
    const carId = await listCar(request, seller, { carName, category: 'honda' });

    // A visitor's heart: the login, then back to the same car, where the heart now saves.
    await page.goto(`/hondas/${carId}`);
    await (await hydrated(page.getByRole('button', { name: 'Save car' }))).click();
    await expect(page).toHaveURL(/\/login$/);
    // Log Out, which logIn waits for, is behind the Menu button on a phone.
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page, buyer.email, buyer.password);
    await page.setViewportSize({ width, height: 900 });
    await expect(page).toHaveURL(new RegExp(`/hondas/${carId}$`));
    const heart = page.getByRole('button', { name: 'Save car' });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(page.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    const box = await page.getByRole('button', { name: 'Saved' }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await expectAxeClean(page);

    // Another device: a fresh browser, the same buyer.
    const other = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await logIn(other, buyer.email, buyer.password);
    await other.setViewportSize({ width, height: 900 });
    await other.goto('/dashboard/savedCars');
    const table = other.getByRole('table', { name: 'Saved cars' });
    await expect(table.getByRole('link', { name: carName })).toHaveAttribute('href', `/hondas/${carId}`);
    await expectAxeClean(other);

    // The seller cuts the price: the car's page says so.
    await changeListing(request, seller, carId, { currentPrice: 20300 });
    await other.goto(`/hondas/${carId}`);
    const today = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date());
    await expect(other.getByText(`Price dropped $1,200 on ${today}`)).toBeVisible();
    await expectAxeClean(other);
    // And so does the Saved cars table, under the new price.
    await other.goto('/dashboard/savedCars');
    const saved = await rowOf(other, 'Saved cars', carName);
    await expect(saved).toContainText('$20,300');
    await expect(saved).toContainText(`Price dropped $1,200 on ${today}`);
    await expectAxeClean(other);

    // The seller withdraws it: its page says why (a 410), and the saved list shows it gone with that note.
    await changeListing(request, seller, carId, { status: 'withdrawn' });
    const response = await other.goto(`/hondas/${carId}`);
    expect(response?.status()).toBe(410);
    await expect(other.getByRole('heading', { level: 1, name: 'No longer listed' })).toBeVisible();
    await expect(other.getByText('The seller withdrew this listing')).toBeVisible();
    await other.goto('/dashboard/savedCars');
    await expect(other.getByRole('region', { name: 'No longer listed' })).toContainText(`${carName}: The seller withdrew this listing`);
    await expectAxeClean(other);
  });
}
