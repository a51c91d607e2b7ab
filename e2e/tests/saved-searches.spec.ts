// Pipelines: catalog, dashboard
import { randomBytes } from 'node:crypto';
import { expect, test } from '../support/test';
import { listCar, newAccount } from '../support/accounts';
import { logIn } from '../support/auth';
import { caughtMails, expectAxeClean } from '../support/market';
import { hydrated } from '../support/hydration';

/**
 * Saved searches that alert (docs/product.md, "Saved searches and alerts"): a buyer saves
 * a brand list's search, a seller lists a car it matches, and the buyer is told in the bell and
 * by a mail the site's mail catcher receives.
 */
for (const width of [375, 1280]) {
  test(`a saved search tells its buyer of a new match: the bell and a mail (${width} px)`, async ({ page, request }) => {
    const seller = await newAccount(request, 'Seller');
    const buyer = await newAccount(request, 'Buyer');
    const token = `civic${randomBytes(3).toString('hex')}`;

    // Log Out, which logIn waits for, is behind the Menu button on a phone.
    await logIn(page, buyer.email, buyer.password);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/hondas?q=${token}&maxPrice=30000`);
    await (await hydrated(page.getByRole('button', { name: 'Save this search' }))).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    const name = dialog.getByLabel('Name');
    await expect(name).toHaveValue(`Honda cars, “${token}”, under $30,000`);
    await expectAxeClean(page);
    await name.fill(`My ${token}`);
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await expect(page.getByText(`Search saved: My ${token}`)).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.goto('/dashboard/savedSearches');
    const open = page.getByRole('link', { name: `Open My ${token}` });
    await expect(open).toHaveAttribute('href', `/hondas?q=${token}&maxPrice=30000`);
    await expectAxeClean(page);

    // A seller lists a car the search shows.
    const carName = `Honda Civic ${token}`;
    const carId = await listCar(request, seller, { carName, category: 'honda' });

    await page.goto('/');
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect(bell).toBeVisible();
    await bell.click();
    const list = page.getByRole('region', { name: 'Notifications' });
    const link = list.getByRole('link', { name: `New match for "My ${token}": ${carName} at $21,500` });
    await expect(link).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();
    const panel = await list.boundingBox();
    expect(panel!.x).toBeGreaterThanOrEqual(0);
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(width);
    await expectAxeClean(page);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/hondas/${carId}$`));

    // The mail, through the outbox to the site's SMTP catcher.
    await expect.poll(() => caughtMails(buyer.email).some((mail) => mail.text.includes(carName)), { timeout: 75_000 }).toBe(true);
  });
}

test('more unread notifications than the list shows: the older ones are marked read with one press', async ({ page, request }) => {
  const seller = await newAccount(request, 'Seller');
  const buyer = await newAccount(request, 'Buyer');
  const token = `fit${randomBytes(3).toString('hex')}`;
  await logIn(page, buyer.email, buyer.password);
  await page.goto(`/hondas?q=${token}`);
  await (await hydrated(page.getByRole('button', { name: 'Save this search' }))).click();
  await page.getByRole('dialog', { name: 'Save this search' }).getByRole('button', { name: 'Save search' }).click();
  await expect(page.getByText(/^Search saved: /)).toBeVisible();

  // The list shows the latest 20; two more matches stay unread once it is opened.
  for (let i = 0; i < 22; i += 1) await listCar(request, seller, { carName: `Honda Fit ${token} ${i}`, category: 'honda' });
  await page.goto('/about');
  const bell = page.getByRole('button', { name: 'Notifications, 22 unread' });
  await (await hydrated(bell)).click();
  const list = page.getByRole('region', { name: 'Notifications' });
  await expect(list.getByRole('listitem')).toHaveCount(20);
  await expect(list.getByText('2 older notifications are unread.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();
  await list.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();
  await expect(list.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
  await expectAxeClean(page);
});
